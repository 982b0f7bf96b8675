package instructions

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func project(t *testing.T, files map[string]string) *os.Root {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close() })
	return r
}

func paths(fs []File) string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Path)
	}
	return strings.Join(out, ",")
}

func TestOnTheWay(t *testing.T) {
	r := project(t, map[string]string{
		"AGENTS.md":         "root rule",
		"CLAUDE.md":         "ignored: AGENTS.md wins",
		"web/CLAUDE.md":     "web rule",
		"web/src/app.js":    "",
		"web/src/AGENTS.md": "src rule",
		"api/main.go":       "",
		"big/AGENTS.md":     strings.Repeat("x", MaxSize+10),
	})
	tests := []struct{ rel, want string }{
		{"web/src/app.js", "AGENTS.md,web/CLAUDE.md,web/src/AGENTS.md"},
		{"web/src", "AGENTS.md,web/CLAUDE.md,web/src/AGENTS.md"},
		{"web/new/file.txt", "AGENTS.md,web/CLAUDE.md"},
		{"api/main.go", "AGENTS.md"},
		{".", "AGENTS.md"},
		{"../outside", ""},
		{"/etc/passwd", ""},
	}
	for _, tt := range tests {
		if got := paths(OnTheWay(r, tt.rel)); got != tt.want {
			t.Errorf("OnTheWay(%q) = %q, want %q", tt.rel, got, tt.want)
		}
	}
	if f, _ := InDir(r, "."); f.Text != "root rule" {
		t.Errorf("root text = %q", f.Text)
	}
	if f, _ := InDir(r, "big"); !f.Cut || len(f.Text) != MaxSize {
		t.Errorf("big file: cut %v, %d bytes", f.Cut, len(f.Text))
	}
	if got := paths(All(r, 10)); got != "AGENTS.md,big/AGENTS.md,web/CLAUDE.md,web/src/AGENTS.md" {
		t.Errorf("All = %q", got)
	}
}
