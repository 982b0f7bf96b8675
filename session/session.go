package session

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/wtagent/wtagent/session/event"
)

// File modes: everything under the data root is private to the user.
const (
	dirMode  os.FileMode = 0o700
	fileMode os.FileMode = 0o600
)

// The files of a session directory.
const (
	StateFileName   = "session.json"
	EventsFileName  = "events.jsonl"
	SpoolFileName   = "tool-output.jsonl"
	LogFileName     = "wtagent.log"
	DiagnosticsName = "diagnostics"
)

// Meta describes a new session for Create.
type Meta struct {
	// ID is the session id; empty means a new one from Created.
	ID string
	// Root is the project root (absolute).
	Root string
	// Task is the user's task.
	Task     string
	Provider string
	// Mode and Effort are the ChatGPT mode and effort tier asked for, if
	// any.
	Mode, Effort string
	// Approvals is the --approvals mode.
	Approvals string
	// Script is the scripted model's file (absolute), for --provider script.
	Script string
	// Call is, for a sub-agent, the op key of the agent.run call that
	// started it (a resume finds the sub-agent of an unfinished call).
	Call string
	// ChatGPTURL is the ChatGPT origin when it is not the default one.
	ChatGPTURL string
	// Limits are the run's limits by name (turns, nudges, …).
	Limits map[string]int
	PID    int
	// AgentVersion is the wtagent version that runs the session.
	AgentVersion string
	// Created is the creation time; zero means now.
	Created time.Time
}

// Session is one open session directory. It holds a handle on the
// directory itself, so every file is opened inside the directory that was
// checked, even if the path is swapped afterwards. Close it when done.
type Session struct {
	id   string
	home Home
	path string
	dir  *os.Root
	now  func() time.Time
	// hooks lets tests observe fsyncs and crash between steps; nil in
	// production.
	hooks *hooks
}

// hooks are test seams on one Session (no package globals).
type hooks struct {
	// beforeRename runs between the temp-file write and the rename of an
	// atomic save; an error aborts the save there.
	beforeRename func(tmp string) error
	// synced is called after every fsync with the file's base name.
	synced func(name string)
}

// Create makes a new session directory (mode 0700) under h with an initial
// session.json, creating the data root's layout if needed.
func Create(h Home, meta Meta) (*Session, error) {
	if err := h.EnsureLayout(); err != nil {
		return nil, err
	}
	created := meta.Created
	if created.IsZero() {
		created = time.Now()
	}
	sessions, err := openSessionsRoot(h)
	if err != nil {
		return nil, err
	}
	defer sessions.Close()
	id, err := makeSessionDir(sessions, meta.ID, created)
	if err != nil {
		return nil, err
	}
	s, err := openSession(h, sessions, id)
	if err != nil {
		return nil, err
	}
	if err := syncRoot(sessions); err != nil {
		s.Close()
		return nil, fmt.Errorf("create session %s: %w", id, err)
	}
	st := State{
		Version: StateVersion, ID: id, Root: meta.Root, Task: TaskTitle(meta.Task), Provider: meta.Provider,
		Mode: meta.Mode, Effort: meta.Effort, Approvals: meta.Approvals, Script: meta.Script, ChatGPTURL: meta.ChatGPTURL, Limits: meta.Limits, PID: meta.PID,
		AgentVersion: meta.AgentVersion, Phase: event.PhaseInitializing, Created: created.UTC(),
	}
	if err := s.saveState(st, created.UTC()); err != nil {
		// A session without its state would be listed as unreadable.
		s.Close()
		err = fmt.Errorf("create session %s: %w", id, err)
		if rmErr := sessions.RemoveAll(id); rmErr != nil {
			err = errors.Join(err, rmErr)
		}
		return nil, err
	}
	return s, nil
}

// makeSessionDir creates sessions/<id>, generating ids until one is free
// when want is empty.
func makeSessionDir(sessions *os.Root, want string, created time.Time) (string, error) {
	for attempt := 0; ; attempt++ {
		id := want
		if id == "" {
			var err error
			if id, err = NewID(created, nil); err != nil {
				return "", err
			}
		} else if err := ValidateID(id); err != nil {
			return "", err
		}
		err := sessions.Mkdir(id, dirMode)
		switch {
		case err == nil:
			return id, nil
		case errors.Is(err, fs.ErrExist) && want == "" && attempt < 8:
			continue
		case errors.Is(err, fs.ErrExist):
			return "", fmt.Errorf("%w: %s", ErrExists, id)
		default:
			return "", fmt.Errorf("create session directory: %w", err)
		}
	}
}

// Open opens the existing session id under h. Bad ids fail with ErrBadID
// before any path is built; unknown ones with ErrNotFound; a symlinked
// session directory with ErrSymlink.
func Open(h Home, id string) (*Session, error) {
	if err := ValidateID(id); err != nil {
		return nil, err
	}
	sessions, err := openSessionsRoot(h)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w: %s (no sessions directory %s)", ErrNotFound, id, h.SessionsDir())
	}
	if err != nil {
		return nil, err
	}
	defer sessions.Close()
	s, err := openSession(h, sessions, id)
	if err != nil {
		return nil, err
	}
	if _, err := s.lstatRegular(StateFileName); err != nil {
		s.Close()
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%w: %s has no %s", ErrNotFound, id, StateFileName)
		}
		return nil, err
	}
	s.removeStaleTemps()
	return s, nil
}

// openSessionsRoot opens h's sessions directory after refusing a symlink.
func openSessionsRoot(h Home) (*os.Root, error) {
	if h.dir == "" {
		return nil, fmt.Errorf("%w: zero Home", ErrNoHome)
	}
	dir := h.SessionsDir()
	fi, err := os.Lstat(dir)
	if err != nil {
		return nil, fmt.Errorf("sessions directory: %w", err)
	}
	if fi.Mode()&os.ModeSymlink != 0 {
		return nil, fmt.Errorf("sessions directory %s: %w", dir, ErrSymlink)
	}
	r, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("sessions directory: %w", err)
	}
	if err := sameDir(r, fi); err != nil {
		r.Close()
		return nil, fmt.Errorf("sessions directory %s: %w", dir, err)
	}
	return r, nil
}

// openSession opens sessions/<id> (already validated) as a Root, refusing a
// symlink and checking that what was opened is what was checked.
func openSession(h Home, sessions *os.Root, id string) (*Session, error) {
	fi, err := sessions.Lstat(id)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	if err != nil {
		return nil, fmt.Errorf("session %s: %w", id, err)
	}
	if fi.Mode()&os.ModeSymlink != 0 {
		return nil, fmt.Errorf("session %s: %w", id, ErrSymlink)
	}
	if !fi.IsDir() {
		return nil, fmt.Errorf("session %s: %w: not a directory", id, ErrCorrupt)
	}
	r, err := sessions.OpenRoot(id)
	if err != nil {
		return nil, fmt.Errorf("session %s: %w", id, err)
	}
	if err := sameDir(r, fi); err != nil {
		r.Close()
		return nil, fmt.Errorf("session %s: %w", id, err)
	}
	return &Session{id: id, home: h, path: filepath.Join(h.SessionsDir(), id), dir: r, now: time.Now}, nil
}

// sameDir checks that r is the directory fi describes (it was not swapped
// for a symlink between the Lstat and the open).
func sameDir(r *os.Root, fi os.FileInfo) error {
	st, err := r.Stat(".")
	if err != nil {
		return err
	}
	if !os.SameFile(fi, st) {
		return fmt.Errorf("%w: the directory changed while it was opened", ErrSymlink)
	}
	return nil
}

// syncRoot fsyncs a Root's directory.
func syncRoot(r *os.Root) error {
	d, err := r.Open(".")
	if err != nil {
		return err
	}
	defer d.Close()
	return syncDir(d)
}

// ID is the session id.
func (s *Session) ID() string { return s.id }

// Home is the data root the session lives in.
func (s *Session) Home() Home { return s.home }

// Dir is the session directory's path.
func (s *Session) Dir() string { return s.path }

// StatePath is session.json's path.
func (s *Session) StatePath() string { return filepath.Join(s.path, StateFileName) }

// EventsPath is events.jsonl's path.
func (s *Session) EventsPath() string { return filepath.Join(s.path, EventsFileName) }

// SpoolPath is tool-output.jsonl's path.
func (s *Session) SpoolPath() string { return filepath.Join(s.path, SpoolFileName) }

// LogPath is wtagent.log's path (the session's own log).
func (s *Session) LogPath() string { return filepath.Join(s.path, LogFileName) }

// Close releases the directory handle. Logs, rollouts and spools opened
// from the session stay usable until closed themselves.
func (s *Session) Close() error { return s.dir.Close() }

// OpenLogFile opens wtagent.log for appending (mode 0600).
func (s *Session) OpenLogFile() (*os.File, error) {
	f, _, err := s.openPrivate(LogFileName, os.O_WRONLY|os.O_APPEND|os.O_CREATE)
	return f, err
}

// DiagnosticsDir creates (mode 0700) and returns the directory for DOM
// snapshots and screenshots.
func (s *Session) DiagnosticsDir() (string, error) {
	if err := s.dir.Mkdir(DiagnosticsName, dirMode); err != nil && !errors.Is(err, fs.ErrExist) {
		return "", fmt.Errorf("diagnostics directory: %w", err)
	}
	fi, err := s.dir.Lstat(DiagnosticsName)
	if err != nil {
		return "", fmt.Errorf("diagnostics directory: %w", err)
	}
	if fi.Mode()&os.ModeSymlink != 0 || !fi.IsDir() {
		return "", fmt.Errorf("diagnostics directory: %w", ErrSymlink)
	}
	return filepath.Join(s.path, DiagnosticsName), nil
}

// lstatRegular returns name's info, refusing a symlink or a non-regular
// file.
func (s *Session) lstatRegular(name string) (os.FileInfo, error) {
	fi, err := s.dir.Lstat(name)
	if err != nil {
		return nil, err
	}
	if fi.Mode()&os.ModeSymlink != 0 {
		return nil, fmt.Errorf("%s: %w", filepath.Join(s.path, name), ErrSymlink)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", filepath.Join(s.path, name))
	}
	return fi, nil
}

// openPrivate opens a session file with mode 0600, refusing symlinks, and
// reports whether it was created.
func (s *Session) openPrivate(name string, flag int) (*os.File, bool, error) {
	before, err := s.lstatRegular(name)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, false, err
	}
	f, err := s.dir.OpenFile(name, flag|noFollow, fileMode)
	if err != nil {
		return nil, false, fmt.Errorf("open %s: %w", name, err)
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, false, fmt.Errorf("open %s: %w", name, err)
	}
	if before != nil && !os.SameFile(before, fi) {
		f.Close()
		return nil, false, fmt.Errorf("open %s: %w: the file changed while it was opened", name, ErrSymlink)
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		return nil, false, fmt.Errorf("open %s: not a regular file", name)
	}
	if fi.Mode().Perm()&0o077 != 0 {
		if err := f.Chmod(fileMode); err != nil {
			f.Close()
			return nil, false, fmt.Errorf("restrict %s to 0600: %w", name, err)
		}
	}
	return f, before == nil, nil
}

// syncFile fsyncs f (fdatasync where it suffices) and tells the test hook.
func (s *Session) syncFile(f *os.File, name string, data bool) error {
	var err error
	if data {
		err = dataSync(f)
	} else {
		err = f.Sync()
	}
	if err == nil && s.hooks != nil && s.hooks.synced != nil {
		s.hooks.synced(name)
	}
	return err
}

// syncDirectory fsyncs the session directory.
func (s *Session) syncDirectory() error {
	if err := syncRoot(s.dir); err != nil {
		return fmt.Errorf("sync %s: %w", s.path, err)
	}
	if s.hooks != nil && s.hooks.synced != nil {
		s.hooks.synced(".")
	}
	return nil
}

// staleTempAge is how old a save's temp file must be before Open deletes
// it: a save takes milliseconds, and a younger temp may belong to another
// process saving right now.
const staleTempAge = time.Minute

// removeStaleTemps deletes temp files that a crash left between write and
// rename of an atomic save.
func (s *Session) removeStaleTemps() {
	d, err := s.dir.Open(".")
	if err != nil {
		return
	}
	defer d.Close()
	names, err := d.Readdirnames(-1)
	if err != nil {
		return
	}
	for _, n := range names {
		if !strings.Contains(n, tempInfix) {
			continue
		}
		if fi, err := s.dir.Lstat(n); err == nil && s.now().Sub(fi.ModTime()) > staleTempAge {
			_ = s.dir.Remove(n)
		}
	}
}
