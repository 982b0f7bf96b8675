package nsinit

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unsafe"

	"golang.org/x/sys/unix"
)

// TestStatxLayout: the offsets coverHolds reads are x/sys/unix's, and
// the number is the platform's.
func TestStatxLayout(t *testing.T) {
	var s unix.Statx_t
	if unsafe.Offsetof(s.Attributes) != 8 || unsafe.Offsetof(s.Attributes_mask) != 56 || unsafe.Sizeof(s) > 256 {
		t.Fatalf("statx layout: attributes at %d, mask at %d, size %d", unsafe.Offsetof(s.Attributes), unsafe.Offsetof(s.Attributes_mask), unsafe.Sizeof(s))
	}
	if SpareSupported && sysStatx != unix.SYS_STATX {
		t.Fatalf("sysStatx = %d, want %d", sysStatx, unix.SYS_STATX)
	}
	if statxAttrMountRoot != unix.STATX_ATTR_MOUNT_ROOT || statxBasicStats != unix.STATX_BASIC_STATS || atFDCwd != unix.AT_FDCWD {
		t.Fatal("statx constants differ from x/sys/unix's")
	}
}

// TestCoverHolds: a plain directory is not a cover; a missing mask
// holds, a missing read-only cover does not; the root of a read-only
// mount (/proc/sys, mounted so in most containers, or any read-only
// mount found in /proc/self/mountinfo) is.
func TestCoverHolds(t *testing.T) {
	if !SpareSupported {
		t.Skip("no statx number on this architecture")
	}
	dir := t.TempDir()
	if err := coverHolds(dir, true); !errors.Is(err, errCover) {
		t.Errorf("a plain directory: %v, want errCover", err)
	}
	missing := filepath.Join(dir, "missing")
	if err := coverHolds(missing, false); err != nil {
		t.Errorf("a missing mask: %v", err)
	}
	if err := coverHolds(missing, true); err == nil {
		t.Error("a missing read-only cover holds")
	}
	if err := checkCovers([]string{dir}, nil); err == nil {
		t.Error("checkCovers passed a plain directory")
	}
	if ro := readOnlyMount(t); ro != "" {
		if err := coverHolds(ro, true); err != nil {
			t.Errorf("read-only mount %s: %v", ro, err)
		}
	}
}

// readOnlyMount is the mount point of some read-only mount, or "".
func readOnlyMount(t *testing.T) string {
	b, err := os.ReadFile("/proc/self/mountinfo")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		f := strings.Fields(line)
		if len(f) > 5 && (f[5] == "ro" || strings.HasPrefix(f[5], "ro,")) {
			if _, err := os.Stat(f[4]); err == nil {
				return f[4]
			}
		}
	}
	return ""
}
