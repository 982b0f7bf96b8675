package ui

import (
	"encoding/json"
	"fmt"

	"github.com/wtagent/wtagent/messages"
)

// decode unmarshals an event payload, ignoring malformed payloads (the
// renderer shows what it can).
func decode[T any](ev messages.Event) T {
	var v T
	_ = json.Unmarshal(ev.Payload, &v)
	return v
}

// humanBytes formats n bytes compactly.
func humanBytes(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}
