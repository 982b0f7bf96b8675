//go:build !wtfault

package tools

import (
	"os"
	"path/filepath"
	"testing"
)

// TestWriteIgnoresTheFaultVariable: the shipped build (no tag wtfault)
// ignores WTAGENT_FAULT_WRITE_KILL; with the hook in, this test's own
// process would be killed before the rename.
func TestWriteIgnoresTheFaultVariable(t *testing.T) {
	t.Setenv(faultKillEnv, "1")
	dir := t.TempDir()
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	if _, err := writeAtomic(root, "sub/a.txt", []byte("written\n"), nil); err != nil {
		t.Fatal(err)
	}
	if got, err := os.ReadFile(filepath.Join(dir, "sub", "a.txt")); err != nil || string(got) != "written\n" {
		t.Fatalf("a.txt = %q, %v", got, err)
	}
}
