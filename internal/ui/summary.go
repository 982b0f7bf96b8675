package ui

import (
	"encoding/json"

	"github.com/wtagent/wtagent/messages"
)

// decode unmarshals an event payload, ignoring malformed payloads (the
// renderer shows what it can).
func decode[T any](ev messages.Event) T {
	var v T
	_ = json.Unmarshal(ev.Payload, &v)
	return v
}
