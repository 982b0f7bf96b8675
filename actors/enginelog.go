package actors

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/anthdm/hollywood/actor"
)

// engineLog writes hollywood's event stream to the session log: dead
// letters (a message nobody received: a late reply, a message to a
// stopped actor) at debug — they are routine while a tree stops, and the
// terminal (warn by default) is no place for them — the other engine
// events at the level hollywood gives them.
type engineLog struct{ log *slog.Logger }

func newEngineLog(cfg *Config) actor.Producer {
	return func() actor.Receiver { return &engineLog{log: cfg.Logger} }
}

// Receive implements actor.Receiver.
func (l *engineLog) Receive(c *actor.Context) {
	switch m := c.Message().(type) {
	case actor.Started:
		c.Engine().Subscribe(c.PID())
	case actor.Stopped:
		c.Engine().Unsubscribe(c.PID())
	case actor.DeadLetterEvent:
		l.log.Debug("dead letter", "to", pidString(m.Target), "from", pidString(m.Sender), "message", fmt.Sprintf("%T", m.Message))
	case actor.EventLogger:
		level, msg, attrs := m.Log()
		l.log.Log(context.Background(), level, "engine: "+msg, attrs...)
	}
}

func pidString(p *actor.PID) string {
	if p == nil {
		return ""
	}
	return p.String()
}
