package session

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"
	"unicode/utf8"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/internal/atomicfile"
	"github.com/wtagent/wtagent/internal/export"
)

// StateVersion is the session.json format version this package writes.
const StateVersion = 1

// MaxStateBytes bounds session.json: it holds pointers into the event log,
// never tool results.
const MaxStateBytes = 256 << 10

// MaxTaskTitleBytes bounds the task as session.json keeps it: a title
// for `wtagent sessions` and the picker. The whole task is in the event
// log (run.started), which is where large text belongs.
const MaxTaskTitleBytes = 4 << 10

// TaskTitle is the task as session.json keeps it: whole up to
// MaxTaskTitleBytes, else cut on a rune boundary with " …" after it.
func TaskTitle(task string) string {
	if len(task) <= MaxTaskTitleBytes {
		return task
	}
	cut := MaxTaskTitleBytes
	for cut > 0 && !utf8.RuneStart(task[cut]) {
		cut--
	}
	return task[:cut] + " …"
}

// tempInfix marks the temp file of an atomic save: session.json.tmp-<hex>.
const tempInfix = ".tmp-"

// State is session.json: the small summary of a session that `wtagent
// sessions`, `status` and `resume` read without replaying the log. The
// event log stays the source of truth; State is rewritten atomically at
// phase changes and commit points.
type State struct {
	Version int    `json:"version"`
	ID      string `json:"id"`
	Root    string `json:"root"`
	// Task is the task's title (see TaskTitle).
	Task     string `json:"task"`
	Provider string `json:"provider"`
	// Cursor is the conversation position (a ChatGPT URL or a script
	// index).
	Cursor string      `json:"cursor,omitempty"`
	Phase  event.Phase `json:"phase"`
	Turn   int         `json:"turn"`
	// PID is the wtagent process running the session; zero when none.
	PID int `json:"pid,omitempty"`
	// Socket is the live status socket.
	Socket  string    `json:"socket,omitempty"`
	Created time.Time `json:"created"`
	// Updated is stamped by SaveState.
	Updated time.Time `json:"updated"`
	// Pending is the message sent to the model that has no reply yet.
	Pending *event.Binding `json:"pending,omitempty"`
	// PendingResultOps are the operations whose results Pending carries.
	PendingResultOps []string `json:"pending_result_ops,omitempty"`
	// Outcome and Reason say how the last run ended.
	Outcome event.Outcome `json:"outcome,omitempty"`
	Reason  string        `json:"reason,omitempty"`
	// Mode and Effort are the ChatGPT mode and effort tier asked for;
	// Approvals the --approvals mode.
	Mode      string `json:"mode,omitempty"`
	Effort    string `json:"effort,omitempty"`
	Approvals string `json:"approvals,omitempty"`
	// Script and ChatGPTURL are the scripted model's file and the ChatGPT
	// origin the session was started with; resume uses them.
	Script     string         `json:"script,omitempty"`
	ChatGPTURL string         `json:"chatgpt_url,omitempty"`
	Limits     map[string]int `json:"limits,omitempty"`
	// LastSeq is the last event-log sequence number this state reflects.
	LastSeq int64 `json:"last_seq,omitempty"`
	// LastMessage is the model's latest message, shortened for listings.
	LastMessage string `json:"last_message,omitempty"`
	// AgentVersion is the wtagent version that runs the session.
	AgentVersion string `json:"agent_version,omitempty"`
	// Call is, for a sub-agent, the op key of its agent.run call.
	Call string `json:"call,omitempty"`
}

// SaveState replaces session.json atomically: a temp file in the session
// directory is written and fsynced, renamed over session.json, and the
// directory is fsynced. A crash at any point leaves either the old or the
// new file, never half of one. Updated is stamped now.
func (s *Session) SaveState(st State) error {
	return s.saveState(st, s.now().UTC())
}

func (s *Session) saveState(st State, now time.Time) error {
	if st.ID == "" {
		st.ID = s.id
	}
	if st.ID != s.id {
		return fmt.Errorf("save state: state of session %q saved into %q", st.ID, s.id)
	}
	if st.Version == 0 {
		st.Version = StateVersion
	}
	st.Updated = now
	data, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		return fmt.Errorf("save state: %w", err)
	}
	if len(data) > MaxStateBytes {
		return fmt.Errorf("save state: %w: %d bytes (limit %d)", ErrStateTooLarge, len(data), MaxStateBytes)
	}
	return s.writeAtomic(StateFileName, append(data, '\n'))
}

// writeAtomic replaces name with data through atomicfile.InRoot: a
// fsynced temp file (name.tmp-<hex>) and a rename, then a directory fsync.
// A symlink at name is refused.
func (s *Session) writeAtomic(name string, data []byte) error {
	w := atomicfile.InRoot{
		Root: s.dir, Perm: fileMode,
		TempPattern: filepath.Base(name) + tempInfix + "*",
		BeforeRename: func(tmp string) error {
			if s.hooks != nil && s.hooks.beforeRename != nil {
				if err := s.hooks.beforeRename(tmp); err != nil {
					return err
				}
			}
			if fi, err := s.dir.Lstat(name); err == nil && fi.Mode()&os.ModeSymlink != 0 {
				return ErrSymlink
			}
			return nil
		},
	}
	if s.hooks != nil {
		w.Synced = s.hooks.synced
	}
	if _, err := w.WriteFile(name, data); err != nil {
		return fmt.Errorf("save %s: %w", name, err)
	}
	return nil
}

// LoadState reads session.json. A file that does not parse is a
// *CorruptError (errors.Is ErrCorrupt).
func (s *Session) LoadState() (State, error) {
	return readState(s, StateFileName)
}

// readState reads and decodes a state file through the session's root.
func readState(s *Session, name string) (State, error) {
	f, _, err := s.openPrivate(name, os.O_RDONLY)
	if err != nil {
		return State{}, fmt.Errorf("load state: %w", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxStateBytes+1))
	if err != nil {
		return State{}, fmt.Errorf("load state: %w", err)
	}
	st, err := decodeState(s.StatePath(), data)
	if err == nil && st.ID != s.id {
		err = &CorruptError{Path: s.StatePath(), Err: fmt.Errorf("holds session %q", st.ID)}
	}
	return st, err
}

// decodeState parses session.json's bytes.
func decodeState(path string, data []byte) (State, error) {
	if len(data) > MaxStateBytes {
		return State{}, &CorruptError{Path: path, Err: ErrStateTooLarge}
	}
	var st State
	if err := json.Unmarshal(data, &st); err != nil {
		return State{}, &CorruptError{Path: path, Err: err}
	}
	if st.Version > StateVersion {
		return State{}, &CorruptError{Path: path,
			Err: fmt.Errorf("format version %d is newer than this wtagent's %d", st.Version, StateVersion)}
	}
	if err := ValidateID(st.ID); err != nil {
		return State{}, &CorruptError{Path: path, Err: err}
	}
	return st, nil
}

// UpdateState loads session.json, lets fn change it and saves it
// atomically. fn's error aborts without saving.
func (s *Session) UpdateState(fn func(*State) error) error {
	st, err := s.LoadState()
	if err != nil {
		return err
	}
	if err := fn(&st); err != nil {
		return err
	}
	return s.SaveState(st)
}

// ExportMeta is what the exports and the live rollout need of the state.
func (st State) ExportMeta() export.Meta {
	return export.Meta{ID: st.ID, Root: st.Root, Provider: st.Provider, Approvals: st.Approvals,
		AgentVersion: st.AgentVersion, Created: st.Created}
}
