//go:build !linux

package session

import "os"

// dataSync flushes f to stable storage (on macOS File.Sync uses
// F_FULLFSYNC).
func dataSync(f *os.File) error { return f.Sync() }
