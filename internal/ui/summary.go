package ui

import (
	"encoding/json"

	"github.com/wtagent/wtagent/session/event"
)

// decode unmarshals an event payload, ignoring malformed payloads (the
// renderer shows what it can).
func decode[T any](ev event.Event) T {
	var v T
	_ = json.Unmarshal(ev.Payload, &v)
	return v
}
