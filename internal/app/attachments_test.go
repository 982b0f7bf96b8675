package app

import (
	"os"
	"path/filepath"
	"testing"
)

func TestFindAttachments(t *testing.T) {
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "docs"), 0o755)
	os.WriteFile(filepath.Join(root, "docs", "spec.md"), []byte("spec"), 0o644)
	os.WriteFile(filepath.Join(root, "my notes.txt"), []byte("notes"), 0o644)
	got := FindAttachments(`see @docs/spec.md, and @"my notes.txt"; mail me at a@b.com; @missing.txt @docs; npm i -D @types/node, @Override, ask @alice`, root)
	want := map[string]string{
		filepath.Join(root, "docs", "spec.md"): "",
		filepath.Join(root, "my notes.txt"):    "",
		filepath.Join(root, "docs"):            "not a regular file",
	}
	if len(got) != len(want) {
		t.Fatalf("attachments %+v", got)
	}
	for _, a := range got {
		problem, ok := want[a.Path]
		if !ok || problem != a.Problem {
			t.Errorf("%s: problem %q, want %q (known: %v)", a.Path, a.Problem, problem, ok)
		}
	}
}
