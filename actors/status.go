package actors

import (
	"encoding/json"
	"slices"
	"sort"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/anthdm/hollywood/actor"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/protocol"
	"github.com/wtagent/wtagent/supervisor"
)

// statusActor keeps the session's live status from the events the event
// log shows it and the supervisors' actor changes, and answers snapshots at
// once (it does no other work), so `wtagent status` never waits on a busy
// actor. It also serves the status socket.
type statusActor struct {
	cfg    *Config
	p      pids
	st     messages.Status
	actors map[string]messages.ActorInfo
	procs  map[string]event.ProcessInfo
	server *statusServer
}

func newStatusActor(cfg *Config, p pids) actor.Producer {
	return func() actor.Receiver {
		return &statusActor{cfg: cfg, p: p, actors: map[string]messages.ActorInfo{}, procs: map[string]event.ProcessInfo{}}
	}
}

// Receive implements actor.Receiver.
func (s *statusActor) Receive(c *actor.Context) {
	switch m := c.Message().(type) {
	case actor.Started:
		now := s.cfg.Now()
		s.st = messages.Status{
			SessionID: s.cfg.Session.ID(), PID: s.cfg.PID, Root: s.cfg.Root, Provider: s.cfg.Provider, Sandbox: s.cfg.Sandbox.Summary(),
			Phase: event.PhaseInitializing, StartedAt: now, UpdatedAt: now, Live: true,
		}
		// Actors that started before this one (or before its restart) are
		// learnt from their supervisors; later changes arrive as events.
		c.Send(pidOf(c.Engine(), pathRoot), supervisor.WhichChildren{})
		c.Send(s.p.session, supervisor.WhichChildren{})
		if s.cfg.StatusSocket != "" {
			srv, err := listenStatus(s.cfg.StatusSocket, c.Engine(), c.PID(), s.cfg.Logger)
			if err != nil {
				s.cfg.Logger.Warn("status socket unavailable", "path", s.cfg.StatusSocket, "err", err)
				return
			}
			s.server = srv
			supervisor.Go(c, srv.serve)
		}
	case event.Event:
		s.apply(m)
	case messages.ActorChanged:
		if m.Gone {
			delete(s.actors, m.Info.Path)
		} else {
			s.actors[m.Info.Path] = m.Info
		}
	case supervisor.ChildrenResult:
		// Either supervisor's answer: both are merged the same way.
		for _, ci := range m.Children {
			if _, known := s.actors[ci.Path]; !known {
				s.actors[ci.Path] = actorInfo(ci)
			}
		}
	case messages.StatusSnapshot:
		c.Respond(s.snapshot())
	case actor.Stopped:
		if s.server != nil {
			s.server.close()
		}
	}
}

func (s *statusActor) apply(ev event.Event) {
	st := &s.st
	st.UpdatedAt = s.cfg.Now()
	if ev.Turn > st.Turn {
		st.Turn = ev.Turn
	}
	switch ev.Type {
	case event.EvPhaseChanged:
		var p event.PhaseChanged
		if json.Unmarshal(ev.Payload, &p) == nil {
			st.Phase = p.To
		}
	case event.EvModelState:
		var p event.ModelStatePayload
		if json.Unmarshal(ev.Payload, &p) == nil {
			st.ModelState = p.State
		}
	case event.EvConversationStart, event.EvConversationRoll:
		var p event.ConversationPayload
		if json.Unmarshal(ev.Payload, &p) == nil {
			st.Cursor = p.Cursor
		}
	case event.EvConversationMode:
		var p event.ModeSelected
		if json.Unmarshal(ev.Payload, &p) == nil {
			st.Mode = &p
		}
	case event.EvQueued:
		var p event.QueueInstruction
		if json.Unmarshal(ev.Payload, &p) == nil {
			st.Queued = append(st.Queued, p)
		}
	case event.EvModelMessageSending:
		var p event.MessageSentPayload
		if json.Unmarshal(ev.Payload, &p) == nil && len(p.Queued) > 0 {
			st.Queued = slices.DeleteFunc(slices.Clone(st.Queued), func(q event.QueueInstruction) bool { return slices.Contains(p.Queued, q.ID) })
		}
	case event.EvManualTakeover:
		var p event.TakeoverPayload
		if json.Unmarshal(ev.Payload, &p) == nil && p.State == event.TakeoverActive {
			st.Paused = messages.PausedTakeover
		}
	case event.EvHandedBack:
		st.Paused = ""
	case event.EvModelMessageSent:
		st.ModelState = event.ModelThinking
	case event.EvModelMessageComplete:
		st.ModelState = event.ModelReady
	case event.EvToolStarted:
		var p event.ToolProposedPayload
		if json.Unmarshal(ev.Payload, &p) == nil {
			st.Tools = slices.DeleteFunc(slices.Clone(st.Tools), func(t messages.CurrentTool) bool { return t.CallID == ev.CallID })
			st.Tools = append(st.Tools, messages.CurrentTool{CallID: ev.CallID, Name: p.Call.Name, Summary: protocol.Summary(p.Call), Started: ev.TS})
		}
	case event.EvToolCompleted, event.EvToolUnknown:
		st.Tools = slices.DeleteFunc(slices.Clone(st.Tools), func(t messages.CurrentTool) bool { return t.CallID == ev.CallID })
	case event.EvProcessChanged:
		var p event.ProcessPayload
		if json.Unmarshal(ev.Payload, &p) == nil {
			s.procs[p.Info.ID] = p.Info
		}
	case event.EvProtocolParsed:
		var p event.ParsedPayload
		if json.Unmarshal(ev.Payload, &p) == nil {
			st.LastMessage = shorten(p.Message, 300)
		}
	case event.EvRunCompleted, event.EvRunInterrupted, event.EvRunFailed, event.EvRunCancelled:
		st.Phase = endPhase(ev.Type)
		st.Tools, st.Paused = nil, ""
	}
}

func (s *statusActor) snapshot() messages.Status {
	st := s.st
	now := s.cfg.Now()
	st.Tools = slices.Clone(st.Tools)
	for i := range st.Tools {
		st.Tools[i].ElapsedMS = now.Sub(st.Tools[i].Started).Milliseconds()
	}
	if len(st.Tools) > 0 {
		st.Tool = &st.Tools[0]
	}
	st.Processes = make([]event.ProcessInfo, 0, len(s.procs))
	for _, p := range s.procs {
		st.Processes = append(st.Processes, p)
	}
	sort.Slice(st.Processes, func(i, j int) bool { return st.Processes[i].ID < st.Processes[j].ID })
	st.Actors = make([]messages.ActorInfo, 0, len(s.actors))
	for _, a := range s.actors {
		st.Actors = append(st.Actors, a)
	}
	sort.Slice(st.Actors, func(i, j int) bool { return st.Actors[i].Path < st.Actors[j].Path })
	return st
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
