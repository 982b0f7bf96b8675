//go:build linux || darwin

package sandbox

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// world is a fake home with credentials, a project with a git repository
// and a directory outside both, under one temporary directory.
type world struct {
	home, root, outside, tmp, data string
}

func newWorld(t testing.TB) world {
	t.Helper()
	base := t.TempDir()
	w := world{home: filepath.Join(base, "home"), root: filepath.Join(base, "project"),
		outside: filepath.Join(base, "outside"), tmp: filepath.Join(base, "session-tmp")}
	w.data = filepath.Join(w.home, ".local/share/wtagent")
	for _, f := range []struct{ path, body string }{
		{filepath.Join(w.home, ".ssh/id_rsa"), "SENTINEL-SSH"},
		{filepath.Join(w.home, ".aws/credentials"), "SENTINEL-AWS"},
		{filepath.Join(w.home, ".netrc"), "SENTINEL-NETRC"},
		{filepath.Join(w.data, "sessions/x/events.jsonl"), "SENTINEL-DATA"},
		{filepath.Join(w.outside, "secret.txt"), "SENTINEL-OUTSIDE"},
		{filepath.Join(w.root, "main.txt"), "hello"},
		{filepath.Join(w.root, ".git/config"), "[core]\n"},
		{filepath.Join(w.root, ".git/hooks/README"), "hooks\n"},
	} {
		if err := os.MkdirAll(filepath.Dir(f.path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f.path, []byte(f.body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(w.tmp, 0o700); err != nil {
		t.Fatal(err)
	}
	return w
}

func (w world) sandbox(t testing.TB, mode Mode, noNet bool) *Sandbox {
	t.Helper()
	sb, err := New(Spec{Mode: mode, Root: w.root, TempDir: w.tmp, Home: w.home, DataDir: w.data,
		NoNetwork: noNet, Env: os.Environ()})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sb.Close() })
	if mode != Off && !sb.Enforced() {
		t.Fatalf("sandbox not enforced on this kernel: %s", sb.Status())
	}
	return sb
}

// sh runs a shell line in the sandbox from the project root. A test that
// runs programs in a sandbox skips under -short (each spawn sets up the
// namespaces and Landlock again: seconds per test on a loaded machine);
// make test runs them all.
func sh(t *testing.T, sb *Sandbox, dir, line string) (string, error) {
	t.Helper()
	if testing.Short() {
		t.Skip("runs programs in a sandbox; not under -short")
	}
	cmd := exec.Command("/bin/sh", "-c", line)
	cmd.Dir = dir
	cmd.Env = []string{"PATH=" + os.Getenv("PATH")}
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	prog, err := sb.Start(cmd)
	if err != nil {
		return "", err
	}
	exit, err := prog.Wait()
	if err == nil && exit != (Exit{}) {
		err = fmt.Errorf("exit %+v", exit)
	}
	return out.String(), err
}
