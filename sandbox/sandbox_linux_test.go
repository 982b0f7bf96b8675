package sandbox

import (
	"os"

	"github.com/wtagent/wtagent/sandbox/internal/nsinit"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestSandboxBlocksEvenRoot: reads of credentials and outside the
// project, writes outside it and to .git are refused; the project's own
// work is not (programs started by the spare init).
func TestSandboxBlocksEvenRoot(t *testing.T) {
	w := newWorld(t)
	sb := w.sandbox(t, WorkspaceWrite, false)
	blocksEvenRoot(t, w, sb)
	if sb.kernel.userns && nsinit.SpareSupported && sb.kernel.spares.served.Load() == 0 {
		t.Error("no program was started by a spare init")
	}
}

// TestSandboxBlocksEvenRootCold is TestSandboxBlocksEvenRoot with every
// program started by an init of its own (no spare).
func TestSandboxBlocksEvenRootCold(t *testing.T) {
	w := newWorld(t)
	sb := w.sandbox(t, WorkspaceWrite, false)
	sb.kernel.spares.stop()
	blocksEvenRoot(t, w, sb)
	if n := sb.kernel.spares.served.Load(); n != 0 {
		t.Errorf("%d programs started by a spare", n)
	}
}

func blocksEvenRoot(t *testing.T, w world, sb *Sandbox) {
	t.Helper()
	blocked := []struct{ name, line, sentinel string }{
		{"ssh key", "cat " + w.home + "/.ssh/id_rsa", "SENTINEL-SSH"},
		{"aws", "cat " + w.home + "/.aws/credentials", "SENTINEL-AWS"},
		{"netrc", "cat " + w.home + "/.netrc", "SENTINEL-NETRC"},
		{"data dir", "cat " + w.data + "/sessions/x/events.jsonl", "SENTINEL-DATA"},
		{"outside read", "cat " + w.outside + "/secret.txt", "SENTINEL-OUTSIDE"},
		{"grep -r home", "grep -r SENTINEL " + w.home, "SENTINEL-"},
		{"parent cwd", "ls /proc/" + strconv.Itoa(os.Getpid()) + "/cwd/", "main.txt"},
	}
	for _, c := range blocked {
		out, err := sh(t, sb, w.root, c.line)
		if err == nil || strings.Contains(out, c.sentinel) {
			t.Errorf("%s: not blocked: err=%v out=%q", c.name, err, out)
		}
	}
	writes := []struct{ name, line, path string }{
		{"outside", "echo pwned > " + w.outside + "/new.txt", filepath.Join(w.outside, "new.txt")},
		{"hook", "echo 'rm -rf /' > .git/hooks/pre-commit", filepath.Join(w.root, ".git/hooks/pre-commit")},
		{"home", "echo x > " + w.home + "/.bashrc", filepath.Join(w.home, ".bashrc")},
	}
	for _, c := range writes {
		if out, err := sh(t, sb, w.root, c.line); err == nil {
			t.Errorf("%s: write allowed: %q", c.name, out)
		}
		if _, err := os.Stat(c.path); err == nil {
			t.Errorf("%s: %s was created", c.name, c.path)
		}
	}
	if out, err := sh(t, sb, w.root, "echo '[x]' >> .git/config"); err == nil {
		t.Errorf(".git/config appended: %q", out)
	}
	if b, _ := os.ReadFile(filepath.Join(w.root, ".git/config")); string(b) != "[core]\n" {
		t.Errorf(".git/config changed: %q", b)
	}
	if out, err := sh(t, sb, w.root, "rm "+w.outside+"/secret.txt; mv main.txt /dev/null"); err == nil {
		t.Errorf("delete outside / move onto a device allowed: %q", out)
	}
	if _, err := os.Stat(filepath.Join(w.outside, "secret.txt")); err != nil {
		t.Errorf("file outside deleted: %v", err)
	}
	// What the project needs still works.
	out, err := sh(t, sb, w.root, "mkdir -p a/b && echo ok > a/b/c && mv a/b/c a/d && cat a/d main.txt && echo t > $TMPDIR/x && cat $TMPDIR/x && ls /usr/bin >/dev/null && echo done > /dev/null")
	if err != nil || !strings.Contains(out, "ok") || !strings.Contains(out, "hello") {
		t.Fatalf("project work blocked: %v %q", err, out)
	}
}

func TestSandboxReadOnlyAndOff(t *testing.T) {
	w := newWorld(t)
	ro := w.sandbox(t, ReadOnly, false)
	if out, err := sh(t, ro, w.root, "cat main.txt && echo x > new.txt"); err == nil || !strings.Contains(out, "hello") {
		t.Errorf("read-only: %v %q", err, out)
	}
	if _, err := os.Stat(filepath.Join(w.root, "new.txt")); err == nil {
		t.Error("read-only mode wrote the project")
	}
	off := w.sandbox(t, Off, false)
	if out, err := sh(t, off, w.root, "cat "+w.outside+"/secret.txt"); err != nil || out != "SENTINEL-OUTSIDE" {
		t.Errorf("off mode confined: %v %q", err, out)
	}
}

func TestSandboxExplain(t *testing.T) {
	w := newWorld(t)
	sb := w.sandbox(t, WorkspaceWrite, false)
	for _, c := range []struct {
		path  string
		write bool
		want  string
	}{
		{filepath.Join(w.outside, "x"), true, "write outside the project"},
		{"sub/new.go", true, ""},
		{filepath.Join(w.home, ".ssh/id_rsa"), false, "read of a credential store"},
		{".git/hooks/pre-commit", true, "write to .git/hooks or .git/config (read-only to commands)"},
		{filepath.Join(w.outside, "secret.txt"), false, "read outside the project and the toolchains"},
		{"/usr/bin/env", false, ""},
	} {
		if got := sb.Explain(w.root, c.path, c.write); got != c.want {
			t.Errorf("Explain(%s, write=%v) = %q, want %q", c.path, c.write, got, c.want)
		}
	}
}

func TestSandboxDenialsFromOutput(t *testing.T) {
	w := newWorld(t)
	sb := w.sandbox(t, WorkspaceWrite, false)
	out, err := sh(t, sb, w.root, "cat "+w.home+"/.ssh/id_rsa; touch "+w.outside+"/x; cp /bin/true .git/hooks/pre-commit; python3 -c \"open('"+w.outside+"/y','w')\"; echo fine")
	if err != nil {
		t.Fatalf("%v %q", err, out)
	}
	got := sb.Denials(w.root, out, 10)
	want := []string{
		"read of a credential store (" + w.home + "/.ssh/id_rsa)",
		"write outside the project (" + w.outside + "/x)",
		"write to .git/hooks or .git/config (read-only to commands) (.git/hooks/pre-commit)",
		"write outside the project (" + w.outside + "/y)",
	}
	if len(got) != len(want) {
		t.Fatalf("denials %v, want %v; output:\n%s", got, want, out)
	}
	for i := range want {
		if got[i].String() != want[i] {
			t.Errorf("denial %d = %q, want %q", i, got[i], want[i])
		}
	}
	if d := sb.Denials(w.root, "ls: cannot open directory 'sub': Permission denied\n", 10); len(d) != 0 {
		t.Errorf("a path the sandbox allows was blamed on it: %v", d)
	}
}

// TestHides: what programs cannot read at all — credential stores and the
// data directory, also when the project is the home (a mount hides it
// there) — and what they can.
func TestHides(t *testing.T) {
	w := newWorld(t)
	sb := w.sandbox(t, WorkspaceWrite, false)
	asHome, err := New(Spec{Mode: WorkspaceWrite, Root: w.home, TempDir: w.tmp, Home: w.home, DataDir: w.data, Env: os.Environ()})
	if err != nil {
		t.Fatal(err)
	}
	defer asHome.Close()
	mounts := asHome.mounts()
	for _, c := range []struct {
		sb   *Sandbox
		path string
		want bool
	}{
		{sb, filepath.Join(w.home, ".ssh/id_rsa"), true},
		{sb, w.data, true},
		{sb, w.outside, true},
		{sb, filepath.Join(w.root, "main.txt"), false},
		{sb, "/usr/bin", false},
		{asHome, w.data, mounts},
		{asHome, filepath.Join(w.home, ".aws"), mounts},
		{asHome, filepath.Join(w.home, "notes.txt"), false},
		{nil, w.data, false},
	} {
		if got := c.sb.Hides(c.path); got != c.want {
			t.Errorf("Hides(%s) = %v, want %v (mount namespace: %v)", c.path, got, c.want, mounts)
		}
	}
}

// TestSandboxConfined: a confined sandbox lets programs change only its
// directories of the project; the rest of the project stays readable; an
// empty confinement leaves the project read-only.
func TestSandboxConfined(t *testing.T) {
	w := newWorld(t)
	for _, d := range []string{"left", "right"} {
		if err := os.MkdirAll(filepath.Join(w.root, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	sb := w.sandbox(t, WorkspaceWrite, false)
	left, owned, err := sb.Confined([]string{filepath.Join(w.root, "left")})
	if err != nil || !owned {
		t.Fatalf("Confined: %v, %v", owned, err)
	}
	defer left.Close()
	if out, err := sh(t, left, w.root, "echo l > left/l.txt && cat main.txt"); err != nil || !strings.Contains(out, "hello") {
		t.Fatalf("inside its directory: %v %q", err, out)
	}
	for _, line := range []string{"echo r > right/r.txt", "echo m > main2.txt", "rm main.txt"} {
		if out, err := sh(t, left, w.root, line); err == nil {
			t.Errorf("%q allowed outside the confinement: %q", line, out)
		}
	}
	for _, p := range []string{"right/r.txt", "main2.txt"} {
		if _, err := os.Stat(filepath.Join(w.root, p)); err == nil {
			t.Errorf("%s was written", p)
		}
	}
	if _, err := os.Stat(filepath.Join(w.root, "main.txt")); err != nil {
		t.Errorf("main.txt removed: %v", err)
	}
	none, _, err := sb.Confined(nil)
	if err != nil {
		t.Fatal(err)
	}
	defer none.Close()
	if out, err := sh(t, none, w.root, "echo x > left/x.txt"); err == nil {
		t.Errorf("an empty confinement let a program write: %q", out)
	}
	if ro, owned, _ := w.sandbox(t, ReadOnly, false).Confined(nil); owned || ro == nil {
		t.Error("a read-only sandbox was confined again")
	}
}
