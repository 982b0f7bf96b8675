package session

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// Remove deletes session id (its directory under h and its status socket).
// The caller decides that the session is not running. A symlinked session
// directory is refused (ErrSymlink); an unknown id is ErrNotFound.
func Remove(h Home, id string) error {
	if err := ValidateID(id); err != nil {
		return err
	}
	sessions, err := openSessionsRoot(h)
	if errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	if err != nil {
		return err
	}
	defer sessions.Close()
	fi, err := sessions.Lstat(id)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("%w: %s", ErrNotFound, id)
	case err != nil:
		return fmt.Errorf("session %s: %w", id, err)
	case fi.Mode()&os.ModeSymlink != 0:
		return fmt.Errorf("session %s: %w", id, ErrSymlink)
	}
	if err := sessions.RemoveAll(id); err != nil {
		return fmt.Errorf("remove session %s: %w", id, err)
	}
	if sock, err := h.SocketPath(id); err == nil {
		if err := os.Remove(sock); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("remove session %s's socket: %w", id, err)
		}
	}
	return syncRoot(sessions)
}
