package event

import (
	"go/parser"
	"strconv"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/internal/gosrctest"
)

// TestImportsNoWtagentPackage keeps the schema a leaf: it imports no
// package of wtagent (messages least of all), so no in-memory type can
// become part of the log by being named here.
func TestImportsNoWtagentPackage(t *testing.T) {
	n := 0
	for name, f := range gosrctest.Files(t, ".", parser.ImportsOnly) {
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
