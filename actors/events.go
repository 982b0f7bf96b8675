package actors

import (
	"encoding/json"

	"github.com/wtagent/wtagent/messages"
)

// newEvent makes an event with a JSON payload.
func newEvent(t messages.EventType, sid string, turn int, callID string, payload any) messages.Event {
	ev := messages.Event{Type: t, SessionID: sid, Turn: turn, CallID: callID}
	if payload != nil {
		b, err := json.Marshal(payload)
		if err != nil {
			b, _ = json.Marshal(messages.TextPayload{Text: "unencodable payload: " + err.Error()})
		}
		ev.Payload = b
	}
	return ev
}

// textEvent makes an event with a TextPayload.
func textEvent(t messages.EventType, sid string, turn int, callID string, p messages.TextPayload) messages.Event {
	return newEvent(t, sid, turn, callID, p)
}

// decodeInto unmarshals an event's payload, reporting success.
func decodeInto(ev messages.Event, v any) bool {
	return len(ev.Payload) > 0 && json.Unmarshal(ev.Payload, v) == nil
}
