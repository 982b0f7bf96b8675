package delta

import (
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"
)

// State decodes the v1 delta encoding the way the page does: each
// channel ("c") is one message with its own state; "c", "p" and "o" carry
// forward from the previous delta when absent, "v" never does; a "v"
// holding "message" with "p" absent or "" starts a message on its
// channel; the children of a "patch" do not inherit the outer keys.
type State struct {
	c, p, o string // the carried keys (c as its JSON text)
	hasP    bool

	chans  map[string]*Msg // channel -> its message
	msgs   []*Msg          // every message, in stream order
	convID string
}

// Msg is one message of the turn; Root is the object of its add
// ({"message": {...}, "conversation_id": ...}).
type Msg struct {
	Root map[string]any
}

// Apply applies one delta event.
func (d *State) Apply(obj map[string]any) {
	if c, ok := obj["c"]; ok {
		d.c = channelKey(c)
	}
	val := obj["v"]
	p, hasP := obj["p"].(string)
	if env, ok := val.(map[string]any); ok && (!hasP || p == "") {
		if _, isMsg := env["message"]; isMsg {
			d.start(env)
			d.p, d.hasP, d.o = "", true, "add"
			return
		}
	}
	if hasP {
		d.p, d.hasP = p, true
	}
	if o, ok := obj["o"].(string); ok {
		d.o = o
	}
	cur := d.chans[d.c]
	if d.o == "patch" {
		ops, _ := val.([]any)
		for _, o := range ops {
			if m, ok := o.(map[string]any); ok {
				d.applyChild(cur, m)
			}
		}
		return
	}
	if cur == nil || !d.hasP {
		return
	}
	applyPointer(cur.Root, d.p, d.o, val)
}

// applyChild applies one op of a patch with its own keys only.
func (d *State) applyChild(cur *Msg, m map[string]any) {
	p, hasP := m["p"].(string)
	o, _ := m["o"].(string)
	val := m["v"]
	if env, ok := val.(map[string]any); ok && (!hasP || p == "") {
		if _, isMsg := env["message"]; isMsg {
			d.start(env)
			return
		}
	}
	if o == "patch" {
		ops, _ := val.([]any)
		for _, c := range ops {
			if cm, ok := c.(map[string]any); ok {
				d.applyChild(cur, cm)
			}
		}
		return
	}
	if cur == nil || !hasP || o == "" {
		return
	}
	applyPointer(cur.Root, p, o, val)
}

// Msgs returns every message of the turn, in stream order.
func (d *State) Msgs() []*Msg { return d.msgs }

// ConversationID is the conversation the newest added message named.
func (d *State) ConversationID() string { return d.convID }

// start adds the message of env on the current channel. A message whose
// id the turn already has (a stream replayed from its start) replaces it
// in place.
func (d *State) start(env map[string]any) {
	if c, _ := env["conversation_id"].(string); c != "" {
		d.convID = c
	}
	msg, _ := env["message"].(map[string]any)
	if msg == nil {
		return
	}
	if d.chans == nil {
		d.chans = map[string]*Msg{}
	}
	if id, _ := msg["id"].(string); id != "" {
		for _, old := range d.msgs {
			if om, _ := old.Root["message"].(map[string]any); om != nil && om["id"] == id {
				old.Root = env
				d.chans[d.c] = old
				return
			}
		}
	}
	m := &Msg{Root: env}
	d.msgs = append(d.msgs, m)
	d.chans[d.c] = m
}

// SetMessage replaces or appends a full message (the older encoding).
func (d *State) SetMessage(root, m map[string]any) {
	id, _ := m["id"].(string)
	for _, old := range d.msgs {
		if om, ok := old.Root["message"].(map[string]any); ok {
			if oid, _ := om["id"].(string); oid != "" && oid == id {
				old.Root = root
				return
			}
		}
	}
	d.msgs = append(d.msgs, &Msg{Root: root})
}

// channelKey is the text of a "c" value (a number, usually).
func channelKey(c any) string {
	switch v := c.(type) {
	case json.Number:
		return v.String()
	case string:
		return "s:" + v
	case nil:
		return ""
	}
	b, _ := json.Marshal(c)
	return string(b)
}

// appendBuf is a string the stream appends to; it avoids copying the
// whole reply for each token.
type appendBuf struct{ b []byte }

func (a *appendBuf) String() string { return string(a.b) }

// applyPointer applies op with val at the JSON pointer path inside root.
func applyPointer(root map[string]any, path, op string, val any) {
	keys := splitPointer(path)
	if len(keys) == 0 {
		return
	}
	var parent, grand any = root, nil
	var parentKey string
	for _, k := range keys[:len(keys)-1] {
		next := child(parent, k)
		if next == nil {
			next = map[string]any{}
			if !setChild(parent, k, next) {
				return
			}
		}
		grand, parentKey, parent = parent, k, next
	}
	last := keys[len(keys)-1]
	if arr, ok := parent.([]any); ok && grand != nil {
		// An index one past the end grows the array (add or append to a
		// new part).
		if i, err := strconv.Atoi(last); err == nil && i == len(arr) && op != "remove" && op != "truncate" {
			arr = append(arr, nil)
			setChild(grand, parentKey, arr)
			parent = arr
		}
	}
	cur := child(parent, last)
	switch op {
	case "append":
		setChild(parent, last, appendValue(cur, val))
	case "truncate":
		if n, ok := toInt(val); ok && n >= 0 {
			setChild(parent, last, truncateValue(cur, n))
		}
	case "remove":
		switch c := parent.(type) {
		case map[string]any:
			delete(c, last)
		case []any:
			if i, err := strconv.Atoi(last); err == nil && i >= 0 && i < len(c) && grand != nil {
				setChild(grand, parentKey, append(c[:i:i], c[i+1:]...))
			}
		}
	case "add", "replace":
		setChild(parent, last, val)
	}
}

// appendValue is cur with val appended: text to text, items to a list,
// keys merged into an object.
func appendValue(cur, val any) any {
	switch c := cur.(type) {
	case *appendBuf:
		if s, ok := val.(string); ok {
			c.b = append(c.b, s...)
		}
		return c
	case string:
		if s, ok := val.(string); ok {
			return &appendBuf{b: append([]byte(c), s...)}
		}
		return c
	case []any:
		if vs, ok := val.([]any); ok {
			return append(c, vs...)
		}
		return append(c, val)
	case map[string]any:
		if vm, ok := val.(map[string]any); ok {
			for k, v := range vm {
				c[k] = v
			}
		}
		return c
	case nil:
		if s, ok := val.(string); ok {
			return &appendBuf{b: []byte(s)}
		}
		return val
	}
	return cur
}

// truncateValue cuts text to n characters (code points, never bytes) or a
// list to n items.
func truncateValue(cur any, n int) any {
	cut := func(b []byte) []byte {
		i := 0
		for k := 0; k < n && i < len(b); k++ {
			_, size := utf8.DecodeRune(b[i:])
			i += size
		}
		return b[:i]
	}
	switch c := cur.(type) {
	case *appendBuf:
		c.b = cut(c.b)
		return c
	case string:
		return string(cut([]byte(c)))
	case []any:
		if n < len(c) {
			return c[:n]
		}
	}
	return cur
}

func splitPointer(path string) []string {
	if path == "" || path == "/" {
		return nil
	}
	parts := strings.Split(strings.TrimPrefix(path, "/"), "/")
	for i, s := range parts {
		parts[i] = strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
	}
	return parts
}

func child(parent any, key string) any {
	switch c := parent.(type) {
	case map[string]any:
		return c[key]
	case []any:
		if i, err := strconv.Atoi(key); err == nil && i >= 0 && i < len(c) {
			return c[i]
		}
	}
	return nil
}

// setChild sets key in parent, a map or an in-range slice index.
func setChild(parent any, key string, v any) bool {
	switch c := parent.(type) {
	case map[string]any:
		c[key] = v
		return true
	case []any:
		i, err := strconv.Atoi(key)
		if err != nil || i < 0 || i >= len(c) {
			return false
		}
		c[i] = v
		return true
	}
	return false
}

func toInt(v any) (int, bool) {
	switch n := v.(type) {
	case json.Number:
		i, err := n.Int64()
		return int(i), err == nil && i < 1<<31
	case float64:
		return int(n), true
	}
	return 0, false
}
