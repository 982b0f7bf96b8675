package event

import (
	"bytes"
	"encoding/json"
)

// EncodePayload is a payload's JSON as the log writes it: encoding/json's,
// without HTML escapes (<, > and & stay as they are: the log and --json
// carry code and HTML).
func EncodePayload(v any) (json.RawMessage, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}
