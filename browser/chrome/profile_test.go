//go:build !windows

package chrome

import (
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
	live := exec.Command("sh", "-c", "sleep 30; exit 0", "chromium", "--user-data-dir="+dir)
	if err := live.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { live.Process.Kill(); live.Wait() }()
	os.Symlink(host+"-"+strconv.Itoa(live.Process.Pid), lock)
	if pid, busy := ProfileInUse(dir); !busy || pid != live.Process.Pid {
		t.Fatalf("ProfileInUse = %d, %v; want %d", pid, busy, live.Process.Pid)
	}
	if err := ensureProfileDir(dir); err == nil {
		t.Fatal("ensureProfileDir accepted a profile in use")
	}
	os.Remove(lock)

	// A live process that is no browser (a reused pid) does not.
	other := exec.Command("sleep", "30")
	if err := other.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { other.Process.Kill(); other.Wait() }()
	os.Symlink(host+"-"+strconv.Itoa(other.Process.Pid), lock)
	if _, busy := ProfileInUse(dir); busy {
		t.Fatal("a reused pid of a non-browser process counts as in use")
	}
}
