package event

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestImportsNoWtagentPackage keeps the schema a leaf: it imports no
// package of wtagent (messages least of all), so no in-memory type can
// become part of the log by being named here.
func TestImportsNoWtagentPackage(t *testing.T) {
	n := 0
	for name, f := range sourceFiles(t, ".", parser.ImportsOnly) {
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

// sourceFiles parses the package's non-test files in dir.
func sourceFiles(t *testing.T, dir string, mode parser.Mode) map[string]*ast.File {
	t.Helper()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]*ast.File{}
	fset := token.NewFileSet()
	for _, name := range names {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, mode)
		if err != nil {
			t.Fatal(err)
		}
		files[name] = f
	}
	if len(files) == 0 {
		t.Fatalf("no Go files in %s", dir)
	}
	return files
}
