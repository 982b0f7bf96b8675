package sandbox

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/creack/pty"
	"golang.org/x/sys/unix"

	"github.com/wtagent/wtagent/sandbox/internal/nsinit"
)

// spareSandbox is w's workspace-write sandbox with its spare ready.
func spareSandbox(t *testing.T, w world) *Sandbox {
	t.Helper()
	if !nsinit.SpareSupported {
		t.Skip("no spare inits on this architecture")
	}
	sb := w.sandbox(t, WorkspaceWrite, false)
	if !sb.Status().Isolated {
		t.Fatalf("programs do not get their own namespaces: %s", sb.Status())
	}
	if sb.kernel.spares.readySpare() == nil {
		t.Fatal("no spare was prepared")
	}
	return sb
}

// TestSpareServes: a program started by the spare runs where it was
// asked with its environment, exit code and signal reported as a cold
// start reports them; a missing program is the same error; the next
// spare serves the next program.
func TestSpareServes(t *testing.T) {
	w := newWorld(t)
	sb := spareSandbox(t, w)
	out, err := sh(t, sb, w.root, "pwd; echo \"$TMPDIR\" $PPID; cat main.txt")
	if err != nil || out != w.root+"\n"+w.tmp+" 1\nhello" {
		t.Fatalf("spare-started program: %v %q", err, out)
	}
	for _, c := range []struct {
		line string
		want Exit
	}{{"exit 3", Exit{Code: 3}}, {"kill -TERM $$", Exit{Code: -1, Signal: syscall.SIGTERM}}} {
		sb.kernel.spares.readySpare()
		p, err := sb.Start(exec.Command("/bin/sh", "-c", c.line))
		if err != nil {
			t.Fatal(err)
		}
		if got, err := p.Wait(); err != nil || got != c.want {
			t.Errorf("%s: %+v %v, want %+v", c.line, got, err, c.want)
		}
	}
	sb.kernel.spares.readySpare()
	cmd := exec.Command("/bin/sh")
	cmd.Path = filepath.Join(w.root, "missing")
	if _, err := sb.Start(cmd); !os.IsNotExist(err) {
		t.Errorf("a missing program: %v, want not-exist", err)
	}
	if got := sb.kernel.spares.served.Load(); got != 4 {
		t.Errorf("%d starts by a spare, want 4 (cold: %d)", got, sb.kernel.spares.cold.Load())
	}
}

// TestSparePTY: under a PTY with a session of its own (as terminal.exec
// starts programs), the spare-started program has the PTY as its
// controlling terminal, in the session and process group its init leads
// (pid 1 of the namespace), as a cold start has it.
func TestSparePTY(t *testing.T) {
	if testing.Short() {
		t.Skip("runs programs in a sandbox; not under -short")
	}
	w := newWorld(t)
	sb := spareSandbox(t, w)
	master, tty, err := pty.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer master.Close()
	cmd := exec.Command("/bin/sh", "-c", "tty; test -t 0 && echo interactive; ps -o pid=,pgid=,sid= -p $$")
	cmd.Dir = w.root
	cmd.Stdin, cmd.Stdout, cmd.Stderr = tty, tty, tty
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Pdeathsig: syscall.SIGKILL}
	p, err := sb.Start(cmd)
	tty.Close()
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	done := make(chan struct{})
	go func() { defer close(done); _, _ = out.ReadFrom(master) }()
	if exit, err := p.Wait(); err != nil || exit != (Exit{}) {
		t.Fatalf("%+v %v", exit, err)
	}
	<-done
	got := strings.ReplaceAll(out.String(), "\r", "")
	if f := strings.Fields(got); len(f) != 5 || !strings.HasPrefix(f[0], "/dev/pts/") || f[1] != "interactive" || f[3] != "1" || f[4] != "1" {
		t.Errorf("under a PTY: %q", got)
	}
	if sb.kernel.spares.served.Load() != 1 {
		t.Errorf("not started by the spare (cold starts: %d)", sb.kernel.spares.cold.Load())
	}
}

// TestSpareOtherSettingsNotUsed: a spare is used only for a start with
// the settings it was prepared with. When .git/hooks appears after the
// spare was prepared, the covers differ: the program starts cold, with
// the new cover, and the next spare, prepared with it, serves the next
// program. Programs the spare cannot start as asked (a process group of
// their own) start cold too.
func TestSpareOtherSettingsNotUsed(t *testing.T) {
	w := newWorld(t)
	if err := os.RemoveAll(filepath.Join(w.root, ".git/hooks")); err != nil {
		t.Fatal(err)
	}
	sb := spareSandbox(t, w)
	if err := os.MkdirAll(filepath.Join(w.root, ".git/hooks"), 0o755); err != nil {
		t.Fatal(err)
	}
	hook := filepath.Join(w.root, ".git/hooks/pre-commit")
	for i := range 2 {
		if out, err := sh(t, sb, w.root, "echo evil > .git/hooks/pre-commit"); err == nil {
			t.Fatalf("start %d: a hook was written: %q", i, out)
		}
		if _, err := os.Stat(hook); err == nil {
			t.Fatalf("start %d: %s exists", i, hook)
		}
		sb.kernel.spares.readySpare()
	}
	if s, c := sb.kernel.spares.served.Load(), sb.kernel.spares.cold.Load(); s != 1 || c != 1 {
		t.Errorf("%d by a spare, %d cold; want the first cold, the second by the new spare", s, c)
	}
	cmd := exec.Command("/bin/true")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if p, err := sb.Start(cmd); err != nil {
		t.Fatal(err)
	} else if exit, err := p.Wait(); err != nil || exit != (Exit{}) {
		t.Fatal(exit, err)
	}
	if c := sb.kernel.spares.cold.Load(); c != 2 {
		t.Errorf("a program with its own process group: %d cold starts, want 2", c)
	}
	base := sb.initConfig()
	keys := map[string]string{"base": spareKey(sb.kernel.init, base), "other binary": spareKey("/x/wtagent", base)}
	for name, f := range map[string]func(*nsinit.Config){
		"no network":   func(c *nsinit.Config) { c.Loopback = true },
		"fewer covers": func(c *nsinit.Config) { c.ReadOnly = c.ReadOnly[1:] },
		"a mask":       func(c *nsinit.Config) { c.Masks = append(c.Masks, w.home+"/.ssh") },
		"read-only":    func(c *nsinit.Config) { c.ReadOnly = nil },
	} {
		c := base
		f(&c)
		keys[name] = spareKey(sb.kernel.init, c)
	}
	seen := map[string]string{}
	for name, k := range keys {
		if other, dup := seen[k]; dup {
			t.Errorf("%s and %s share a spare key", name, other)
		}
		seen[k] = name
	}
}

// TestSpareRechecksCovers: .git replaced after the spare was prepared
// (moved away with its covered hooks, a new one made) leaves the spare's
// mount on the old one; the spare sees that its cover no longer holds,
// refuses, and the program starts cold with the new .git covered.
func TestSpareRechecksCovers(t *testing.T) {
	w := newWorld(t)
	sb := spareSandbox(t, w)
	if err := os.Rename(filepath.Join(w.root, ".git"), filepath.Join(w.root, ".git-old")); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(w.root, ".git/hooks"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(w.root, ".git/config"), []byte("[core]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := sh(t, sb, w.root, "echo evil > .git/hooks/pre-commit"); err == nil {
		t.Errorf("a hook was written: %q", out)
	}
	if _, err := os.Stat(filepath.Join(w.root, ".git/hooks/pre-commit")); err == nil {
		t.Error("the new .git/hooks is writable")
	}
	if r, s := sb.kernel.spares.refused.Load(), sb.kernel.spares.served.Load(); r != 1 || s != 0 {
		t.Errorf("%d refusals, %d served; want the spare to refuse", r, s)
	}
}

// TestSpareCloseLeavesNoProcess: Close kills the idle spare and reaps
// it, also the one prepared after a spare-started program, and lets go
// of the mount namespace the spare handed over.
func TestSpareCloseLeavesNoProcess(t *testing.T) {
	w := newWorld(t)
	sb := spareSandbox(t, w)
	if _, err := sh(t, sb, w.root, "true"); err != nil {
		t.Fatal(err)
	}
	n := sb.kernel.spares.readySpare()
	if n == nil {
		t.Fatal("no spare after a start")
	}
	pid := n.cmd.Process.Pid
	if n.mounts == nil {
		t.Fatal("the spare did not hand over its mount namespace")
	}
	var held, its unix.Stat_t
	if err := unix.Fstat(int(n.mounts.Fd()), &held); err != nil {
		t.Fatal(err)
	}
	if err := unix.Stat(fmt.Sprintf("/proc/%d/ns/mnt", pid), &its); err == nil && held.Ino != its.Ino {
		t.Errorf("the namespace held (inode %d) is not the spare's (%d)", held.Ino, its.Ino)
	}
	sb.Close()
	if err := unix.Kill(pid, 0); err != unix.ESRCH {
		t.Errorf("the spare (pid %d) is still there after Close: %v", pid, err)
	}
	if sb.kernel.spares.readySpare() != nil {
		t.Error("a spare was prepared after Close")
	}
	if n.mounts != nil {
		t.Error("the spare's mount namespace is still held after Close")
	}
}

// TestSpareTwoStartsAtOnce: two programs started at once both run, each
// with its own output (one by the spare, the other cold or by the next).
func TestSpareTwoStartsAtOnce(t *testing.T) {
	if testing.Short() {
		t.Skip("runs programs in a sandbox; not under -short")
	}
	w := newWorld(t)
	sb := spareSandbox(t, w)
	type result struct {
		out string
		err error
	}
	results := make(chan result, 2)
	for _, word := range []string{"one", "two"} {
		go func() {
			out, err := sh(t, sb, w.root, "echo "+word)
			results <- result{out, err}
		}()
	}
	got := map[string]bool{}
	for range 2 {
		r := <-results
		if r.err != nil {
			t.Fatal(r.err)
		}
		got[r.out] = true
	}
	if !got["one\n"] || !got["two\n"] {
		t.Errorf("outputs %v", got)
	}
	if sb.kernel.spares.served.Load() < 1 {
		t.Error("no program started by the spare")
	}
}
