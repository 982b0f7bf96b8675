package root

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestNoVerbImportsAVerb: a command package under cmd/ (every one but
// root, which assembles them, and the mains) imports no other command
// package; what two verbs share lives under internal/.
func TestNoVerbImportsAVerb(t *testing.T) {
	const cmdPath = "github.com/wtagent/wtagent/cmd/"
	dirs, err := os.ReadDir("..")
	if err != nil {
		t.Fatal(err)
	}
	verbs := 0
	for _, d := range dirs {
		switch name := d.Name(); {
		case !d.IsDir(), name == "root", name == "wtagent", name == "wtbench", name == "wtrelease":
			continue
		}
		files, err := filepath.Glob(filepath.Join("..", d.Name(), "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		verbs++
		for _, file := range files {
			if strings.HasSuffix(file, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range f.Imports {
				if p, _ := strconv.Unquote(imp.Path.Value); strings.HasPrefix(p, cmdPath) {
					t.Errorf("%s imports %s: a verb imports no other verb", file, p)
				}
			}
		}
	}
	if verbs < 10 {
		t.Fatalf("found %d verb packages under cmd/, want the dozen wtagent has", verbs)
	}
}
