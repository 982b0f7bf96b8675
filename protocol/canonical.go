package protocol

import (
	"bytes"
	"encoding/json"
	"sort"
)

// CanonicalJSON returns v as canonical JSON: object keys sorted, no
// insignificant whitespace, no HTML escaping, numbers as encoding/json
// writes them. Operation keys hash it and the event log stores it, so equal
// arguments give equal bytes however they were written in the reply. It
// returns nil when v cannot be encoded as JSON (the catalogue's argument
// structs always can); use Canonicalize to get the error.
func CanonicalJSON(v any) json.RawMessage {
	b, err := Canonicalize(v)
	if err != nil {
		return nil
	}
	return b
}

// Canonicalize is CanonicalJSON with the encoding error.
func Canonicalize(v any) (json.RawMessage, error) {
	raw, err := encode(v)
	if err != nil {
		return nil, err
	}
	tree, err := sortedTree(raw)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	buf.Grow(len(raw))
	if err := writeTree(&buf, tree); err != nil {
		return nil, err
	}
	return json.RawMessage(buf.Bytes()), nil
}

// writeTree writes a sortedTree: objects with sorted keys, scalars as the
// compact bytes encode produced.
func writeTree(buf *bytes.Buffer, tree any) error {
	switch t := tree.(type) {
	case map[string]any:
		keys := make([]string, 0, len(t))
		for k := range t {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		buf.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				buf.WriteByte(',')
			}
			kb, err := encode(k)
			if err != nil {
				return err
			}
			buf.Write(kb)
			buf.WriteByte(':')
			if err := writeTree(buf, t[k]); err != nil {
				return err
			}
		}
		buf.WriteByte('}')
	case []any:
		buf.WriteByte('[')
		for i, v := range t {
			if i > 0 {
				buf.WriteByte(',')
			}
			if err := writeTree(buf, v); err != nil {
				return err
			}
		}
		buf.WriteByte(']')
	case json.RawMessage:
		buf.Write(t)
	}
	return nil
}

// EncodeData is json.Marshal without HTML escaping (<, > and & stay one
// byte each, not \u003c: every byte of a tool result costs the model's
// context) and without the trailing newline. Tools encode their result
// data with it.
func EncodeData(v any) (json.RawMessage, error) { return encode(v) }

// encode is json.Marshal without HTML escaping and without the newline.
func encode(v any) (json.RawMessage, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return json.RawMessage(bytes.TrimSuffix(buf.Bytes(), []byte("\n"))), nil
}

// sortedTree splits raw JSON into maps (which encoding/json writes with
// sorted keys) and slices down to the scalars, which stay raw bytes, so
// that long strings are scanned but never unquoted and quoted again.
func sortedTree(raw json.RawMessage) (any, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return raw, nil
	}
	switch raw[0] {
	case '{':
		var m map[string]json.RawMessage
		if err := json.Unmarshal(raw, &m); err != nil {
			return nil, err
		}
		out := make(map[string]any, len(m))
		for k, v := range m {
			t, err := sortedTree(v)
			if err != nil {
				return nil, err
			}
			out[k] = t
		}
		return out, nil
	case '[':
		var a []json.RawMessage
		if err := json.Unmarshal(raw, &a); err != nil {
			return nil, err
		}
		out := make([]any, len(a))
		for i, v := range a {
			t, err := sortedTree(v)
			if err != nil {
				return nil, err
			}
			out[i] = t
		}
		return out, nil
	}
	return raw, nil
}

// unescapeHTML turns the \u003c, \u003e and \u0026 escapes that
// encoding/json writes by default back into <, > and &, inside JSON strings
// only and never after an escaped backslash (data re-encoded on its way
// through the event log has them again).
func unescapeHTML(data []byte) []byte {
	if !bytes.Contains(data, []byte(`\u00`)) {
		return data
	}
	out := make([]byte, 0, len(data))
	for i := 0; i < len(data); i++ {
		c := data[i]
		if c != '\\' || i+1 >= len(data) {
			out = append(out, c)
			continue
		}
		if data[i+1] == 'u' && i+5 < len(data) {
			switch string(data[i+2 : i+6]) {
			case "003c", "003C":
				out, i = append(out, '<'), i+5
				continue
			case "003e", "003E":
				out, i = append(out, '>'), i+5
				continue
			case "0026":
				out, i = append(out, '&'), i+5
				continue
			}
		}
		out = append(out, c, data[i+1])
		i++
	}
	return out
}
