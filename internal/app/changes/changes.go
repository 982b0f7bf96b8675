package changes

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/checkpoint"
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

// Open opens the snapshots of session id under home. With stopped set it
// refuses a session that a live wtagent process is running (asking its
// socket until ctx ends).
func Open(ctx context.Context, home session.Home, id string, stopped bool) (*Changes, error) {
	sess, err := session.Open(home, id)
	if err != nil {
		return nil, err
	}
	c := &Changes{Session: sess}
	if err := c.load(ctx, stopped); err != nil {
		c.Close()
		return nil, err
	}
	return c, nil
}

func (c *Changes) load(ctx context.Context, stopped bool) error {
	st, err := c.Session.LoadState()
	if err != nil {
		return err
	}
	c.State = st
	if stopped && session.SocketLive(ctx, st.Socket) {
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
	rec := func(t event.Type, payload any, sync bool) error {
		b, err := json.Marshal(payload)
		if err != nil {
			return err
		}
		_, err = log.Write(event.Event{Type: t, SessionID: c.Session.ID(), Turn: c.Turn, Payload: b}, sync)
		return err
	}
	return rec, func() { log.Close() }, nil
}

// WriteDiff writes the changes of turn (0: every turn) as unified diffs
// to w and returns how many it wrote.
func (c *Changes) WriteDiff(ctx context.Context, w io.Writer, turn int) (int, error) {
	return c.Timeline.WriteDiff(ctx, w, c.Store, turn)
}

// Undo restores the project to before turn (0: the newest turn not yet
// undone), recording the undo in the session's log; afterStep, when not
// nil, is called after each restored file.
func (c *Changes) Undo(ctx context.Context, turn int, afterStep func(int)) (checkpoint.UndoResult, error) {
	rec, closeLog, err := c.Recorder()
	if err != nil {
		return checkpoint.UndoResult{}, err
	}
	defer closeLog()
	u := &checkpoint.Undo{Store: c.Store, Root: c.Root, Timeline: c.Timeline, Record: rec, AfterStep: afterStep}
	return u.Run(ctx, turn)
}

// Close releases the session and the project root.
func (c *Changes) Close() {
	if c.Root != nil {
		c.Root.Close()
	}
	c.Session.Close()
}
