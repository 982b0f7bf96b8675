package toolactors

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/protocol"
)

// TestSearchSkipsCredentialFiles: a search never returns the content of a
// file that looks like credentials (reading one asks first; a search must
// not be the way around that), with either engine.
func TestSearchSkipsCredentialFiles(t *testing.T) {
	bd := newBoundary(t)
	for name, body := range map[string]string{
		"app.go":            "token := load() // needle\n",
		"id_rsa":            "-----BEGIN OPENSSH PRIVATE KEY----- needle\n",
		"deploy/server.pem": "needle\n",
		"terraform.tfstate": "{\"needle\": 1}\n",
		"docs/notes.md":     "needle in a doc\n",
	} {
		p := filepath.Join(bd.dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for _, noRG := range []bool{true, false} {
		d := Deps{Paths: bd, NoRipgrep: noRG}
		res := Run(context.Background(), d, invoke(protocol.ToolFSSearch, &protocol.FSSearchArgs{Pattern: "needle", Path: ".", MaxResults: 50}))
		if res.Status != messages.ToolOK {
			t.Fatalf("search: %s", res.Message)
		}
		got := map[string]bool{}
		for _, h := range decode[SearchResult](t, res).Hits {
			got[h.Path] = true
		}
		if !got["app.go"] || !got["docs/notes.md"] {
			t.Errorf("noRG=%v: ordinary files missing: %v", noRG, got)
		}
		for _, secret := range []string{"id_rsa", "deploy/server.pem", "terraform.tfstate"} {
			if got[secret] {
				t.Errorf("noRG=%v: search returned %s", noRG, secret)
			}
		}
	}
}
