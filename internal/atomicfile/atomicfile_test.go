package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
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

// TestInRoot: a write through an os.Root creates a file with the umask's
// mode, replaces one keeping the mode asked for (setuid included), leaves
// no temporary file, reports each fsync, and a failing BeforeRename leaves
// the old content and no temporary file.
func TestInRoot(t *testing.T) {
	dir := t.TempDir()
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	var synced []string
	w := InRoot{Root: root, Synced: func(n string) { synced = append(synced, n) }}
	fi, err := w.WriteFile("sub/a.txt", []byte("one"))
	if err != nil {
		t.Fatal(err)
	}
	if want := os.FileMode(0o666) &^ umask(); fi.Mode().Perm() != want {
		t.Fatalf("new file mode %v, want %v", fi.Mode().Perm(), want)
	}
	if len(synced) != 2 || !strings.HasPrefix(synced[0], "sub/.a.txt.tmp-") || synced[1] != "sub" {
		t.Fatalf("synced %q", synced)
	}
	w.Perm = 0o750 | os.ModeSetuid
	w.TempPattern = "a.txt.save-*.tmp"
	if _, err := w.WriteFile("sub/a.txt", []byte("two")); err != nil {
		t.Fatal(err)
	}
	if st, _ := os.Stat(filepath.Join(dir, "sub", "a.txt")); st.Mode()&(os.ModePerm|os.ModeSetuid) != 0o750|os.ModeSetuid {
		t.Fatalf("mode %v, want u+s 0750", st.Mode())
	}
	if !strings.HasPrefix(synced[2], "sub/a.txt.save-") || !strings.HasSuffix(synced[2], ".tmp") {
		t.Fatalf("temp name %q", synced[2])
	}
	boom := errors.New("crash")
	w.BeforeRename = func(string) error { return boom }
	if _, err := w.WriteFile("sub/a.txt", []byte("three")); !errors.Is(err, boom) {
		t.Fatalf("err %v, want the hook's", err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "sub", "a.txt")); string(got) != "two" {
		t.Fatalf("content %q after an aborted write", got)
	}
	if entries, _ := os.ReadDir(filepath.Join(dir, "sub")); len(entries) != 1 {
		t.Fatalf("left behind: %v", entries)
	}
	if _, err := w.WriteFile("../escape.txt", []byte("x")); err == nil {
		t.Fatal("a write outside the root succeeded")
	}
}
