package session

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/wtagent/wtagent/session/event"
)

// AgentsDirName is the directory of a session that holds its sub-agents'
// sessions, one directory each named by its id.
const AgentsDirName = "agents"

// CreateAgent makes the session of a sub-agent of s: a session directory
// of its own (its event log, state and spool) under s's agents/ directory,
// with an initial session.json like Create's.
func (s *Session) CreateAgent(meta Meta) (*Session, error) {
	if err := s.dir.Mkdir(AgentsDirName, dirMode); err != nil && !errors.Is(err, fs.ErrExist) {
		return nil, fmt.Errorf("sub-agents directory: %w", err)
	}
	fi, err := s.dir.Lstat(AgentsDirName)
	if err != nil {
		return nil, fmt.Errorf("sub-agents directory: %w", err)
	}
	if fi.Mode()&os.ModeSymlink != 0 || !fi.IsDir() {
		return nil, fmt.Errorf("sub-agents directory: %w", ErrSymlink)
	}
	agents, err := s.dir.OpenRoot(AgentsDirName)
	if err != nil {
		return nil, fmt.Errorf("sub-agents directory: %w", err)
	}
	defer agents.Close()
	created := meta.Created
	if created.IsZero() {
		created = time.Now()
	}
	id, err := makeSessionDir(agents, meta.ID, created)
	if err != nil {
		return nil, err
	}
	r, err := agents.OpenRoot(id)
	if err != nil {
		return nil, fmt.Errorf("sub-agent session %s: %w", id, err)
	}
	a := &Session{id: id, home: s.home, path: filepath.Join(s.path, AgentsDirName, id), dir: r, now: time.Now}
	st := State{
		Version: StateVersion, ID: id, Root: meta.Root, Task: meta.Task, Provider: meta.Provider,
		Approvals: meta.Approvals, Script: meta.Script, Limits: meta.Limits, PID: meta.PID,
		AgentVersion: meta.AgentVersion, Phase: event.PhaseInitializing, Created: created.UTC(), Call: meta.Call,
	}
	if err := a.saveState(st, created.UTC()); err != nil {
		a.Close()
		return nil, fmt.Errorf("create sub-agent session %s: %w", id, err)
	}
	return a, nil
}

// AgentOf opens the sub-agent that the agent.run call with op key call
// started, with its state; ErrNotFound when there is none.
func (s *Session) AgentOf(call string) (*Session, State, error) {
	for _, st := range AgentStates(s.path) {
		if st.Call != "" && st.Call == call {
			agents, err := s.dir.OpenRoot(AgentsDirName)
			if err != nil {
				return nil, State{}, fmt.Errorf("sub-agents directory: %w", err)
			}
			defer agents.Close()
			a, err := openSession(s.home, agents, st.ID)
			if err != nil {
				return nil, State{}, err
			}
			a.path = filepath.Join(s.path, AgentsDirName, st.ID)
			return a, st, nil
		}
	}
	return nil, State{}, fmt.Errorf("%w: no sub-agent of call %s", ErrNotFound, call)
}

// AgentStates reads the state of every sub-agent of the session in dir
// (its agents/ directory), oldest first; a sub-agent whose state cannot
// be read is left out.
func AgentStates(dir string) []State {
	root := filepath.Join(dir, AgentsDirName)
	entries, err := os.ReadDir(root)
	if err != nil {
		return nil
	}
	var out []State
	for _, de := range entries {
		if !de.IsDir() || ValidateID(de.Name()) != nil {
			continue
		}
		path := filepath.Join(root, de.Name(), StateFileName)
		data, err := os.ReadFile(path)
		if err != nil {
			continue
		}
		if st, err := decodeState(path, data); err == nil {
			out = append(out, st)
		}
	}
	slices.SortFunc(out, func(a, b State) int { return a.Created.Compare(b.Created) })
	return out
}
