package status

import (
	"encoding/json"

	"github.com/wtagent/wtagent/session"
	"github.com/wtagent/wtagent/session/event"
)

// UpdateState folds a persisted event into session.json's summary st and
// says whether the file must be rewritten now: at run boundaries and when
// the conversation is opened. Other changes may wait (the event log's
// writer saves them now and then, and when it closes); the live state is
// on the status socket and the event log is the truth.
func UpdateState(st *session.State, ev event.Event) bool {
	if ev.Turn > st.Turn {
		st.Turn = ev.Turn
	}
	switch ev.Type {
	case event.EvRunStarted, event.EvRunResumed:
		var p event.RunStartedPayload
		_ = json.Unmarshal(ev.Payload, &p)
		if st.Task == "" {
			st.Task = session.TaskTitle(p.Task)
		}
		st.PID = p.PID
		st.Mode, st.Effort = p.Mode, p.Effort // a resume's flags are the session's request from now on
		st.Outcome, st.Reason = "", ""
		st.Phase = event.PhaseInitializing
		return true
	case event.EvPhaseChanged:
		var p event.PhaseChanged
		_ = json.Unmarshal(ev.Payload, &p)
		st.Phase = p.To
		return false
	case event.EvConversationStart, event.EvConversationRoll:
		var p event.ConversationPayload
		_ = json.Unmarshal(ev.Payload, &p)
		st.Cursor = p.Cursor
		return true
	case event.EvModeRequested:
		var p event.ModePayload
		_ = json.Unmarshal(ev.Payload, &p)
		st.Mode, st.Effort = p.Mode, p.Effort
		return true
	case event.EvModelMessageSent:
		var p event.MessageSentPayload
		_ = json.Unmarshal(ev.Payload, &p)
		b := p.Binding
		st.Pending, st.PendingResultOps = &b, p.ResultOps
		if b.Cursor != "" {
			st.Cursor = b.Cursor
		}
		return false
	case event.EvModelMessageComplete:
		var p event.MessageCompletePayload
		_ = json.Unmarshal(ev.Payload, &p)
		st.Pending, st.PendingResultOps = nil, nil
		if p.Reply.Cursor != "" {
			st.Cursor = p.Reply.Cursor
		}
		return false
	case event.EvProtocolParsed:
		var p event.ParsedPayload
		_ = json.Unmarshal(ev.Payload, &p)
		st.LastMessage = shorten(p.Message, 200)
		return false
	case event.EvRunCompleted, event.EvRunInterrupted, event.EvRunFailed, event.EvRunCancelled:
		var p event.RunEndPayload
		_ = json.Unmarshal(ev.Payload, &p)
		st.Outcome, st.Reason = p.Outcome, p.Reason
		st.Phase = EndPhase(ev.Type)
		st.PID = 0
		return true
	}
	return false
}

// EndPhase is the controller phase a run end event leaves the session in.
func EndPhase(t event.Type) event.Phase {
	switch t {
	case event.EvRunCompleted:
		return event.PhaseCompleted
	case event.EvRunInterrupted:
		return event.PhasePaused
	case event.EvRunCancelled:
		return event.PhaseCancelled
	}
	return event.PhaseFailed
}

// shorten cuts s to about n bytes on a rune boundary.
func shorten(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n] + "…"
}
