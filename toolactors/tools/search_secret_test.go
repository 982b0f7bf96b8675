package tools

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/internal/tooltest"
	"github.com/wtagent/wtagent/protocol"
	"github.com/wtagent/wtagent/sandbox"
)

// TestSearchSkipsCredentialFiles: a search never returns the content of a
// file that looks like credentials (reading one asks first; a search must
// not be the way around that), with either engine.
func TestSearchSkipsCredentialFiles(t *testing.T) {
	bd := tooltest.NewBoundary(t)
	for name, body := range map[string]string{
		"app.go":            "token := load() // needle\n",
		"id_rsa":            "-----BEGIN OPENSSH PRIVATE KEY----- needle\n",
		"deploy/server.pem": "needle\n",
		"terraform.tfstate": "{\"needle\": 1}\n",
		"docs/notes.md":     "needle in a doc\n",
	} {
		p := filepath.Join(bd.Dir(), name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for _, noRG := range []bool{true, false} {
		d := Deps{Paths: bd, NoRipgrep: noRG}
		res := Run(context.Background(), d, tooltest.Invoke(protocol.ToolFSSearch, &protocol.FSSearchArgs{Pattern: "needle", Path: ".", MaxResults: 50}))
		if res.Status != event.ToolOK {
			t.Fatalf("search: %s", res.Message)
		}
		got := map[string]bool{}
		for _, h := range tooltest.Decode[SearchResult](t, res).Hits {
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

// TestSearchSkipsConcealedTrees: when the project holds wtagent's data
// directory or the user's credential stores (the project is the home),
// a search never returns a line from them, with either engine, whether
// or not the sandbox confines commands.
func TestSearchSkipsConcealedTrees(t *testing.T) {
	bd := tooltest.NewBoundary(t)
	for name, body := range map[string]string{
		"app.go":                                  "needle in the code\n",
		"wtdata/sessions/s1/events.jsonl":         "{\"agent_protocol\": \"needle\"}\n",
		"Library/Keychains/login.txt":             "needle in a keychain\n",
		"Library/Application Support/notes/a.txt": "needle in notes\n",
		"wtdata-not/kept.txt":                     "needle kept\n",
	} {
		p := filepath.Join(bd.Dir(), name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	sb, err := sandbox.New(sandbox.Spec{Mode: sandbox.Off, Root: bd.Dir(), Home: bd.Dir(), DataDir: filepath.Join(bd.Dir(), "wtdata")})
	if err != nil {
		t.Fatal(err)
	}
	for _, noRG := range []bool{true, false} {
		for _, dir := range []string{".", "wtdata", "Library"} {
			d := Deps{Paths: bd, NoRipgrep: noRG, Sandbox: sb}
			res := Run(context.Background(), d, tooltest.Invoke(protocol.ToolFSSearch, &protocol.FSSearchArgs{Pattern: "needle", Path: dir, MaxResults: 50}))
			if res.Status != event.ToolOK {
				t.Fatalf("search %s: %s", dir, res.Message)
			}
			got := map[string]bool{}
			for _, h := range tooltest.Decode[SearchResult](t, res).Hits {
				got[h.Path] = true
			}
			if dir == "." && (!got["app.go"] || !got["wtdata-not/kept.txt"] || !got["Library/Application Support/notes/a.txt"]) {
				t.Errorf("noRG=%v: ordinary files missing: %v", noRG, got)
			}
			for _, hidden := range []string{"wtdata/sessions/s1/events.jsonl", "Library/Keychains/login.txt"} {
				if got[hidden] {
					t.Errorf("noRG=%v, path %s: search returned %s", noRG, dir, hidden)
				}
			}
		}
	}
}
