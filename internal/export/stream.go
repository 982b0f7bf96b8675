package export

import (
	"encoding/json"
	"strings"
	"time"

	"github.com/wtagent/wtagent/session/event"
)

// CodexStream renders a session as Codex rollout lines one step at a time,
// for a rollout written live: each logged event (Event), or the explicit
// steps (UserMessage, AssistantMessage, FunctionCall, FunctionOutput) —
// not both. Its lines are exactly those CodexLive writes for the same
// events. Emit receives each line's value, to be encoded as one JSON line.
type CodexStream struct {
	meta Meta
	t    *transcriber
	cw   *codexWriter
}

// NewCodexStream returns a stream for the session meta describes that
// hands each line to emit.
func NewCodexStream(meta Meta, emit func(line any) error) *CodexStream {
	s := &CodexStream{meta: meta, t: newTranscriber()}
	s.cw = &codexWriter{meta: meta}
	s.SetEmit(emit)
	return s
}

// SetEmit sends the lines that follow to emit.
func (s *CodexStream) SetEmit(emit func(line any) error) {
	s.cw.emit = func(l codexLine) error { return emit(l) }
}

// Meta is the session meta the stream was made with.
func (s *CodexStream) Meta() Meta { return s.meta }

// Header writes the session_meta line, stamped ts.
func (s *CodexStream) Header(ts time.Time) error { return s.cw.header(ts) }

// Event writes the lines of one logged event, if it has any.
func (s *CodexStream) Event(ev event.Event) error {
	items, err := s.t.feed(ev)
	if err != nil {
		return err
	}
	return s.items(items)
}

// UserMessage writes the user's own words (a task or an instruction).
func (s *CodexStream) UserMessage(ts time.Time, text string) error {
	return s.items(s.t.user(event.Event{TS: ts}, text, nil))
}

// AssistantMessage writes the model's parsed message; a blank one writes
// nothing.
func (s *CodexStream) AssistantMessage(ts time.Time, text string) error {
	if strings.TrimSpace(text) == "" {
		return nil
	}
	out := s.t.closePending(ts)
	s.t.sinceUser++
	return s.items(append(out, item{kind: itemAssistant, ts: ts, text: text}))
}

// FunctionCall writes a tool call; a call id already written (or
// registered) is skipped.
func (s *CodexStream) FunctionCall(ts time.Time, callID string, call event.ToolCall) error {
	if _, seen := s.t.calls[callID]; seen {
		return nil
	}
	return s.items([]item{s.t.callItem(event.Event{TS: ts}, callID, call)})
}

// FunctionOutput writes a tool call's output; a second output for the
// same call is skipped.
func (s *CodexStream) FunctionOutput(ts time.Time, callID string, res event.ToolResult) error {
	return s.items(s.t.output(event.Event{TS: ts}, callID, res))
}

// items writes the lines of items.
func (s *CodexStream) items(items []item) error {
	for _, it := range items {
		if err := s.cw.item(it); err != nil {
			return err
		}
	}
	return nil
}

// Register notes a function call or output line of an existing rollout,
// so a reopened rollout neither repeats a call nor leaves it unanswered.
func (s *CodexStream) Register(line []byte) {
	var l struct {
		Type    string `json:"type"`
		Payload struct {
			Type   string `json:"type"`
			CallID string `json:"call_id"`
		} `json:"payload"`
	}
	if json.Unmarshal(line, &l) != nil || l.Type != codexResponseItem || l.Payload.CallID == "" {
		return
	}
	switch l.Payload.Type {
	case "function_call", "custom_tool_call":
		if _, seen := s.t.calls[l.Payload.CallID]; !seen {
			s.t.calls[l.Payload.CallID] = false
			s.t.pending = append(s.t.pending, l.Payload.CallID)
		}
	case "function_call_output", "custom_tool_call_output":
		s.t.calls[l.Payload.CallID] = true
		for i, id := range s.t.pending {
			if id == l.Payload.CallID {
				s.t.pending = append(s.t.pending[:i], s.t.pending[i+1:]...)
				break
			}
		}
	}
}
