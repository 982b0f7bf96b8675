//go:build !linux

package sandbox

// ProtectSelf does nothing here: only Linux has the non-dumpable flag
// (macOS denies other processes' environments and task ports to
// unprivileged users already).
func ProtectSelf() error { return nil }
