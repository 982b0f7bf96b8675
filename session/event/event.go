package event

import (
	"encoding/json"
	"time"
)

// Event is a session event: what actors send the event log (in
// messages.AppendEvent and messages.Publish) and what its readers get back,
// and one line of `--json` output (see internal/ui's JSONLine). The log
// stores it as a Record, which adds the format version.
type Event struct {
	// Seq is the event's position in the log, from 1; zero for events that
	// are shown but not persisted (tool.output, model.progress).
	Seq       int64     `json:"seq,omitempty"`
	Type      Type      `json:"type"`
	SessionID string    `json:"session_id"`
	Turn      int       `json:"turn"`
	CallID    string    `json:"call_id,omitempty"`
	TS        time.Time `json:"ts"`
	// Payload is the event's payload, one of this package's payload types
	// (see each Type), as EncodePayload wrote it. It stays raw in memory:
	// the log writes it as it is, and each reader decodes only the events
	// and fields it needs.
	Payload json.RawMessage `json:"payload,omitempty"`
}
