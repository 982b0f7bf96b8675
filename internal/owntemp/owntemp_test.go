//go:build unix

package owntemp

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

func TestDirIsPrivateAndReused(t *testing.T) {
	t.Setenv("TMPDIR", t.TempDir())
	dir, err := Dir()
	if err != nil {
		t.Fatal(err)
	}
	if dir != Path() || filepath.Dir(dir) != os.TempDir() {
		t.Fatalf("Dir = %q, Path = %q, TempDir = %q", dir, Path(), os.TempDir())
	}
	if fi, err := os.Stat(dir); err != nil || fi.Mode().Perm() != 0o700 {
		t.Fatalf("mode %v, %v; want 0700", fi.Mode(), err)
	}
	a, err := MkdirTemp("s-")
	if err != nil {
		t.Fatal(err)
	}
	f, err := CreateTemp("f-*")
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	for _, p := range []string{a, f.Name()} {
		if filepath.Dir(p) != dir {
			t.Errorf("%s is not in %s", p, dir)
		}
	}
}

func TestDirRefusesWhatIsNotOwn(t *testing.T) {
	cases := map[string]func(t *testing.T, path string){
		"symlink": func(t *testing.T, path string) {
			if err := os.Symlink(t.TempDir(), path); err != nil {
				t.Fatal(err)
			}
		},
		"file": func(t *testing.T, path string) {
			if err := os.WriteFile(path, nil, 0o600); err != nil {
				t.Fatal(err)
			}
		},
		"open to others": func(t *testing.T, path string) {
			if err := os.Mkdir(path, 0o700); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(path, 0o777); err != nil {
				t.Fatal(err)
			}
		},
	}
	for name, plant := range cases {
		t.Run(name, func(t *testing.T) {
			t.Setenv("TMPDIR", t.TempDir())
			plant(t, Path())
			if _, err := Dir(); !errors.Is(err, ErrNotOwn) {
				t.Fatalf("Dir = %v; want ErrNotOwn", err)
			}
			if _, err := MkdirTemp("x-"); !errors.Is(err, ErrNotOwn) {
				t.Fatalf("MkdirTemp = %v; want ErrNotOwn", err)
			}
		})
	}
}

// Another user's directory is refused (root can plant one).
func TestDirRefusesAnotherUsers(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("needs root to give a directory to another user")
	}
	t.Setenv("TMPDIR", t.TempDir())
	if err := os.Mkdir(Path(), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Lchown(Path(), 65534, 65534); err != nil {
		t.Fatal(err)
	}
	if _, err := Dir(); !errors.Is(err, ErrNotOwn) {
		t.Fatalf("Dir = %v; want ErrNotOwn", err)
	}
}
