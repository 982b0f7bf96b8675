package session

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"time"

	"github.com/wtagent/wtagent/session/event"
)

// Summary is one session as `wtagent sessions` lists it.
type Summary struct {
	ID       string
	Root     string
	Task     string
	Provider string
	Phase    event.Phase
	Outcome  event.Outcome
	Turns    int
	PID      int
	Socket   string
	Created  time.Time
	// LastActivity is the later of session.json's Updated (its file time
	// when it cannot be read) and the event log's modification time.
	LastActivity time.Time
	// Err is set when the session could not be read (a corrupt or missing
	// session.json, a symlinked directory); the other fields are then as
	// complete as could be found.
	Err error
}

// List summarises every session under h, newest activity first. A session
// that cannot be read appears with Err set instead of failing the list;
// entries whose names are not session ids are ignored. A missing sessions
// directory is an empty list.
func List(h Home) ([]Summary, error) {
	sessions, err := openSessionsRoot(h)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer sessions.Close()
	d, err := sessions.Open(".")
	if err != nil {
		return nil, fmt.Errorf("list sessions: %w", err)
	}
	names, err := d.Readdirnames(-1)
	d.Close()
	if err != nil {
		return nil, fmt.Errorf("list sessions: %w", err)
	}
	var out []Summary
	for _, name := range names {
		if ValidateID(name) != nil {
			continue
		}
		out = append(out, summarize(h, sessions, name))
	}
	slices.SortFunc(out, func(a, b Summary) int {
		if c := b.LastActivity.Compare(a.LastActivity); c != 0 {
			return c
		}
		return cmp.Compare(b.ID, a.ID)
	})
	return out, nil
}

// summarize reads one session's summary, recording any failure in Err.
func summarize(h Home, sessions *os.Root, id string) Summary {
	sum := Summary{ID: id}
	if t, err := IDTime(id); err == nil {
		sum.Created, sum.LastActivity = t, t
	}
	s, err := openSession(h, sessions, id)
	if err != nil {
		sum.Err = err
		return sum
	}
	defer s.Close()
	if fi, err := s.dir.Lstat(EventsFileName); err == nil && fi.ModTime().After(sum.LastActivity) {
		sum.LastActivity = fi.ModTime()
	}
	st, err := s.LoadState()
	if err != nil {
		sum.Err = err
		if fi, err := s.dir.Lstat(StateFileName); err == nil && fi.ModTime().After(sum.LastActivity) {
			sum.LastActivity = fi.ModTime()
		}
		return sum
	}
	sum.Root, sum.Task, sum.Provider = st.Root, st.Task, st.Provider
	sum.Phase, sum.Outcome, sum.Turns = st.Phase, st.Outcome, st.Turn
	sum.PID, sum.Socket = st.PID, st.Socket
	if !st.Created.IsZero() {
		sum.Created = st.Created
	}
	if st.Updated.After(sum.LastActivity) {
		sum.LastActivity = st.Updated
	}
	return sum
}
