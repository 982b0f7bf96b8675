package actors

import (
	"github.com/anthdm/hollywood/actor"

	"github.com/wtagent/wtagent/messages"
)

// bridge is the one unsupervised actor: it hands RunFinished messages to
// the Go code that started the runtime.
type bridge struct {
	out chan<- messages.RunFinished
}

// Receive implements actor.Receiver.
func (b *bridge) Receive(c *actor.Context) {
	if m, ok := c.Message().(messages.RunFinished); ok {
		select {
		case b.out <- m:
		default:
			// Nobody reads finished runs any more (the CLI is exiting).
		}
	}
}
