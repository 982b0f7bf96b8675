package ui

import (
	"encoding/json"
	"io"
	"sync"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/internal/cmdutil"
)

// JSONLine is one line of `--json` output.
type JSONLine struct {
	Type      event.Type      `json:"type"`
	SessionID string          `json:"session_id"`
	Turn      int             `json:"turn"`
	CallID    string          `json:"call_id"`
	TS        time.Time       `json:"ts"`
	Payload   json.RawMessage `json:"payload"`
}

// JSONWriter prints events as JSON Lines, one event per line, in order.
// It is safe for concurrent use.
type JSONWriter struct {
	mu  sync.Mutex
	enc *cmdutil.JSONLines
}

// NewJSONWriter returns a writer of JSON Lines to w.
func NewJSONWriter(w io.Writer) *JSONWriter {
	return &JSONWriter{enc: cmdutil.NewJSONLines(w)}
}

// Event writes ev as one line.
func (j *JSONWriter) Event(ev event.Event) {
	p := ev.Payload
	if len(p) == 0 {
		p = json.RawMessage("{}")
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	_ = j.enc.Line(JSONLine{Type: ev.Type, SessionID: ev.SessionID, Turn: ev.Turn, CallID: ev.CallID, TS: ev.TS, Payload: p})
	if n, ok := needsOf(ev); ok {
		if b, err := json.Marshal(n); err == nil {
			_ = j.enc.Line(JSONLine{Type: TypeNeeds, SessionID: ev.SessionID, Turn: ev.Turn, TS: ev.TS, Payload: b})
		}
	}
}
