package mockchat

import (
	"bytes"
	"encoding/json"
)

// evKind classifies a stream event for the stream writer and the stats.
type evKind int

const (
	evOther evKind = iota
	evAdd          // the main assistant message's add
	evToken        // an append to the main message's text
	evFinal        // the patch that ends the main message (carries its last token)
	evDone         // data: [DONE]
)

// event is one pre-serialised server-sent event.
type event struct {
	kind evKind
	data []byte
	// pair marks a token event that carries two tokens (a patch).
	pair bool
}

// The paths of the v1 delta format the mock writes.
const (
	pathParts    = "/message/content/parts/0"
	pathCode     = "/message/content/text"
	pathThoughts = "/message/content/thoughts"
	pathStatus   = "/message/status"
	pathEndTurn  = "/message/end_turn"
	pathMetadata = "/message/metadata"
)

// op is one v1 delta operation. Empty fields are left out, which gives the
// short forms ({"v":…}).
type op struct {
	P *string `json:"p,omitempty"`
	O string  `json:"o,omitempty"`
	V any     `json:"v"`
	C *int    `json:"c,omitempty"`
}

// marshal encodes v as compact JSON without HTML escaping (the page gets
// "<" as "<", as from the real server).
func marshal(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic("mockchat: marshal: " + err.Error()) // only our own types are encoded
	}
	return bytes.TrimRight(b.Bytes(), "\n")
}

// sseDelta frames a delta event.
func sseDelta(kind evKind, v any) event {
	return event{kind: kind, data: frame("delta", marshal(v))}
}

// sseData frames an unnamed data event.
func sseData(kind evKind, v any) event {
	return event{kind: kind, data: frame("", marshal(v))}
}

func frame(name string, data []byte) []byte {
	var b bytes.Buffer
	if name != "" {
		b.WriteString("event: ")
		b.WriteString(name)
		b.WriteByte('\n')
	}
	b.WriteString("data: ")
	b.Write(data)
	b.WriteString("\n\n")
	return b.Bytes()
}

// encodingEvent opens every stream: event: delta_encoding / data: "v1".
func encodingEvent() event {
	return event{data: frame("delta_encoding", []byte(`"v1"`))}
}

// doneEvent ends every complete stream.
func doneEvent() event {
	return event{kind: evDone, data: []byte("data: [DONE]\n\n")}
}

// envelope is the value of an add: the message and its conversation.
type envelope struct {
	Message        *Message `json:"message"`
	ConversationID string   `json:"conversation_id"`
	Error          *string  `json:"error"`
}

// typedEvent is an unnamed data event with a type ("message_stream_complete",
// "title_generation", "input_message", "mock_notice").
type typedEvent struct {
	Type           string   `json:"type"`
	InputMessage   *Message `json:"input_message,omitempty"`
	Title          string   `json:"title,omitempty"`
	Kind           string   `json:"kind,omitempty"`
	ConversationID string   `json:"conversation_id"`
}

// completionMetadata is appended to a finished message's metadata.
type completionMetadata struct {
	IsComplete    bool          `json:"is_complete"`
	FinishDetails FinishDetails `json:"finish_details"`
}

// addEvent starts message m in the long form the first message of a
// stream uses: {"p":"","o":"add","v":{"message":…,"conversation_id":…},"c":n}.
func addEvent(kind evKind, m *Message, convID string, n int) event {
	return sseDelta(kind, op{P: new(""), O: "add", V: envelope{Message: m.clone(), ConversationID: convID}, C: new(n)})
}

// implicitAdd starts message m the way every later message of a 2026
// stream comes: {"v":{"message":…,"conversation_id":…},"c":n}, no p, no o.
func implicitAdd(kind evKind, m *Message, convID string, n int) event {
	return sseDelta(kind, op{V: envelope{Message: m.clone(), ConversationID: convID}, C: new(n)})
}

// resumeTokenEvent opens a 2026 stream after the encoding.
func resumeTokenEvent(convID string) event {
	return sseData(evOther, struct {
		Type           string `json:"type"`
		Kind           string `json:"kind"`
		Token          string `json:"token"`
		ConversationID string `json:"conversation_id"`
	}{"resume_conversation_token", "conduit", "mock-conduit-" + convID, convID})
}

// steMetadata is the server's metadata event: the model asked for and the
// one that answers, and the turn's exchange id.
func steMetadata(convID, slug, turnExchange string) event {
	return sseData(evOther, struct {
		Type           string         `json:"type"`
		Metadata       map[string]any `json:"metadata"`
		ConversationID string         `json:"conversation_id"`
	}{"server_ste_metadata", map[string]any{"model_slug": slug, "resolved_model_slug": slug, "thinking_effort": "standard",
		"product_experience": "chat", "turn_exchange_id": turnExchange}, convID})
}

// markerEvent is a message_marker (user_visible_token, last_token…).
func markerEvent(convID, msgID, marker string) event {
	return sseData(evOther, struct {
		Type           string `json:"type"`
		ConversationID string `json:"conversation_id"`
		MessageID      string `json:"message_id"`
		Marker         string `json:"marker"`
	}{"message_marker", convID, msgID, marker})
}

// hiddenSystem is the hidden system message a 2026 stream starts with.
func hiddenSystem() *Message {
	return &Message{ID: newUUID(), Author: Author{Role: "system", Metadata: map[string]any{}},
		Content: Content{ContentType: "text", Parts: []string{""}}, Status: "finished_successfully",
		EndTurn: new(true), Weight: 0, Recipient: "all", Metadata: Metadata{IsVisuallyHidden: true}}
}

// typed frames a typed data event.
func typed(kind evKind, ev typedEvent) event { return sseData(kind, ev) }

// appendFull is the long form of an append.
func appendFull(path string, v any) op { return op{P: new(path), O: "append", V: v} }

// replaceOp replaces the value at path.
func replaceOp(path string, v any) op { return op{P: new(path), O: "replace", V: v} }

// patchEvent applies several operations at once. withPath writes the
// explicit empty path ({"p":"","o":"patch",…}); without it the event is the
// short {"o":"patch",…}.
func patchEvent(kind evKind, withPath bool, ops []op) event {
	o := op{O: "patch", V: ops}
	if withPath {
		o.P = new("")
	}
	return sseDelta(kind, o)
}

// finishOps end a message: its status, end_turn and finish details.
func finishOps(status string, endTurn bool, finish string) []op {
	md := completionMetadata{IsComplete: true, FinishDetails: FinishDetails{Type: finish}}
	if finish == "stop" {
		md.FinishDetails.StopTokens = []int{200002}
	}
	return []op{replaceOp(pathStatus, status), replaceOp(pathEndTurn, endTurn), appendFull(pathMetadata, md)}
}

// errorEvent is the legacy error object the page shows as an error card.
func errorEvent(convID, text string) event {
	return sseData(evOther, envelope{ConversationID: convID, Error: new(text)})
}

// moderationEvent is the moderation verdict on the reply msgID, as the
// real stream has it: flagged, and blocked when the content policy
// removes the reply.
func moderationEvent(convID, msgID string, blocked bool) event {
	type verdict struct {
		Flagged      bool   `json:"flagged"`
		Blocked      bool   `json:"blocked"`
		ModerationID string `json:"moderation_id"`
	}
	return sseData(evOther, struct {
		Type               string  `json:"type"`
		ModerationResponse verdict `json:"moderation_response"`
		ConversationID     string  `json:"conversation_id"`
		MessageID          string  `json:"message_id"`
		IsCompletion       bool    `json:"is_completion"`
	}{"moderation", verdict{true, blocked, "modr-" + msgID}, convID, msgID, true})
}

// streamComplete precedes [DONE].
func streamComplete(convID string) event {
	return typed(evOther, typedEvent{Type: "message_stream_complete", ConversationID: convID})
}
