package actors

import (
	"bytes"
	"encoding/json"

	"github.com/wtagent/wtagent/session/event"
)

// newEvent makes an event with a JSON payload. <, > and & stay as they are
// (the log and --json carry code and HTML).
func newEvent(t event.Type, sid string, turn int, callID string, payload any) event.Event {
	ev := event.Event{Type: t, SessionID: sid, Turn: turn, CallID: callID}
	if payload != nil {
		b, err := marshalPlain(payload)
		if err != nil {
			b, _ = marshalPlain(event.TextPayload{Text: "unencodable payload: " + err.Error()})
		}
		ev.Payload = b
	}
	return ev
}

// marshalPlain is json.Marshal without HTML escapes.
func marshalPlain(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// textEvent makes an event with a TextPayload.
func textEvent(t event.Type, sid string, turn int, callID string, p event.TextPayload) event.Event {
	return newEvent(t, sid, turn, callID, p)
}

// decodeInto unmarshals an event's payload, reporting success.
func decodeInto(ev event.Event, v any) bool {
	return len(ev.Payload) > 0 && json.Unmarshal(ev.Payload, v) == nil
}
