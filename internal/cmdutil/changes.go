package cmdutil

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/wtagent/wtagent/checkpoint"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/session"
)

// Changes is a session's snapshots, opened for `wtagent diff` and
// `wtagent undo`.
type Changes struct {
	Session  *session.Session
	State    session.State
	Timeline *checkpoint.Timeline
	Store    checkpoint.Store
	// Root is the project root, opened so that no path leaves it.
	Root *os.Root
	// Turn is the session's last turn.
	Turn int
}

// OpenChanges opens session id's snapshots. With stopped set it refuses a
// session that a live wtagent process is running.
func OpenChanges(f *Factory, id string, stopped bool) (*Changes, error) {
	if err := session.ValidateID(id); err != nil {
		return nil, FlagErrorf("%v", err)
	}
	home, err := f.Home()
	if err != nil {
		return nil, err
	}
	sess, err := session.Open(home, id)
	if err != nil {
		return nil, err
	}
	c := &Changes{Session: sess}
	if err := c.load(stopped); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

func (c *Changes) load(stopped bool) error {
	st, err := c.Session.LoadState()
	if err != nil {
		return err
	}
	c.State = st
	if stopped && session.SocketLive(st.Socket) {
		return fmt.Errorf("session %s is running in another wtagent process (pid %d); stop it first, or use /undo in its prompt", c.Session.ID(), st.PID)
	}
	events, _, err := c.Session.Events()
	if err != nil {
		return err
	}
	if c.Timeline, err = checkpoint.NewTimeline(events); err != nil {
		return err
	}
	for _, ev := range events {
		c.Turn = max(c.Turn, ev.Turn)
	}
	if c.Root, err = os.OpenRoot(st.Root); err != nil {
		return fmt.Errorf("project of session %s: %w", c.Session.ID(), err)
	}
	c.Store, err = checkpoint.Open(c.Session.Dir(), st.Root)
	return err
}

// Recorder appends events to the session's log directly; only for a
// session no process is running.
func (c *Changes) Recorder() (checkpoint.Recorder, func(), error) {
	log, err := c.Session.OpenLog()
	if err != nil {
		return nil, nil, err
	}
	rec := func(t messages.EventType, payload any, sync bool) error {
		b, err := json.Marshal(payload)
		if err != nil {
			return err
		}
		_, err = log.Write(messages.Event{Type: t, SessionID: c.Session.ID(), Turn: c.Turn, Payload: b}, sync)
		return err
	}
	return rec, func() { log.Close() }, nil
}

// Close releases the session and the project root.
func (c *Changes) Close() {
	if c.Root != nil {
		c.Root.Close()
	}
	c.Session.Close()
}
