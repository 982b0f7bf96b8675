package event

import (
	"fmt"
	"strings"
	"time"
)

// OutboundKind says why a message is sent to the model.
type OutboundKind string

// The outbound message kinds.
const (
	OutboundBootstrap     OutboundKind = "bootstrap"
	OutboundToolResult    OutboundKind = "tool_result"
	OutboundProtocolError OutboundKind = "protocol_error"
	OutboundContinue      OutboundKind = "continue"
	OutboundResume        OutboundKind = "resume"
	OutboundFollowUp      OutboundKind = "follow_up"
	OutboundRollover      OutboundKind = "rollover"
	// OutboundManual is a message the user sent in the page by hand during
	// a takeover: recorded as sent, never sent by wtagent.
	OutboundManual OutboundKind = "manual"
)

// Binding identifies a sent user message so that only a reply newer than it
// is accepted (never a stale one), and so that a restarted transport can
// find the reply again instead of sending twice.
type Binding struct {
	Turn int `json:"turn"`
	// Cursor is where the conversation lives: a ChatGPT conversation URL,
	// or the scripted model's line index.
	Cursor string `json:"cursor"`
	// UserMessageID is the page's id of the sent user message, if known.
	UserMessageID string `json:"user_message_id,omitempty"`
	// TurnIndex is the page's conversation-turn-N of the sent message.
	TurnIndex int `json:"turn_index,omitempty"`
	// PrevAssistantID is the newest assistant message id before sending.
	PrevAssistantID string `json:"prev_assistant_id,omitempty"`
	// TextSHA256 is the hash of the sent text, to recognise it on reread.
	TextSHA256 string    `json:"text_sha256"`
	SentAt     time.Time `json:"sent_at"`
	// Probe marks a message whose send is in doubt (a crash came between
	// submitting it and the confirmation): the transport looks for it by
	// TextSHA256 and returns its reply, or fails with model.ErrNotSent so
	// that it is sent (once).
	Probe bool `json:"probe,omitempty"`
}

// ReplySource names where the reply text was read from.
type ReplySource string

// The reply sources, in the adapter's order of preference.
const (
	SourceNetwork ReplySource = "network"
	// SourceResume: the page's stream broke off and nothing continued it;
	// the adapter resumed it itself (stream_status, then the resume POST)
	// and read the rest from the network.
	SourceResume       ReplySource = "network_resume"
	SourceConversation ReplySource = "conversation_json"
	SourceCopy         ReplySource = "copy"
	SourceDOM          ReplySource = "dom"
	SourceScript       ReplySource = "script"
)

// Reply is a complete model reply, bound to the message it answers.
type Reply struct {
	Binding Binding `json:"binding"`
	// Text is the exact reply text as the model produced it.
	Text      string      `json:"text"`
	MessageID string      `json:"message_id,omitempty"`
	ModelSlug string      `json:"model_slug,omitempty"`
	Source    ReplySource `json:"source"`
	// Cursor is the conversation position after this reply.
	Cursor string `json:"cursor"`
	// CompletedAt is when completion was detected.
	CompletedAt time.Time `json:"completed_at"`
}

// ModelState is the model transport's state as the UI and status show it.
type ModelState string

// The model transport states.
const (
	ModelStarting         ModelState = "starting"
	ModelAuthRequired     ModelState = "auth_required"
	ModelTakeoverRequired ModelState = "takeover_required"
	ModelReady            ModelState = "ready"
	ModelSending          ModelState = "sending"
	ModelThinking         ModelState = "thinking"
	ModelRateLimited      ModelState = "rate_limited"
	ModelRecovering       ModelState = "recovering"
	ModelClosed           ModelState = "closed"
)

// ModeSelected reports the outcome of selecting a ChatGPT mode: a
// (model, effort) request. Its own Choice is the mode part (--mode; an
// empty Requested when only an effort was asked for), Effort the effort
// part (--effort), when there is one.
type ModeSelected struct {
	Choice
	// Picker is the picker generation used: 2025, 2026-06, 2026-09 or
	// 2026-11.
	Picker string  `json:"picker,omitempty"`
	Effort *Choice `json:"effort,omitempty"`
}

// Choice is the outcome of one part of a mode request.
type Choice struct {
	Requested string `json:"requested"`
	// Outcome is already, selected, fallback, unavailable, kept or "not
	// offered" (a mode the picker does not offer: the run stops).
	Outcome  string `json:"outcome"`
	Selected string `json:"selected,omitempty"`
	// Reason says why the outcome is not the requested one (a
	// rate-limited choice, no picker, no matching choice).
	Reason string `json:"reason,omitempty"`
}

// Short is what the page ended on, for a status line: the selected model
// and effort tier ("gpt-5-5-thinking, extra-high"); empty when nothing
// was selected.
func (m ModeSelected) Short() string {
	var parts []string
	for _, c := range []*Choice{&m.Choice, m.Effort} {
		if c != nil && c.Selected != "" {
			parts = append(parts, c.Selected)
		}
	}
	return strings.Join(parts, ", ")
}

// String is the selection in a few words, as the live view and status
// show it: "thinking: selected gpt-5-5-thinking, effort extra-high:
// selected extra-high".
func (m ModeSelected) String() string {
	var parts []string
	for _, p := range []struct {
		name string
		c    *Choice
	}{{"mode", &m.Choice}, {"effort", m.Effort}} {
		if p.c == nil || p.c.Requested == "" {
			continue
		}
		s := strings.TrimSpace(fmt.Sprintf("%s %s: %s %s", p.name, p.c.Requested, p.c.Outcome, p.c.Selected))
		if p.c.Reason != "" {
			s += " (" + p.c.Reason + ")"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", ")
}
