// Package mockassets holds the mock ChatGPT page of package
// browser/mockchat: its HTML templates, JavaScript and CSS, and the
// committed ProseMirror bundle with its licence. build-bundle.sh rebuilds
// the bundle from the npm packages pinned in bundle/.
package mockassets

import (
	"embed"
	"io/fs"
)

//go:embed *.html *.js *.css PROSEMIRROR-LICENSE.txt
var files embed.FS

// FS returns the page's files.
func FS() fs.FS { return files }
