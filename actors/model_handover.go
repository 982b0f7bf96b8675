package actors

import (
	"context"

	"github.com/wtagent/wtagent/session/event"

	"github.com/anthdm/hollywood/actor"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/supervisor"
)

// showPage gives the page to the user, off the actor goroutine. A
// transport without a page (a script) has nothing to show: the run only
// pauses.
func (m *modelActor) showPage(c *actor.Context) {
	h, ok := m.t.(model.Handover)
	if !ok {
		c.Send(m.p.controller, messages.PageShown{Detail: "the " + m.t.Name() + " model has no page to take over; the run is paused until /resume"})
		return
	}
	supervisor.Go(c, func(ctx context.Context) any {
		detail, err := h.TakeOver(ctx)
		if err != nil {
			return messages.PageShown{Err: err.Error()}
		}
		return messages.PageShown{Detail: detail}
	})
}

// readPage takes the page back and reads what the user did there.
func (m *modelActor) readPage(c *actor.Context, last event.Reply) {
	h, ok := m.t.(model.Handover)
	if !ok {
		c.Send(m.p.controller, messages.PageRead{})
		return
	}
	supervisor.Go(c, func(ctx context.Context) any {
		st, err := h.HandBack(ctx, last)
		if err != nil {
			return messages.PageRead{Err: err.Error()}
		}
		return messages.PageRead{State: st}
	})
}
