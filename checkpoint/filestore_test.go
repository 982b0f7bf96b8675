package checkpoint

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFileStoreLeavesOut: version control data, dependency caches, files
// over maxSnapshotFile and special files are not snapshotted.
func TestFileStoreLeavesOut(t *testing.T) {
	s, root := newProject(t, "files")
	put(t, root, "keep.txt", "kept\n", 0o644)
	for _, rel := range []string{".hg/store", ".svn/entries", "node_modules/x/index.js", "sub/node_modules/y.js"} {
		put(t, root, rel, "skipped\n", 0o644)
	}
	big, err := os.Create(filepath.Join(root, "big.bin"))
	if err != nil {
		t.Fatal(err)
	}
	if err := big.Truncate(maxSnapshotFile + 1); err != nil { // sparse: no 32 MB written
		t.Fatal(err)
	}
	big.Close()
	put(t, root, "at-limit.bin", "", 0o644)
	if err := os.Truncate(filepath.Join(root, "at-limit.bin"), 1<<10); err != nil {
		t.Fatal(err)
	}
	m := manifest(t, s, take(t, s))
	if got := strings.Join(m.Paths(), " "); got != "at-limit.bin keep.txt" {
		t.Fatalf("snapshot holds %q, want at-limit.bin keep.txt", got)
	}
}

// TestFileStoreIDIsTheContent: the same files give the same snapshot id
// (the hash of the manifest), and one object per distinct content.
func TestFileStoreIDIsTheContent(t *testing.T) {
	s, root := newProject(t, "files")
	put(t, root, "a.txt", "same\n", 0o644)
	put(t, root, "b.txt", "same\n", 0o644)
	first := take(t, s)
	put(t, root, "a.txt", "other\n", 0o644)
	take(t, s)
	put(t, root, "a.txt", "same\n", 0o644)
	if again := take(t, s); again != first {
		t.Errorf("the same files gave snapshot %s, then %s", first, again)
	}
	objs, err := os.ReadDir(filepath.Join(s.(*fileStore).dir, "objects"))
	if err != nil {
		t.Fatal(err)
	}
	if len(objs) != 2 {
		t.Errorf("%d objects for two distinct contents", len(objs))
	}
}

// TestFileStoreWritesDurably: every object and manifest is fsynced as a
// temporary file before it is renamed into place, then its directory is
// fsynced; no temporary file is left.
func TestFileStoreWritesDurably(t *testing.T) {
	s, root := newProject(t, "files")
	fs := s.(*fileStore)
	var synced []string
	fs.synced = func(name string) { synced = append(synced, name) }
	put(t, root, "a.txt", "a\n", 0o644)
	id := take(t, s)
	want := []string{"tmp", ".", "tmp", "."} // the object, then the manifest
	if len(synced) != len(want) {
		t.Fatalf("fsyncs %q, want a temporary file then its directory, twice", synced)
	}
	for i, name := range synced {
		if (want[i] == ".") != (name == ".") || (want[i] == "tmp" && !strings.HasPrefix(name, ".tmp-")) {
			t.Fatalf("fsyncs %q, want a temporary file then its directory, twice", synced)
		}
	}
	for _, d := range []string{"objects", "manifests"} {
		ents, err := os.ReadDir(filepath.Join(fs.dir, d))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range ents {
			if strings.HasPrefix(e.Name(), ".tmp-") {
				t.Errorf("temporary file %s/%s left", d, e.Name())
			}
			if fi, _ := e.Info(); fi.Mode().Perm() != 0o600 {
				t.Errorf("%s/%s mode %v, want 0600", d, e.Name(), fi.Mode().Perm())
			}
		}
	}
	if _, err := os.Stat(filepath.Join(fs.dir, "manifests", id+".json")); err != nil {
		t.Fatal(err)
	}
	synced = nil
	take(t, s) // nothing new to write
	if len(synced) != 0 {
		t.Errorf("an unchanged project wrote again: %q", synced)
	}
}

// TestGitStoreLeavesTheUsersRepositoryAlone: ghost commits go to the
// store's own repository; the user's HEAD, index and refs are untouched,
// and the user's .gitignore applies.
func TestGitStoreLeavesTheUsersRepositoryAlone(t *testing.T) {
	s, root := newProject(t, "git")
	put(t, root, ".gitignore", "build/\n", 0o644)
	put(t, root, "build/out.o", "object\n", 0o644)
	put(t, root, "main.c", "int main;\n", 0o644)
	before := snapshotDir(t, filepath.Join(root, ".git"))
	m := manifest(t, s, take(t, s))
	if got := strings.Join(m.Paths(), " "); got != ".gitignore main.c" {
		t.Errorf("snapshot holds %q, want .gitignore main.c", got)
	}
	if after := snapshotDir(t, filepath.Join(root, ".git")); after != before {
		t.Errorf("the user's .git changed:\n%s\nbecame\n%s", before, after)
	}
}

// snapshotDir lists a directory tree's files with their sizes.
func snapshotDir(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		b.WriteString(rel + " " + fi.Mode().String())
		if fi.Mode().IsRegular() {
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			b.WriteString(" " + string(data))
		}
		b.WriteString("\n")
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}
