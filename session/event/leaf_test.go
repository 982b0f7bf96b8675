package event

import (
	"go/parser"
	"go/token"
	"os"
	"strconv"
	"strings"
	"testing"
)

// TestImportsNoWtagentPackage keeps the schema a leaf: it imports no
// package of wtagent (messages least of all), so no in-memory type can
// become part of the log by being named here.
func TestImportsNoWtagentPackage(t *testing.T) {
	pkgs, err := parser.ParseDir(token.NewFileSet(), ".", func(fi os.FileInfo) bool {
		return !strings.HasSuffix(fi.Name(), "_test.go")
	}, parser.ImportsOnly)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for name, f := range pkgs["event"].Files {
		for _, imp := range f.Imports {
			n++
			path, _ := strconv.Unquote(imp.Path.Value)
			if path == "github.com/wtagent/wtagent" || strings.HasPrefix(path, "github.com/wtagent/wtagent/") {
				t.Errorf("%s imports %s", name, path)
			}
		}
	}
	if n == 0 {
		t.Fatal("no imports found: the test reads the wrong directory")
	}
}
