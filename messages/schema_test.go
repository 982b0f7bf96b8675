package messages

import (
	"go/ast"
	"go/token"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/internal/gosrctest"
)

// statusShape are the types of the status socket's answer, which
// `wtagent status --json` prints: JSON, but never in the event log.
var statusShape = map[string]bool{"Status": true, "ActorInfo": true, "CurrentTool": true}

// TestNoPersistedTypes fails when messages declares a JSON-tagged type
// again: what the event log holds is declared in session/event, with its
// format version and golden shapes, so that renaming a field of an
// in-memory message cannot silently change the log.
func TestNoPersistedTypes(t *testing.T) {
	for _, f := range gosrctest.Files(t, ".", 0) {
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
