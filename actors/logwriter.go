package actors

import (
	"context"
	"fmt"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/anthdm/hollywood/actor"

	"github.com/wtagent/wtagent/internal/fifo"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/session"
	"github.com/wtagent/wtagent/session/status"
)

// logWriter does the event log's disk work, in order, on one goroutine.
type logWriter struct {
	cfg     *Config
	e       *actor.Engine
	p       pids
	log     *session.Log
	rollout *session.Rollout
	state   session.State
	// saved is when session.json was last written; dirty says it is behind
	// the log.
	saved time.Time
	dirty bool
}

// stateEvery is how often session.json follows the log between run
// boundaries: it is a summary for listings, the log is the truth.
const stateEvery = time.Second

func (w *logWriter) saveState(now time.Time) {
	if err := w.cfg.Session.SaveState(w.state); err != nil {
		w.cfg.Logger.Warn("session.json write failed", "err", err)
	}
	w.saved, w.dirty = now, false
}

// run handles jobs until the queue is closed and drained (the actor
// stopped), then closes the files.
func (w *logWriter) run(ctx context.Context, jobs *fifo.Queue[logJob]) any {
	defer w.close()
	stop := context.AfterFunc(ctx, jobs.Close)
	defer stop()
	for {
		j, dropped, ok := jobs.Pop()
		if !ok {
			return nil
		}
		if dropped > 0 {
			w.cfg.Logger.Debug("live events dropped under load", "count", dropped)
		}
		if err := w.handle(j); err != nil {
			w.cfg.Logger.Error("event log writer failed", "err", err)
			return writerFailed{err: err}
		}
	}
}

func (w *logWriter) handle(j logJob) error {
	switch {
	case j.read:
		events, _, err := w.cfg.Session.Events()
		if err != nil {
			return fmt.Errorf("read event log: %w", err)
		}
		w.reply(j.replyTo, messages.EventBatch{Events: events})
		return nil
	case !j.persist:
		ev := j.ev
		if ev.TS.IsZero() {
			ev.TS = w.cfg.Now().UTC()
		}
		w.show(ev)
		return nil
	}
	ev := j.ev
	if ev.TS.IsZero() {
		ev.TS = w.cfg.Now().UTC()
	}
	seq, err := w.log.Append(ev, j.sync)
	if err != nil {
		// Synced or not, the log has a hole from here on (a full disk, a
		// size limit): whoever appends must stop, not wait for a commit
		// that never comes.
		w.reply(j.replyTo, messages.AppendFailed{Type: ev.Type, Err: err.Error()})
		return err
	}
	ev.Seq = seq
	if err := w.rollout.Event(ev); err != nil {
		w.cfg.Logger.Warn("rollout write failed", "err", err)
	}
	w.state.LastSeq = seq
	if now := w.cfg.Now(); status.UpdateState(&w.state, ev) || j.sync && now.Sub(w.saved) >= stateEvery {
		w.saveState(now)
	} else {
		w.dirty = true
	}
	// The UI sees the event before whoever waits for the commit acts on
	// it (a run's end is drawn before the CLI prompts again).
	w.show(ev)
	if j.sync {
		w.reply(j.replyTo, messages.Appended{Seq: seq})
	}
	return nil
}

// show fans an event out to the UI and the status actor.
func (w *logWriter) show(ev event.Event) {
	if ev.SessionID == "" {
		ev.SessionID = w.cfg.Session.ID()
	}
	w.cfg.Sink(ev)
	w.e.Send(w.p.status, ev)
}

func (w *logWriter) reply(to *actor.PID, msg any) {
	if to != nil {
		w.e.Send(to, msg)
	}
}

func (w *logWriter) close() {
	if w.dirty {
		w.saveState(w.cfg.Now())
	}
	if err := w.rollout.Close(); err != nil {
		w.cfg.Logger.Warn("close rollout", "err", err)
	}
	if err := w.log.Close(); err != nil {
		w.cfg.Logger.Warn("close event log", "err", err)
	}
}
