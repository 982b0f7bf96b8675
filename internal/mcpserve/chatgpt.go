package mcpserve

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"charm.land/log/v2"
	"github.com/anthdm/hollywood/actor"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/session/event"
	"github.com/wtagent/wtagent/supervisor"
)

// Hooks are what a transport reports to the chatgpt actor that owns it.
type Hooks struct {
	// Note receives the transport's notes about slow steps (launching
	// Chrome, uploading); they go to the current call's progress.
	Note func(string)
}

// chatgptActor owns one model transport and serves one call at a time.
// Every transport call runs off the actor goroutine. A crash of the
// browser ends the incarnation abnormally: the supervisor restarts it with
// a fresh transport, and the call is served again by it (awaited, not
// resent, when its message was already sent).
type chatgptActor struct {
	newTransport func(Hooks) model.Transport
	queue        *actor.PID
	logger       *log.Logger
	t            model.Transport
	// started is set once t started for a call (its browser launched).
	started bool
	current *call
}

func newChatGPTActor(newTransport func(Hooks) model.Transport, queue *actor.PID, logger *log.Logger) actor.Producer {
	return func() actor.Receiver { return &chatgptActor{newTransport: newTransport, queue: queue, logger: logger} }
}

// browserGone reports whether t's browser was launched and is gone (a
// transport with no browser never is).
func browserGone(t model.Transport) bool {
	b, ok := t.(interface{ BrowserPID() int })
	return ok && b.BrowserPID() == 0
}

// Receive implements actor.Receiver.
func (a *chatgptActor) Receive(c *actor.Context) {
	switch msg := c.Message().(type) {
	case actor.Started:
		e, self := c.Engine(), c.PID()
		a.t = a.newTransport(Hooks{Note: func(n string) { e.Send(self, browserNote{text: n}) }})
	case serve:
		a.current = msg.c
		t, started := a.t, a.started
		if started && browserGone(t) {
			// Chrome died since the last call: this incarnation ends and
			// the call goes to the next one, with a fresh transport.
			c.Send(c.PID(), ran{c: msg.c, err: &model.Error{Kind: messages.FailCrash, Err: fmt.Errorf("%w: Chrome is gone", model.ErrCrash)}})
			return
		}
		supervisor.Go(c, func(ctx context.Context) any { return exchange(ctx, t, msg.c) })
	case browserNote:
		if a.current != nil {
			a.current.progress.status("%s", msg.text)
		}
	case ran:
		a.current, a.started = nil, a.started || msg.launched
		crashed := msg.err != nil && model.Failure(msg.err) == messages.FailCrash
		if crashed && msg.c.ctx.Err() == nil {
			msg.c.attempts++
			msg.c.progress.status("Chrome crashed (%v); starting it again", msg.err)
			c.Send(a.queue, served{c: msg.c, retry: true, exiting: true})
		} else {
			msg.c.finish(outcome{reply: msg.reply, err: msg.err})
			c.Send(a.queue, served{c: msg.c, exiting: crashed})
		}
		if crashed { // the next call gets a fresh transport
			a.logger.Warn("Chrome crashed: the next call gets a fresh transport", "err", msg.err)
			supervisor.Exit(c, msg.err)
		}
	case actor.Stopped:
		if a.t != nil {
			_ = a.t.Close() // the browser logs its own failures
		}
	}
}

// exchange runs one call on t: start (or relaunch) the browser, open the
// conversation, send the message unless it was sent already, and await
// the reply. It ends early when ctx (the incarnation) or the call's
// context ends.
func exchange(ctx context.Context, t model.Transport, k *call) ran {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stop := context.AfterFunc(k.ctx, cancel)
	defer stop()
	launched := false
	fail := func(err error) ran {
		if k.ctx.Err() != nil {
			err = k.ctx.Err()
		}
		return ran{c: k, err: err, launched: launched}
	}
	p := k.progress
	p.status("starting ChatGPT")
	if err := t.Start(ctx, func(s messages.ModelStateChanged) { p.status("%s", stateNote(s)) }); err != nil {
		return fail(err)
	}
	launched = true
	if m, ok := t.(interface{ SetMode(mode, effort string) }); ok {
		m.SetMode(k.req.mode, k.req.effort)
	}
	cursor := k.req.cursor
	if k.sent != nil {
		cursor = k.sent.Cursor
	}
	if _, err := t.Open(ctx, cursor); err != nil {
		return fail(err)
	}
	if k.sent == nil {
		p.status("sending the prompt")
		b, err := t.Send(ctx, messages.Outbound{Turn: k.n, Kind: event.OutboundFollowUp, Text: k.req.prompt, Attachments: k.req.files})
		if err != nil {
			return fail(err)
		}
		k.sent = &b
	}
	p.status("sent; waiting for ChatGPT's reply")
	wctx, wcancel := context.WithTimeout(ctx, k.wait)
	defer wcancel()
	reply, err := t.Await(wctx, *k.sent, p.partial)
	if err != nil && errors.Is(err, context.DeadlineExceeded) && ctx.Err() == nil {
		err = &model.Error{Kind: messages.FailTimeout, Err: model.ErrTimeout}
	}
	if err != nil {
		return fail(err)
	}
	return ran{c: k, reply: reply, launched: true}
}

// stateNote is the progress message of a model state change: its detail,
// a phrase of its own ("sending turn 1 (12 bytes, 0 attachments)"), or
// the state in words when it has none.
func stateNote(s messages.ModelStateChanged) string {
	if s.Detail != "" {
		return s.Detail
	}
	return "ChatGPT: " + strings.ReplaceAll(string(s.State), "_", " ")
}
