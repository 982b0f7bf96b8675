package status

import (
	"encoding/json"
	"slices"
	"sort"
	"time"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/protocol"
	"github.com/wtagent/wtagent/session/event"
)

// Live is a session's live status: the header it starts from, folded with
// the events the event log shows and the actors' changes. It is not safe
// for concurrent use; its owner (the status actor) serialises it.
type Live struct {
	st     messages.Status
	actors map[string]messages.ActorInfo
	procs  map[string]event.ProcessInfo
}

// NewLive starts a live status from st (the session, its process, root,
// provider, sandbox, phase and times).
func NewLive(st messages.Status) *Live {
	return &Live{st: st, actors: map[string]messages.ActorInfo{}, procs: map[string]event.ProcessInfo{}}
}

// ActorChanged notes an actor's change; a gone actor is forgotten.
func (l *Live) ActorChanged(m messages.ActorChanged) {
	if m.Gone {
		delete(l.actors, m.Info.Path)
	} else {
		l.actors[m.Info.Path] = m.Info
	}
}

// KnowActor adds an actor learnt from its supervisor, unless a change
// already told of it (the change is newer).
func (l *Live) KnowActor(a messages.ActorInfo) {
	if _, known := l.actors[a.Path]; !known {
		l.actors[a.Path] = a
	}
}

// Apply folds an event shown at now into the status.
func (l *Live) Apply(ev event.Event, now time.Time) {
	st := &l.st
	st.UpdatedAt = now
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
			l.procs[p.Info.ID] = p.Info
		}
	case event.EvProtocolParsed:
		var p event.ParsedPayload
		if json.Unmarshal(ev.Payload, &p) == nil {
			st.LastMessage = shorten(p.Message, 300)
		}
	case event.EvRunCompleted, event.EvRunInterrupted, event.EvRunFailed, event.EvRunCancelled:
		st.Phase = EndPhase(ev.Type)
		st.Tools, st.Paused = nil, ""
	}
}

// Snapshot returns the status at now: each running call with its elapsed
// time (the first also as Tool), the processes and actors sorted.
func (l *Live) Snapshot(now time.Time) messages.Status {
	st := l.st
	st.Tools = slices.Clone(st.Tools)
	for i := range st.Tools {
		st.Tools[i].ElapsedMS = now.Sub(st.Tools[i].Started).Milliseconds()
	}
	if len(st.Tools) > 0 {
		st.Tool = &st.Tools[0]
	}
	st.Processes = make([]event.ProcessInfo, 0, len(l.procs))
	for _, p := range l.procs {
		st.Processes = append(st.Processes, p)
	}
	sort.Slice(st.Processes, func(i, j int) bool { return st.Processes[i].ID < st.Processes[j].ID })
	st.Actors = make([]messages.ActorInfo, 0, len(l.actors))
	for _, a := range l.actors {
		st.Actors = append(st.Actors, a)
	}
	sort.Slice(st.Actors, func(i, j int) bool { return st.Actors[i].Path < st.Actors[j].Path })
	return st
}
