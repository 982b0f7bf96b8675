package sandbox

import (
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/text/unicode/norm"
)

// These tests run sandbox-exec for real, so only on a Mac: the CI
// workflow's macOS job runs them (make cross only builds and vets them).
// seatbelt_test.go checks the profile itself on every OS.

// q quotes a path for sh.
func q(p string) string { return "'" + strings.ReplaceAll(p, "'", `'\''`) + "'" }

// TestSeatbeltConfines runs shell lines under the session's profile: the
// project and TMPDIR writable, the rest of the promises kept.
func TestSeatbeltConfines(t *testing.T) {
	w := newWorld(t)
	for _, c := range []struct {
		mode Mode
		line string
		ok   bool
	}{
		{WorkspaceWrite, "echo hi > new.txt && cat main.txt", true},
		{WorkspaceWrite, `echo x > "$TMPDIR/f" && cat "$TMPDIR/f"`, true},
		{WorkspaceWrite, "ls /usr/bin > /dev/null && echo x > /dev/null", true},
		{WorkspaceWrite, "cat .git/config", true},
		{WorkspaceWrite, "echo x > " + q(filepath.Join(w.outside, "x")), false},
		{WorkspaceWrite, "cat " + q(filepath.Join(w.outside, "secret.txt")), false},
		{WorkspaceWrite, "cat " + q(filepath.Join(w.home, ".ssh/id_rsa")), false},
		{WorkspaceWrite, "cat " + q(filepath.Join(w.data, "sessions/x/events.jsonl")), false},
		{WorkspaceWrite, "echo x >> .git/config", false},
		{WorkspaceWrite, "touch .git/hooks/pre-commit", false},
		{ReadOnly, "cat main.txt", true},
		{ReadOnly, "echo x > new-ro.txt", false},
		{ReadOnly, `echo x > "$TMPDIR/g"`, true},
		// The per-user cache directory xcrun and clang write whatever
		// TMPDIR says (the test world lives in the per-user temporary
		// directory, so that one is not granted here: it holds the home).
		{WorkspaceWrite, `f="$(/usr/bin/getconf DARWIN_USER_CACHE_DIR)wtagent-test-$$" && echo x > "$f" && cat "$f" && rm "$f"`, true},
		{ReadOnly, `ls "$(/usr/bin/getconf DARWIN_USER_CACHE_DIR)" > /dev/null`, true},
		{ReadOnly, `echo x > "$(/usr/bin/getconf DARWIN_USER_CACHE_DIR)wtagent-test-$$"`, false},
	} {
		sb := w.sandbox(t, c.mode, false)
		out, err := sh(t, sb, w.root, c.line)
		if (err == nil) != c.ok || strings.Contains(out, "SENTINEL") {
			t.Errorf("%s: %q: err %v, want ok %v; output %q", c.mode, c.line, err, c.ok, out)
		}
	}
}

// TestSeatbeltNoNetworkKeepsLoopback: without network a program still
// reaches a server on localhost.
func TestSeatbeltNoNetworkKeepsLoopback(t *testing.T) {
	w := newWorld(t)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	port := strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
	sb := w.sandbox(t, WorkspaceWrite, true)
	if out, err := sh(t, sb, w.root, "/usr/bin/nc -z 127.0.0.1 "+port); err != nil {
		t.Errorf("loopback refused without network: %v %q", err, out)
	}
}

// TestSeatbeltDenialsFromOutput explains the real refusals.
func TestSeatbeltDenialsFromOutput(t *testing.T) {
	w := newWorld(t)
	sb := w.sandbox(t, WorkspaceWrite, false)
	out, _ := sh(t, sb, w.root, "cat "+q(filepath.Join(w.home, ".ssh/id_rsa"))+"; touch .git/hooks/pre-commit; touch "+q(filepath.Join(w.outside, "x")))
	got := sb.Denials(w.root, out, 10)
	want := []string{"read of a credential store", "write to .git/hooks or .git/config (read-only to commands)", "write outside the project"}
	if len(got) != len(want) {
		t.Fatalf("denials %v, want %v; output:\n%s", got, want, out)
	}
	for i := range want {
		if got[i].Why != want[i] {
			t.Errorf("denial %d = %q, want %q", i, got[i], want[i])
		}
	}
}

// TestSeatbeltDataDirInEitherSpelling: wtagent's data directory inside
// the project, in a folder named with an accent, stays unreadable whether
// a program spells that name in NFC or in NFD (APFS finds it by either).
func TestSeatbeltDataDirInEitherSpelling(t *testing.T) {
	w := newWorld(t)
	data := filepath.Join(w.root, "état")
	if err := os.MkdirAll(data, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(data, "events.jsonl"), []byte("SENTINEL-DATA"), 0o644); err != nil {
		t.Fatal(err)
	}
	sb, err := New(Spec{Mode: WorkspaceWrite, Root: w.root, TempDir: w.tmp, Home: w.home, DataDir: data, Env: os.Environ()})
	if err != nil {
		t.Fatal(err)
	}
	if !sb.Enforced() {
		t.Fatalf("sandbox not enforced: %s", sb.Status())
	}
	for _, name := range []string{norm.NFC.String("état"), norm.NFD.String("état")} {
		out, err := sh(t, sb, w.root, "cat "+q(filepath.Join(name, "events.jsonl")))
		if err == nil || strings.Contains(out, "SENTINEL") {
			t.Errorf("%+q: data directory read: err %v, output %q", name, err, out)
		}
	}
	if out, err := sh(t, sb, w.root, "cat main.txt"); err != nil {
		t.Errorf("the project is not readable: %v %q", err, out)
	}
}
