// Package applypatch parses and applies patches in the apply_patch format
// the models behind ChatGPT are trained on (Codex's):
//
//	*** Begin Patch
//	*** Add File: web/index.html
//	+<h1>Hello</h1>
//	*** Update File: main.go
//	*** Move to: cmd/app/main.go
//	@@ func main() {
//	 	fmt.Println("a")
//	-	fmt.Println("b")
//	+	fmt.Println("c")
//	*** Delete File: old.go
//	*** End Patch
//
// Parse is strict: a line it does not understand is an error naming it.
// It makes only the repairs that cannot change what the patch means: CRLF
// line ends, a missing final newline, blank lines around the patch, and a
// blank line inside a hunk read as an empty context line. Locate finds
// where each hunk of an Update applies, exactly or, when that fails, with
// trailing spaces ignored (the file's own lines are kept either way); a
// hunk found nowhere, or in more than one place, is an error naming the
// file, the hunk and the nearest matching lines. The package does no I/O:
// the fs.patch tool reads the files, checks them and writes the results.
package applypatch
