package session

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/gofrs/flock"
)

// ErrProjectBusy is the error of LockProject when another wtagent process
// holds the project.
var ErrProjectBusy = errors.New("another wtagent run works in this project")

// ProjectHolder says who holds a project: its session and process.
type ProjectHolder struct {
	SessionID string `json:"session_id"`
	PID       int    `json:"pid"`
}

// BusyError is ErrProjectBusy with the holder, as far as it is known.
type BusyError struct {
	Root   string
	Holder ProjectHolder
}

// Error implements error.
func (e *BusyError) Error() string {
	if e.Holder.SessionID == "" {
		return fmt.Sprintf("another wtagent run works in %s", e.Root)
	}
	return fmt.Sprintf("another wtagent run (session %s, pid %d) works in %s", e.Holder.SessionID, e.Holder.PID, e.Root)
}

// Is makes errors.Is(err, ErrProjectBusy) true.
func (e *BusyError) Is(target error) bool { return target == ErrProjectBusy }

// ProjectLock is a held project: one wtagent process runs in a project root
// at a time. The kernel releases it when the process dies (kill -9 too).
type ProjectLock struct{ fl *flock.Flock }

// LockProject takes root's lock for holder, without waiting. When another
// process holds it the error is a *BusyError naming that process.
func LockProject(h Home, root string, holder ProjectHolder) (*ProjectLock, error) {
	sum := sha256.Sum256([]byte(filepath.Clean(root)))
	path := filepath.Join(h.RunDir(), "project-"+hex.EncodeToString(sum[:8])+".lock")
	if err := os.MkdirAll(h.RunDir(), 0o700); err != nil {
		return nil, err
	}
	fl := flock.New(path, flock.SetPermissions(0o600))
	ok, err := fl.TryLock()
	if err != nil {
		return nil, fmt.Errorf("lock the project: %w", err)
	}
	if !ok {
		busy := &BusyError{Root: root}
		if b, err := os.ReadFile(path); err == nil {
			json.Unmarshal(b, &busy.Holder)
		}
		return nil, busy
	}
	b, _ := json.Marshal(holder)
	if err := os.WriteFile(path, b, 0o600); err != nil {
		fl.Unlock()
		return nil, fmt.Errorf("lock the project: %w", err)
	}
	return &ProjectLock{fl: fl}, nil
}

// Release lets the project go.
func (l *ProjectLock) Release() error {
	if l == nil {
		return nil
	}
	return l.fl.Unlock()
}

// SetSession records the session that holds the project, for the message
// another run gets.
func (l *ProjectLock) SetSession(id string) error {
	b, _ := json.Marshal(ProjectHolder{SessionID: id, PID: os.Getpid()})
	return os.WriteFile(l.fl.Path(), b, 0o600)
}
