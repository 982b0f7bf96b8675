package actors

import (
	"context"
	"time"

	"github.com/wtagent/wtagent/session/event"
	"github.com/wtagent/wtagent/session/status"

	"github.com/anthdm/hollywood/actor"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/supervisor"
)

// statusActor keeps the session's live status (a status.Live) from the
// events the event log shows it and the supervisors' actor changes, and
// answers snapshots at once (it does no other work), so `wtagent status`
// never waits on a busy actor. It also serves the status socket.
type statusActor struct {
	cfg    *Config
	p      pids
	live   *status.Live
	server *status.Server
}

func newStatusActor(cfg *Config, p pids) actor.Producer {
	return func() actor.Receiver {
		return &statusActor{cfg: cfg, p: p}
	}
}

// Receive implements actor.Receiver.
func (s *statusActor) Receive(c *actor.Context) {
	switch m := c.Message().(type) {
	case actor.Started:
		now := s.cfg.Now()
		s.live = status.NewLive(messages.Status{
			SessionID: s.cfg.Session.ID(), PID: s.cfg.PID, Root: s.cfg.Root, Provider: s.cfg.Provider, Sandbox: s.cfg.Sandbox.Summary(),
			Phase: event.PhaseInitializing, StartedAt: now, UpdatedAt: now, Live: true,
		})
		// Actors that started before this one (or before its restart) are
		// learnt from their supervisors; later changes arrive as events.
		c.Send(s.p.root, supervisor.WhichChildren{})
		c.Send(s.p.session, supervisor.WhichChildren{})
		if s.cfg.StatusSocket != "" {
			e, self := c.Engine(), c.PID()
			query := func() (messages.Status, error) {
				return request[messages.Status](e, self, messages.StatusSnapshot{}, statusTimeout)
			}
			srv, err := status.Listen(s.cfg.StatusSocket, query, s.cfg.Logger)
			if err != nil {
				s.cfg.Logger.Warn("status socket unavailable", "path", s.cfg.StatusSocket, "err", err)
				return
			}
			s.server = srv
			supervisor.Go(c, func(ctx context.Context) any { srv.Serve(ctx); return nil })
		}
	case event.Event:
		s.live.Apply(m, s.cfg.Now())
	case messages.ActorChanged:
		s.live.ActorChanged(m)
	case supervisor.ChildrenResult:
		// Either supervisor's answer: both are merged the same way.
		for _, ci := range m.Children {
			s.live.KnowActor(actorInfo(ci))
		}
	case messages.StatusSnapshot:
		c.Respond(s.live.Snapshot(s.cfg.Now()))
	case actor.Stopped:
		if s.server != nil {
			s.server.Close()
		}
	}
}

// statusTimeout bounds a status query to the actor: long enough for a
// loaded machine (slow, not broken), short enough that a hung session is
// reported as such.
const statusTimeout = 4 * time.Second

// actorInfo maps a supervised child onto the status snapshot's entry.
func actorInfo(i supervisor.ChildInfo) messages.ActorInfo {
	return messages.ActorInfo{
		Path:        i.Path,
		State:       i.State,
		Incarnation: i.Incarnation,
		Restarts:    i.Restarts,
		LastError:   i.LastErr,
		Since:       i.Since,
	}
}

// actorChanged maps a supervisor event onto the status actor's message.
func actorChanged(ev supervisor.Event) messages.ActorChanged {
	return messages.ActorChanged{Info: actorInfo(ev.Child), Gone: ev.Gone()}
}
