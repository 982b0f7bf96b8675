//go:build unix

package policy

import (
	"errors"
	"net"
	"os"
	"syscall"
	"testing"

	"github.com/wtagent/wtagent/policy/boundary"
)

func TestCheckRefusesSpecialFiles(t *testing.T) {
	p := newProject(t)
	if err := syscall.Mkfifo(p.Path("fifo"), 0o644); err != nil {
		t.Fatal(err)
	}
	// Unix socket paths are limited to ~108 bytes: bind from inside the dir.
	wd, _ := os.Getwd()
	if err := os.Chdir(p.Dir); err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("unix", "sock")
	os.Chdir(wd)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	p.Symlink("/dev/zero", "zero-link")
	p.Symlink("fifo", "fifo-link")
	cases := []string{"fifo", "sock", "fifo-link"}
	if err := syscall.Mknod(p.Path("zero"), syscall.S_IFCHR|0o644, int(1<<8|5)); err == nil {
		cases = append(cases, "zero") // a device node inside the root (needs root, as in CI)
	} else {
		t.Logf("mknod: %v (not root); skipping the in-root device case", err)
	}
	for _, rel := range cases {
		for _, write := range []bool{false, true} {
			if _, err := p.b.Check(rel, write); !errors.Is(err, boundary.ErrSpecialFile) {
				t.Errorf("Check(%q, write=%v) = %v; want ErrSpecialFile", rel, write, err)
			}
		}
		// Opening does not block on a FIFO without a writer, and refuses.
		if f, err := p.b.Open(rel); !errors.Is(err, boundary.ErrSpecialFile) {
			if f != nil {
				f.Close()
			}
			t.Errorf("Open(%q) = %v; want ErrSpecialFile", rel, err)
		}
	}
	if _, err := p.b.Check("zero-link", false); !errors.Is(err, boundary.ErrSymlinkEscape) {
		t.Errorf("Check(zero-link) = %v; want ErrSymlinkEscape", err)
	}
}

func makeFIFO(t *testing.T, path string) {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestLinkCount(t *testing.T) {
	p := newProject(t)
	outside := p.WriteOutside("shared", "data")
	if err := os.Link(outside, p.Path("hard")); err != nil {
		t.Fatal(err)
	}
	fi, err := p.b.Check("hard", false)
	if err != nil {
		t.Fatal(err)
	}
	if n := boundary.LinkCount(fi); n != 2 {
		t.Errorf("LinkCount = %d, want 2", n)
	}
	fi, _ = p.b.Check("src/main.go", false)
	if n := boundary.LinkCount(fi); n != 1 {
		t.Errorf("LinkCount(plain file) = %d, want 1", n)
	}
}
