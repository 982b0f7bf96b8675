package cmdutil

import (
	"encoding/json"
	"io"
)

// JSONLines is the one style of every `--json` output: JSON Lines, one
// object per line (a list is one line per item), snake_case keys, RFC 3339
// times, and <, > and & written as themselves.
type JSONLines struct{ enc *json.Encoder }

// NewJSONLines returns a JSON Lines writer to w.
func NewJSONLines(w io.Writer) *JSONLines {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return &JSONLines{enc: enc}
}

// Line writes v as one line.
func (j *JSONLines) Line(v any) error { return j.enc.Encode(v) }

// WriteJSONLines writes each item as one line.
func WriteJSONLines[T any](w io.Writer, items []T) error {
	j := NewJSONLines(w)
	for _, it := range items {
		if err := j.Line(it); err != nil {
			return err
		}
	}
	return nil
}
