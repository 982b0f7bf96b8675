package sandbox

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestSandboxHidesWtagent: a program sees neither wtagent's process nor
// its init's: its environment cannot be read in any form, by pid or as
// the parent.
func TestSandboxHidesWtagent(t *testing.T) {
	t.Setenv("WTAGENT_TEST_OWN_SECRET", "SENTINEL-SELF")
	w := newWorld(t)
	sb := w.sandbox(t, WorkspaceWrite, false)
	if !sb.Status().Isolated {
		t.Fatalf("programs do not get their own namespaces: %s", sb.Status())
	}
	self := strconv.Itoa(os.Getpid())
	for _, line := range []string{
		"cat /proc/" + self + "/environ",
		"base64 /proc/" + self + "/environ",
		"cat /proc/$PPID/environ",
		"cat /proc/1/environ",
		"grep -a -l SENTINEL-SELF /proc/*/environ /proc/*/task/*/environ",
		"od -c /proc/1/cmdline >/dev/null && cat /proc/1/mem",
	} {
		out, err := sh(t, sb, w.root, line)
		if err == nil || strings.Contains(out, "SENTINEL-SELF") || strings.Contains(out, "U0VOVElORUwtU0VMR") {
			t.Errorf("%s: not refused: err=%v out=%q", line, err, out)
		}
	}
	out, err := sh(t, sb, w.root, "echo $$ $PPID; ls -d /proc/[0-9]* | wc -l")
	if f := strings.Fields(out); err != nil || len(f) != 3 || f[1] != "1" {
		t.Fatalf("pid namespace: %v %q", err, out)
	} else if n, _ := strconv.Atoi(f[2]); n > 4 {
		t.Errorf("the program sees %d processes, want its own namespace's (init, sh, ls, wc)", n)
	}
	if out, err := sh(t, sb, w.root, "id -u; id -g"); err != nil || out != strconv.Itoa(os.Getuid())+"\n"+strconv.Itoa(os.Getgid())+"\n" {
		t.Errorf("ids in the sandbox: %v %q", err, out)
	}
}

// TestSandboxHomeAsProject: with the home as the project (-C ~), the
// credential stores and wtagent's data directory in it are covered, for
// a direct read, a recursive grep and an archive alike; .git/hooks stays
// read-only and the rest of the home works.
func TestSandboxHomeAsProject(t *testing.T) {
	w := newWorld(t)
	if err := os.MkdirAll(filepath.Join(w.home, ".git/hooks"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(w.home, "notes.txt"), []byte("mine\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sb, err := New(Spec{Mode: WorkspaceWrite, Root: w.home, TempDir: w.tmp, Home: w.home, DataDir: w.data, Env: os.Environ()})
	if err != nil {
		t.Fatal(err)
	}
	defer sb.Close()
	if !sb.Status().Isolated {
		t.Fatalf("programs do not get their own namespaces: %s", sb.Status())
	}
	for _, line := range []string{
		"cat .ssh/id_rsa",
		"cat .aws/credentials",
		"grep -r -h SENTINEL . ; exit 0",
		"tar cf - .ssh .aws .netrc .local 2>/dev/null | tar xOf - 2>/dev/null; exit 0",
		"cat .netrc; cat .local/share/wtagent/sessions/x/events.jsonl",
		"echo x > .git/hooks/pre-commit",
		"echo x >> .netrc",
	} {
		out, _ := sh(t, sb, w.home, line)
		if strings.Contains(out, "SENTINEL") {
			t.Errorf("%s: a credential was read: %q", line, out)
		}
	}
	if _, err := os.Stat(filepath.Join(w.home, ".git/hooks/pre-commit")); err == nil {
		t.Error("a hook was planted")
	}
	if b, _ := os.ReadFile(filepath.Join(w.home, ".netrc")); string(b) != "SENTINEL-NETRC" {
		t.Errorf(".netrc changed: %q", b)
	}
	if out, err := sh(t, sb, w.home, "cat notes.txt && echo new > new.txt && cat new.txt"); err != nil || out != "mine\nnew\n" {
		t.Errorf("the home's own files: %v %q", err, out)
	}
}
