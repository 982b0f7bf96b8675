#!/usr/bin/env bash
# Rebuilds prosemirror.bundle.js, prosemirror.css and PROSEMIRROR-LICENSE.txt
# of the mock ChatGPT page from the npm packages pinned in bundle/package.json
# and bundle/package-lock.json. Needs node and npm; node_modules lives in a
# temporary directory and never in the repository.
#
#   browser/mockchat/assets/build-bundle.sh               rebuild from the lock
#   browser/mockchat/assets/build-bundle.sh --update-lock re-resolve bundle/package.json first
#
# The committed lock keeps the integrity hashes but no "resolved" URLs, so
# npm fetches from whatever registry it is configured with.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cp "$here/bundle/package.json" "$here/bundle/package-lock.json" "$here/bundle/entry.js" "$work/"
cd "$work"
if [[ "${1:-}" == "--update-lock" ]]; then
	rm -f package-lock.json
	npm install --package-lock-only --no-audit --no-fund --loglevel=error
	node -e '
		const fs = require("fs");
		const lock = JSON.parse(fs.readFileSync("package-lock.json"));
		for (const p of Object.values(lock.packages)) delete p.resolved;
		fs.writeFileSync("package-lock.json", JSON.stringify(lock, null, 2) + "\n");'
	cp package-lock.json "$here/bundle/package-lock.json"
fi
npm ci --no-audit --no-fund --loglevel=error

./node_modules/.bin/esbuild entry.js \
	--bundle --format=iife --global-name=PM --target=es2020 \
	--minify --legal-comments=none --charset=utf8 \
	--banner:js="/* ProseMirror (MIT, see PROSEMIRROR-LICENSE.txt), bundled by browser/mockchat/assets/build-bundle.sh with esbuild $(./node_modules/.bin/esbuild --version). */" \
	--outfile="$work/prosemirror.bundle.js"

cp "$work/prosemirror.bundle.js" "$here/prosemirror.bundle.js"
cp node_modules/prosemirror-view/style/prosemirror.css "$here/prosemirror.css"

# The licence file: every bundled package with its version and notice.
{
	echo "The file prosemirror.bundle.js bundles the following npm packages."
	echo "Each is under the MIT licence; its notice follows."
	for pkg in $(node -e '
		const lock = require("./package-lock.json");
		const names = Object.keys(lock.packages)
			.filter(p => p.startsWith("node_modules/") && !lock.packages[p].dev)
			.map(p => p.slice("node_modules/".length));
		console.log(names.sort().join("\n"));'); do
		version="$(node -p "require('./node_modules/$pkg/package.json').version")"
		echo
		echo "================================================================"
		echo "$pkg $version"
		echo "================================================================"
		cat "node_modules/$pkg/LICENSE"
	done
} >"$here/PROSEMIRROR-LICENSE.txt"

echo "built $here/prosemirror.bundle.js ($(wc -c <"$here/prosemirror.bundle.js") bytes)"
