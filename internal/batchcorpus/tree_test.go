package batchcorpus

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTreeCopy: a copied project has the same Tree; caches and wtagent's
// temporary files are not part of it; content and the executable bit are.
func TestTreeCopy(t *testing.T) {
	src, dst := t.TempDir(), filepath.Join(t.TempDir(), "copy")
	write := func(root, rel, body string, mode os.FileMode) {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), mode); err != nil {
			t.Fatal(err)
		}
	}
	write(src, "a.py", "print(1)\n", 0o644)
	write(src, "bin/run.sh", "#!/bin/sh\n", 0o755)
	if err := CopyTree(src, dst); err != nil {
		t.Fatal(err)
	}
	want, err := Tree(src)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(want, " exec bin/run.sh\n") || !strings.Contains(want, " file a.py\n") {
		t.Fatalf("tree:\n%s", want)
	}
	write(dst, "__pycache__/a.cpython-311.pyc", "junk", 0o644)
	write(dst, ".a.py.wtagent-123-abcdef.tmp", "half", 0o644)
	if got, _ := Tree(dst); got != want {
		t.Fatalf("copy:\n%s\nwant:\n%s", got, want)
	}
	for name, change := range map[string]func(){
		"content": func() { write(dst, "a.py", "print(2)\n", 0o644) },
		"mode":    func() { os.Chmod(filepath.Join(dst, "a.py"), 0o755) },
		"new":     func() { write(dst, "b.txt", "", 0o644) },
	} {
		change()
		if got, _ := Tree(dst); got == want {
			t.Errorf("%s: the tree did not change", name)
		}
		os.RemoveAll(dst)
		if err := CopyTree(src, dst); err != nil {
			t.Fatal(err)
		}
	}
}
