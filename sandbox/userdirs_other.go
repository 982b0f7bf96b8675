//go:build !darwin

package sandbox

// userScratchDirs is empty: only macOS has per-user scratch directories
// its own tools write whatever TMPDIR says (see layout.scratch).
func userScratchDirs() []string { return nil }
