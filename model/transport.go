package model

import (
	"context"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/messages"
)

// Transport is a model transport. Every method blocks, so the model actor
// calls them off its own goroutine; every method honours ctx.
type Transport interface {
	// Name is the provider's name ("chatgpt", "script").
	Name() string
	// Start launches or attaches the transport and returns when it can take
	// messages. It reports state changes (login required, challenge, ready)
	// through state, and waits for the user when they must act.
	Start(ctx context.Context, state func(messages.ModelStateChanged)) error
	// Open opens the conversation at cursor, or a new one when cursor is
	// empty, and returns the conversation's cursor.
	Open(ctx context.Context, cursor string) (string, error)
	// Send enters one message, submits it and returns as soon as the
	// conversation shows it, with the binding that identifies it.
	Send(ctx context.Context, m messages.Outbound) (event.Binding, error)
	// Await waits until the reply bound to b is complete and returns its
	// exact text. It never accepts a reply older than b. progress, if not
	// nil, receives the partial text while the model writes.
	Await(ctx context.Context, b event.Binding, progress func(string)) (event.Reply, error)
	// Close releases the transport.
	Close() error
}

// Handover is implemented by a transport whose page the user can take
// over by hand (the browser; a script has no page).
type Handover interface {
	// TakeOver gives the page to the user: the window restored and in
	// front. It returns a sentence saying where.
	TakeOver(ctx context.Context) (string, error)
	// HandBack takes the page back: it reads what the user did since the
	// run's newest reply last (messages sent by hand, the model, the page
	// shown), brings the tab back to the run's conversation and hides the
	// window again.
	HandBack(ctx context.Context, last event.Reply) (event.HandBackState, error)
}
