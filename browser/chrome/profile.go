package chrome

import (
	"fmt"
	"os"
	"path/filepath"
)

// ProfileInUse reports whether a running browser holds the profile
// directory, and its process id when the platform records one. Chrome keeps
// a SingletonLock ("host-pid") in the profile on Linux and macOS and an
// open "lockfile" on Windows; a lock left by a browser that died is not in
// use.
func ProfileInUse(profileDir string) (pid int, inUse bool) {
	return profileLock(profileDir)
}

// ProfileLockedError means another browser process holds the profile.
type ProfileLockedError struct {
	Dir string
	PID int
}

// Error implements error.
func (e *ProfileLockedError) Error() string {
	who := "another browser process"
	if e.PID > 0 {
		who = fmt.Sprintf("browser process %d", e.PID)
	}
	return fmt.Sprintf("the Chrome profile %s is in use by %s (a leftover wtagent Chrome, or a window opened by hand): close that window or end that process, then try again", e.Dir, who)
}

// ensureProfileDir creates the profile directory (0700) and refuses a
// profile that a running browser holds.
func ensureProfileDir(dir string) error {
	if dir == "" {
		return fmt.Errorf("browser: Options.ProfileDir is required (a dedicated Chrome profile, never the daily one)")
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return fmt.Errorf("browser: profile dir: %w", err)
	}
	if err := os.MkdirAll(abs, 0o700); err != nil {
		return fmt.Errorf("browser: create profile dir: %w", err)
	}
	if pid, busy := ProfileInUse(abs); busy {
		return &ProfileLockedError{Dir: abs, PID: pid}
	}
	return nil
}
