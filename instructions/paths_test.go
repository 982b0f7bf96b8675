package instructions

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestPaths: a project's instruction files by path, an empty list for a
// project without any, nil for a directory that cannot be opened.
func TestPaths(t *testing.T) {
	dir := t.TempDir()
	if got := Paths(dir, 100); got == nil || len(got) != 0 {
		t.Fatalf("no files: %#v", got)
	}
	if err := os.MkdirAll(filepath.Join(dir, "web"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"AGENTS.md", "web/CLAUDE.md"} {
		if err := os.WriteFile(filepath.Join(dir, p), []byte("be brief\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if got := Paths(dir, 100); !slices.Equal(got, []string{"AGENTS.md", "web/CLAUDE.md"}) {
		t.Fatalf("files: %#v", got)
	}
	if got := Paths(filepath.Join(dir, "missing"), 100); got != nil {
		t.Fatalf("missing directory: %#v", got)
	}
}
