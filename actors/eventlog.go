package actors

import (
	"context"
	"fmt"

	"github.com/wtagent/wtagent/session/event"

	"github.com/anthdm/hollywood/actor"

	"github.com/wtagent/wtagent/internal/fifo"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/supervisor"
)

// eventLog is the single writer of the session's event log. It persists
// AppendEvents (fsyncing the commit points), keeps session.json and the
// rollout in step, and shows every event — persisted or live — to the UI and
// the status actor, in order. The disk work runs on a writer goroutine the
// actor owns; the actor only queues.
type eventLog struct {
	cfg  *Config
	p    pids
	jobs *fifo.Queue[logJob]
}

// logJob is one piece of work for the writer goroutine.
type logJob struct {
	ev      event.Event
	persist bool
	sync    bool
	read    bool
	replyTo *actor.PID
}

// writerFailed tells the actor that the writer could not go on.
type writerFailed struct{ err error }

func newEventLog(cfg *Config, p pids) actor.Producer {
	return func() actor.Receiver { return &eventLog{cfg: cfg, p: p} }
}

// Receive implements actor.Receiver.
func (l *eventLog) Receive(c *actor.Context) {
	switch m := c.Message().(type) {
	case actor.Started:
		l.jobs = fifo.New[logJob](4096)
		w, err := l.openWriter(c.Engine())
		if err != nil {
			supervisor.Exit(c, err)
			return
		}
		supervisor.Go(c, func(ctx context.Context) any { return w.run(ctx, l.jobs) })
	case messages.AppendEvent:
		l.jobs.Push(logJob{ev: m.Event, persist: true, sync: m.Sync, replyTo: c.Sender()}, false)
	case messages.Publish:
		l.jobs.Push(logJob{ev: m.Event}, true)
	case messages.ReadEvents:
		l.jobs.Push(logJob{read: true, replyTo: c.Sender()}, false)
	case writerFailed:
		supervisor.Exit(c, m.err)
	case actor.Stopped:
		if l.jobs != nil {
			l.jobs.Close()
		}
	}
}

func (l *eventLog) openWriter(e *actor.Engine) (*logWriter, error) {
	s := l.cfg.Session
	lg, err := s.OpenLog()
	if err != nil {
		return nil, fmt.Errorf("event log: %w", err)
	}
	ro, err := s.OpenRollout()
	if err != nil {
		lg.Close()
		return nil, fmt.Errorf("rollout: %w", err)
	}
	st, err := s.LoadState()
	if err != nil {
		lg.Close()
		ro.Close()
		return nil, fmt.Errorf("session state: %w", err)
	}
	st.Socket = l.cfg.StatusSocket
	if t := lg.Repaired(); t.Torn {
		l.cfg.Logger.Warn("event log had a torn last line; it was cut", "line", t.Line, "bytes", t.Bytes)
	}
	return &logWriter{cfg: l.cfg, e: e, p: l.p, log: lg, rollout: ro, state: st}, nil
}
