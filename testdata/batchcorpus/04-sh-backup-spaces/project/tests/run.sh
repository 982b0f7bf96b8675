#!/bin/sh
# Tests of bin/backup.sh, each in a fresh temporary directory.
set -eu

here=$(cd "$(dirname "$0")/.." && pwd)
fails=0

check() {
	if [ "$2" = "$3" ]; then
		echo "ok   $1"
	else
		echo "FAIL $1: got [$2], want [$3]"
		fails=$((fails + 1))
	fi
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"

mkdir -p "$tmp/site/img"
echo hi > "$tmp/site/index.html"
echo png > "$tmp/site/img/logo.png"
sh "$here/bin/backup.sh" "$tmp/site" "$tmp/out" > /dev/null
check "copies the files" "$(cat "$tmp/out/site.bak/index.html")" "hi"
check "writes the manifest" "$(cat "$tmp/out/site.bak/MANIFEST" | tr '\n' ' ')" "./img/logo.png ./index.html "

if [ "$fails" -ne 0 ]; then
	echo "$fails failed"
	exit 1
fi
echo "all passed"
