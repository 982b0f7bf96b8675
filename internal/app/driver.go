package app

import (
	"context"
	"fmt"
	"sync"

	"github.com/wtagent/wtagent/internal/settings"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/session"
)

// Driver runs one session's prompts for a host other than the terminal
// (the ACP agent): the host gets the events through Options.Sink, answers
// approvals through Options.Approver, and pauses runs itself.
type Driver struct {
	r    *runEnv
	lock *session.ProjectLock
	// mu guards the mode and effort of r.
	mu sync.Mutex
}

// Open starts the session of o (o.Session to resume one, else a new one)
// without running anything: each Run is one prompt. Dev servers still
// running at Close are stopped. ctx is the host's lifetime: the session's
// MCP servers live under it.
func Open(ctx context.Context, o Options) (*Driver, error) {
	if o.Sink == nil {
		return nil, fmt.Errorf("app.Open: no event sink")
	}
	o.Interactive, o.StopProcesses = false, true
	lock, err := lockProject(ctx, o)
	if err != nil {
		if o.Session != nil {
			o.Session.Close()
		}
		return nil, err
	}
	r, err := start(ctx, o, lock, o.Task)
	if err != nil {
		if lock != nil {
			lock.Release()
		}
		return nil, err
	}
	return &Driver{r: r, lock: lock}, nil
}

// ID is the session's id.
func (d *Driver) ID() string { return d.r.sess.ID() }

// Session is the open session (its event log holds the history).
func (d *Driver) Session() *session.Session { return d.r.sess }

// Run runs task (with its @path attachments) and waits for the run's end.
func (d *Driver) Run(task string) (messages.RunFinished, error) {
	d.r.rt.Run(messages.StartRun{Task: task, Note: d.r.takeUndoNote(), Attachments: d.r.attachments(task)})
	select {
	case f := <-d.r.rt.Finished():
		return f, nil
	case <-d.r.rt.Done():
		return messages.RunFinished{}, fmt.Errorf("the session's actors gave up: %v; resume with `wtagent resume %s`", d.r.rt.Err(), d.ID())
	}
}

// Pause asks the running run to pause at the next safe point, as Ctrl+C
// does at the terminal.
func (d *Driver) Pause(reason string) { d.r.rt.Pause(reason) }

// Close stops the session's dev servers and runtime and releases the
// project.
func (d *Driver) Close() {
	if desc := d.r.stillRunning(); len(desc) > 0 {
		d.r.stopProcesses(len(desc))
	}
	d.r.close()
	d.r.sess.Close()
	if d.lock != nil {
		d.lock.Release()
	}
}

// Mode is the ChatGPT mode and effort tier asked for (empty: the page's).
func (d *Driver) Mode() (mode, effort string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.r.mode, d.r.effort
}

// SetEffort asks for another effort tier (empty: the page's) from the
// next message on, as /effort does: a mode that names another tier is
// dropped.
func (d *Driver) SetEffort(effort string) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	mode := d.r.mode
	if _, err := settings.CheckModeRequest(mode, effort); err != nil {
		mode = ""
	}
	tier, err := settings.CheckModeRequest(mode, effort)
	if err != nil {
		return err
	}
	d.r.mode, d.r.effort = mode, tier
	d.r.rt.SetMode(mode, tier)
	return nil
}
