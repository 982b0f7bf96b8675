//go:build !windows

package chrome

import (
	"bufio"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
)

func TestProfileInUse(t *testing.T) {
	dir := t.TempDir()
	if _, busy := ProfileInUse(dir); busy {
		t.Fatal("an empty profile is in use")
	}
	host, _ := os.Hostname()
	lock := filepath.Join(dir, "SingletonLock")

	// A lock left by a dead process is stale.
	dead := exec.Command("true")
	if err := dead.Run(); err != nil {
		t.Fatal(err)
	}
	os.Symlink(host+"-"+strconv.Itoa(dead.Process.Pid), lock)
	if _, busy := ProfileInUse(dir); busy {
		t.Fatal("a dead process's lock counts as in use")
	}
	os.Remove(lock)

	// A live browser-like process holds it. The script does not end in
	// its last command, so the shell never execs sleep in its place and the
	// command line keeps naming the browser.
	live := startReady(t, "sh", "-c", "echo ready; sleep 30; exit 0", "chromium", "--user-data-dir="+dir)
	os.Symlink(host+"-"+strconv.Itoa(live.Process.Pid), lock)
	if pid, busy := ProfileInUse(dir); !busy || pid != live.Process.Pid {
		t.Fatalf("ProfileInUse = %d, %v; want %d", pid, busy, live.Process.Pid)
	}
	if err := ensureProfileDir(dir); err == nil {
		t.Fatal("ensureProfileDir accepted a profile in use")
	}
	os.Remove(lock)

	// A live process that is no browser (a reused pid) does not.
	other := startReady(t, "sh", "-c", "echo ready; sleep 30; exit 0", "sleep")
	os.Symlink(host+"-"+strconv.Itoa(other.Process.Pid), lock)
	if _, busy := ProfileInUse(dir); busy {
		t.Fatal("a reused pid of a non-browser process counts as in use")
	}
}

// startReady starts a program that prints a line once it runs and waits
// for that line: until the child has exec'd, its command line is still the
// test binary's, and a check made then would see the wrong process.
func startReady(t *testing.T, name string, args ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(name, args...)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	if _, err := bufio.NewReader(out).ReadString('\n'); err != nil {
		t.Fatalf("%s never said it runs: %v", name, err)
	}
	return cmd
}
