package sandbox

import "golang.org/x/sys/unix"

// ProtectSelf marks wtagent's own process non-dumpable: programs of the
// same user (confined or not) can then neither read its environment,
// memory or descriptors under /proc nor trace it, and it leaves no core
// file. Call it first thing in main.
func ProtectSelf() error {
	return unix.Prctl(unix.PR_SET_DUMPABLE, 0, 0, 0, 0)
}
