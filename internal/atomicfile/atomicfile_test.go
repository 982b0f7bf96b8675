package atomicfile

import (
	"os"
	"path/filepath"
	"testing"
)

// TestWriteFile: a new file and a replaced one get the content and exactly
// the mode asked for, and no temporary file stays behind.
func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "history")
	if err := os.WriteFile(path, []byte("old, readable by all\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, content := range []string{"new\n", ""} {
		if err := WriteFile(path, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(path)
		if err != nil || string(got) != content {
			t.Fatalf("content %q (%v), want %q", got, err, content)
		}
		if st, _ := os.Stat(path); st.Mode().Perm() != 0o600 {
			t.Fatalf("mode %v, want 0600", st.Mode().Perm())
		}
	}
	if err := WriteFile(filepath.Join(dir, "fresh.txt"), []byte("x"), 0o640); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(filepath.Join(dir, "fresh.txt")); st.Mode().Perm() != 0o640 {
		t.Fatalf("new file mode %v, want 0640", st.Mode().Perm())
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Fatalf("left behind: %v", entries)
	}
}

// TestWriteFileMissingDirectory: a write into a directory that does not
// exist fails and creates nothing.
func TestWriteFileMissingDirectory(t *testing.T) {
	dir := t.TempDir()
	if err := WriteFile(filepath.Join(dir, "no", "such", "file"), []byte("x"), 0o600); err == nil {
		t.Fatal("no error")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Fatalf("created %v", entries)
	}
}
