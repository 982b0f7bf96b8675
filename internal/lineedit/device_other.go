//go:build !(linux || android || freebsd || netbsd || openbsd || dragonfly || solaris || illumos || aix || darwin || ios)

package lineedit

import "os"

// newDevice falls back to blocking reads where no poll or select on the
// input is available (Windows, Plan 9, WebAssembly).
func newDevice(f *os.File) (device, error) { return blockingDevice{f}, nil }
