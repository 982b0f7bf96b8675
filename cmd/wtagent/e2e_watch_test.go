//go:build linux

package main

import (
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"
)

// hangGuard bounds every wait of the end-to-end tests. It is not a
// timing: a wait ends on its event, and the guard only turns a hang into a
// failure on a machine however loaded.
const hangGuard = 3 * time.Minute

// treeWatch reports changes under a directory tree through inotify:
// files created, written, renamed or removed, in the directory and in
// every subdirectory created later.
type treeWatch struct {
	mu      sync.Mutex
	changed chan struct{} // closed and replaced on every change
	done    chan struct{}
}

// watchTree watches the trees under dirs (which must exist) until the
// test ends.
func watchTree(t *testing.T, dirs ...string) *treeWatch {
	t.Helper()
	// Non-blocking, so reads go through the runtime poller and Close ends one.
	fd, err := unix.InotifyInit1(unix.IN_CLOEXEC | unix.IN_NONBLOCK)
	if err != nil {
		t.Fatalf("inotify: %v", err)
	}
	f := os.NewFile(uintptr(fd), "inotify")
	w := &treeWatch{changed: make(chan struct{}), done: make(chan struct{})}
	var namesMu sync.Mutex
	names := map[int]string{}
	add := func(d string) {
		namesMu.Lock()
		defer namesMu.Unlock()
		wd, err := unix.InotifyAddWatch(fd, d, unix.IN_CREATE|unix.IN_MODIFY|unix.IN_CLOSE_WRITE|unix.IN_MOVED_TO|unix.IN_DELETE)
		if err == nil {
			names[wd] = d
		}
	}
	name := func(wd int32) (string, bool) {
		namesMu.Lock()
		defer namesMu.Unlock()
		d, ok := names[int(wd)]
		return d, ok
	}
	// Watch first, then walk: a directory made in between is seen by both.
	// A new directory is walked too: what was made in it before its watch
	// is watched as well, and the change signalled after the batch makes
	// waiters look at what was written there meanwhile.
	addTree := func(dir string) {
		add(dir)
		filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && d.IsDir() && p != dir {
				add(p)
			}
			return nil
		})
	}
	for _, dir := range dirs {
		addTree(dir)
	}
	go func() {
		defer close(w.done)
		buf := make([]byte, 64<<10)
		for {
			n, err := f.Read(buf)
			if err != nil || n <= 0 {
				return // closed
			}
			for off := 0; off+unix.SizeofInotifyEvent <= n; {
				ev := (*unix.InotifyEvent)(unsafe.Pointer(&buf[off]))
				nameLen := int(ev.Len)
				if ev.Mask&(unix.IN_CREATE|unix.IN_ISDIR) == unix.IN_CREATE|unix.IN_ISDIR {
					raw := buf[off+unix.SizeofInotifyEvent : off+unix.SizeofInotifyEvent+nameLen]
					if d, ok := name(ev.Wd); ok {
						addTree(filepath.Join(d, cString(raw)))
					}
				}
				off += unix.SizeofInotifyEvent + nameLen
			}
			w.mu.Lock()
			close(w.changed)
			w.changed = make(chan struct{})
			w.mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		f.Close()
		<-w.done
	})
	return w
}

// next returns a channel closed at the next change after the call.
func (w *treeWatch) next() <-chan struct{} {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.changed
}

// until waits until cond holds, checking it again after every change in
// the tree; it fails the test after hangGuard.
func (w *treeWatch) until(t *testing.T, what string, cond func() bool) {
	t.Helper()
	hang := time.NewTimer(hangGuard)
	defer hang.Stop()
	for {
		ch := w.next()
		if cond() {
			return
		}
		select {
		case <-ch:
		case <-hang.C:
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// cString is b up to its first NUL.
func cString(b []byte) string {
	for i, c := range b {
		if c == 0 {
			return string(b[:i])
		}
	}
	return string(b)
}
