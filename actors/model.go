package actors

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/anthdm/hollywood/actor"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/supervisor"
)

// modelActor wraps one model transport (the browser or a script). Every
// transport call runs off the actor goroutine. A crashed browser ends the
// incarnation abnormally, so the supervisor restarts it with backoff and a
// fresh transport; the controller, told by the supervisor, reconnects and
// re-reads the reply it was waiting for.
type modelActor struct {
	cfg *Config
	p   pids
	t   model.Transport
	// busy is set while a send or wait runs, for turn busyTurn. A request
	// for the same turn (from a restarted controller) is already being
	// answered; one for another turn is refused.
	busy     bool
	busyTurn int
}

// Results of the transport goroutines.
type (
	connectDone struct {
		cursor string
		err    error
	}
	exchangeDone struct {
		turn    int
		binding *event.Binding
		reply   event.Reply
		err     error
	}
)

func newModelActor(cfg *Config, p pids) actor.Producer {
	return func() actor.Receiver { return &modelActor{cfg: cfg, p: p} }
}

// Receive implements actor.Receiver.
func (m *modelActor) Receive(c *actor.Context) {
	switch msg := c.Message().(type) {
	case actor.Started:
		e, ctl, log, sid := c.Engine(), m.p.controller, m.p.eventlog, m.cfg.Session.ID()
		m.t = m.cfg.NewTransport(TransportHooks{
			ModeSelected: func(ms event.ModeSelected) { e.Send(ctl, ms) },
			Note: func(n string) {
				e.Send(log, messages.Publish{Event: textEvent(event.EvBrowserNote, sid, 0, "", event.TextPayload{Text: n})})
			},
		})
	case messages.ConnectModel:
		m.connect(c, msg.Cursor)
	case messages.SetMode:
		if t, ok := m.t.(interface{ SetMode(mode, effort string) }); ok {
			t.SetMode(msg.Mode, msg.Effort)
		}
	case connectDone:
		if msg.err != nil {
			m.fail(c, 0, nil, msg.err)
			return
		}
		c.Send(m.p.controller, messages.ModelConnected{Cursor: msg.cursor})
	case messages.ShowPage:
		m.showPage(c)
	case messages.ReadPage:
		m.readPage(c, msg.Last)
	case messages.PageShown, messages.PageRead:
		c.Send(m.p.controller, msg)
	case messages.SendToModel:
		m.exchange(c, msg.Message, nil)
	case messages.AwaitModel:
		b := msg.Binding
		m.exchange(c, messages.Outbound{Turn: b.Turn}, &b)
	case exchangeDone:
		m.busy = false
		if msg.err != nil {
			m.fail(c, msg.turn, msg.binding, msg.err)
			return
		}
		c.Send(m.p.controller, messages.ModelReplied{Reply: msg.reply})
	case actor.Stopped:
		if m.t != nil {
			if err := m.t.Close(); err != nil {
				m.cfg.Logger.Warn("close model transport", "err", err)
			}
		}
	}
}

func (m *modelActor) connect(c *actor.Context, cursor string) {
	e, self := c.Engine(), m.p.controller
	state := func(s messages.ModelStateChanged) { e.Send(self, s) }
	t := m.t
	supervisor.Go(c, func(ctx context.Context) any {
		if err := t.Start(ctx, state); err != nil {
			return connectDone{err: err}
		}
		cur, err := t.Open(ctx, cursor)
		return connectDone{cursor: cur, err: err}
	})
}

// exchange sends out (unless await is set) and waits for the reply.
func (m *modelActor) exchange(c *actor.Context, out messages.Outbound, await *event.Binding) {
	if m.busy {
		if out.Turn == m.busyTurn {
			return
		}
		c.Send(m.p.controller, messages.ModelFailed{Turn: out.Turn, Kind: messages.FailOther,
			Err: "the model transport is already busy with a message"})
		return
	}
	m.busy, m.busyTurn = true, out.Turn
	e, ctl, log := c.Engine(), m.p.controller, m.p.eventlog
	t, wait, sid := m.t, m.cfg.Limits.TurnWait, m.cfg.Session.ID()
	supervisor.Go(c, func(ctx context.Context) any {
		b := event.Binding{}
		if await != nil {
			b = *await
		} else {
			sent, err := t.Send(ctx, out)
			if err != nil {
				return exchangeDone{turn: out.Turn, err: err}
			}
			b = sent
			e.Send(ctl, messages.ModelSent{Binding: b})
		}
		wctx, cancel := context.WithTimeout(ctx, wait)
		defer cancel()
		progress := progressPublisher(e, log, sid, out.Turn)
		reply, err := t.Await(wctx, b, progress)
		if err != nil && errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil {
			err = &model.Error{Kind: messages.FailTimeout, Err: model.ErrTimeout}
		}
		return exchangeDone{turn: out.Turn, binding: &b, reply: reply, err: err}
	})
}

// fail reports a transport failure to the controller; a crashed browser also
// ends this incarnation so the supervisor restarts the transport.
func (m *modelActor) fail(c *actor.Context, turn int, b *event.Binding, err error) {
	kind := model.Failure(err)
	c.Send(m.p.controller, messages.ModelFailed{Turn: turn, Binding: b, Kind: kind, Err: err.Error()})
	if kind == messages.FailCrash {
		supervisor.Exit(c, err)
	}
}

// progressPublisher shows partial reply text to the UI, at most every
// 100 ms, without persisting it. Each event carries only what is new since
// the last one (Kind "delta"); when the text so far no longer starts with
// what was shown (the page re-rendered it), the whole text is sent again
// (Kind "snapshot").
func progressPublisher(e *actor.Engine, log *actor.PID, sid string, turn int) func(string) {
	var last time.Time
	shown := ""
	return func(text string) {
		now := time.Now()
		if now.Sub(last) < 100*time.Millisecond || text == shown {
			return
		}
		last = now
		p := event.TextPayload{Text: text, Kind: event.ProgressSnapshot}
		if rest, ok := strings.CutPrefix(text, shown); ok {
			p = event.TextPayload{Text: rest, Kind: event.ProgressDelta}
		}
		shown = text
		e.Send(log, messages.Publish{Event: textEvent(event.EvModelProgress, sid, turn, "", p)})
	}
}
