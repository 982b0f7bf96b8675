package messages

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// statusShape are the types of the status socket's answer, which
// `wtagent status --json` prints: JSON, but never in the event log.
var statusShape = map[string]bool{"Status": true, "ActorInfo": true, "CurrentTool": true}

// TestNoPersistedTypes fails when messages declares a JSON-tagged type
// again: what the event log holds is declared in session/event, with its
// format version and golden shapes, so that renaming a field of an
// in-memory message cannot silently change the log.
func TestNoPersistedTypes(t *testing.T) {
	for _, f := range sourceFiles(t, ".", 0) {
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.TYPE {
				continue
			}
			for _, s := range g.Specs {
				ts := s.(*ast.TypeSpec)
				st, ok := ts.Type.(*ast.StructType)
				if !ok || statusShape[ts.Name.Name] {
					continue
				}
				for _, field := range st.Fields.List {
					if field.Tag != nil && strings.Contains(field.Tag.Value, "json:") {
						t.Errorf("messages.%s has JSON tags (%s): a type the log holds belongs in session/event", ts.Name.Name, field.Tag.Value)
					}
				}
			}
		}
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
