package tools

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"testing"
	"time"
)

// deadPID returns the pid of a process that has exited.
func deadPID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	return cmd.Process.Pid
}

// TestSweepLeftovers: only wtagent's own abandoned temporary files go —
// by name, type, owner and whether their writer still runs.
func TestSweepLeftovers(t *testing.T) {
	root := t.TempDir()
	now := time.Now()
	dead, me, live := strconv.Itoa(deadPID(t)), strconv.Itoa(os.Getpid()), strconv.Itoa(os.Getppid())
	tmp := func(base, pid string) string { return "." + base + ".wtagent-" + pid + "-0123456789ab.tmp" }
	files := []struct {
		rel     string
		age     time.Duration
		removed bool
	}{
		{tmp("data.txt", dead), 0, true},
		{"sub/dir/" + tmp("x.go", dead), time.Minute, true},
		{tmp("mine.txt", me), 0, false},              // a write of this process, in flight
		{tmp("other.txt", live), 0, false},           // another live wtagent's write
		{tmp("old.txt", live), 48 * time.Hour, true}, // the pid was reused long since
		{".a.txt.wtagent-0123456789ab.tmp", 0, false},
		{".b.txt.wtagent-0123456789ab.tmp", 2 * time.Hour, true},
		{"data.txt.wtagent-" + dead + "-0123456789ab.tmp", 0, false}, // not a hidden name
		{tmp("c.txt", dead) + ".bak", 0, false},
		{".d.txt.wtagent-" + dead + "-0123456789AB.tmp", 0, false},
		{".git/" + tmp("config", dead), 0, false},
		{"node_modules/p/" + tmp("i.js", dead), 0, false},
		{"notes.txt", 0, false},
	}
	for _, f := range files {
		p := filepath.Join(root, f.rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(p, now.Add(-f.age), now.Add(-f.age)); err != nil {
			t.Fatal(err)
		}
	}
	target := filepath.Join(root, "notes.txt")
	if err := os.Symlink(target, filepath.Join(root, tmp("link", dead))); err != nil && runtime.GOOS != "windows" {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(root, tmp("dir", dead)), 0o755); err != nil {
		t.Fatal(err)
	}
	theirs := filepath.Join(root, tmp("theirs.txt", dead))
	os.WriteFile(theirs, []byte("x"), 0o644)
	foreign := os.Geteuid() == 0 && os.Chown(theirs, 65534, 65534) == nil

	got := SweepLeftovers(root, now)
	var want []string
	for _, f := range files {
		if f.removed {
			want = append(want, f.rel)
		}
	}
	if !foreign {
		want = append(want, tmp("theirs.txt", dead))
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("removed %q,\nwant %q", got, want)
	}
	for _, f := range files {
		if _, err := os.Lstat(filepath.Join(root, f.rel)); (err == nil) == f.removed {
			t.Errorf("%s: exists %v, want removed %v", f.rel, err == nil, f.removed)
		}
	}
	for _, kept := range []string{tmp("link", dead), tmp("dir", dead), "notes.txt"} {
		if _, err := os.Lstat(filepath.Join(root, kept)); err != nil {
			t.Errorf("%s was removed", kept)
		}
	}
	if _, err := os.Stat(theirs); foreign && err != nil {
		t.Error("another user's file was removed")
	}
}

// BenchmarkSweepLeftovers measures the sweep every run and resume does
// at start over a project of 10 000 files in 100 directories, none a
// leftover.
func BenchmarkSweepLeftovers(b *testing.B) {
	root := b.TempDir()
	for d := range 100 {
		dir := filepath.Join(root, "pkg"+strconv.Itoa(d))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			b.Fatal(err)
		}
		for f := range 100 {
			if err := os.WriteFile(filepath.Join(dir, "f"+strconv.Itoa(f)+".go"), nil, 0o644); err != nil {
				b.Fatal(err)
			}
		}
	}
	now := time.Now()
	b.ReportAllocs()
	for b.Loop() {
		if got := SweepLeftovers(root, now); len(got) != 0 {
			b.Fatal(got)
		}
	}
	b.ReportMetric(10000, "files/op")
}
