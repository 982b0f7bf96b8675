package actors

import (
	"encoding/json"

	"github.com/wtagent/wtagent/session/event"
)

// newEvent makes an event with a JSON payload. <, > and & stay as they are
// (the log and --json carry code and HTML).
func newEvent(t event.Type, sid string, turn int, callID string, payload any) event.Event {
	ev := event.Event{Type: t, SessionID: sid, Turn: turn, CallID: callID}
	if payload != nil {
		b, err := event.EncodePayload(payload)
		if err != nil {
			b, _ = event.EncodePayload(event.TextPayload{Text: "unencodable payload: " + err.Error()})
		}
		ev.Payload = b
	}
	return ev
}

// textEvent makes an event with a TextPayload.
func textEvent(t event.Type, sid string, turn int, callID string, p event.TextPayload) event.Event {
	return newEvent(t, sid, turn, callID, p)
}

// decodeInto unmarshals an event's payload, reporting success.
func decodeInto(ev event.Event, v any) bool {
	return len(ev.Payload) > 0 && json.Unmarshal(ev.Payload, v) == nil
}
