package browser

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"
)

// streamParser reads the event stream of the page's conversation request
// (POST /backend-api/f/conversation, text/event-stream) in the v1 delta
// encoding, or the older full-message encoding, and rebuilds the messages
// it carries. Feed it the bytes in order as they arrive.
type streamParser struct {
	line  []byte   // an incomplete line
	event string   // the current event's name
	data  []string // the current event's data lines

	encoding string // "v1" after event: delta_encoding
	lastPath string // the path of the last delta op, for the short forms
	lastOp   string

	msgs   []*streamMsg // in stream order
	convID string
	done   bool // data: [DONE]
	final  bool // message_stream_complete
	errMsg string
	events int
}

// streamMsg is one message the stream carries; root is the object of its
// add op ({"message": {...}, "conversation_id": ...}).
type streamMsg struct {
	root map[string]any
}

// streamResult is what the stream says about the turn so far.
type streamResult struct {
	// Len is the reply text's length in bytes so far.
	Len       int
	MessageID string
	ModelSlug string
	// Finished means the reply is complete: that message has status
	// finished_successfully and end_turn, or the stream ended with [DONE]
	// after it finished.
	Finished bool
	// Ended means the stream said it is over ([DONE] or
	// message_stream_complete).
	Ended          bool
	ConversationID string
	// Error is an error the stream reported.
	Error string
	// HasReply is true once an assistant text message for all exists.
	HasReply bool
}

// write feeds stream bytes.
func (p *streamParser) write(b []byte) {
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			p.line = append(p.line, b...)
			return
		}
		var line []byte
		if len(p.line) > 0 {
			line = append(p.line, b[:i]...)
			p.line = nil
		} else {
			line = b[:i]
		}
		b = b[i+1:]
		p.handleLine(bytes.TrimSuffix(line, []byte{'\r'}))
	}
}

// handleLine handles one complete SSE line.
func (p *streamParser) handleLine(line []byte) {
	if len(line) == 0 {
		p.dispatch()
		return
	}
	if line[0] == ':' {
		return // a comment
	}
	field, value, _ := bytes.Cut(line, []byte{':'})
	value = bytes.TrimPrefix(value, []byte{' '})
	switch string(field) {
	case "event":
		p.event = string(value)
	case "data":
		p.data = append(p.data, string(value))
	}
}

// dispatch handles the event whose lines were read.
func (p *streamParser) dispatch() {
	if len(p.data) == 0 {
		p.event = ""
		return
	}
	data := strings.Join(p.data, "\n")
	event := p.event
	p.data, p.event = p.data[:0], ""
	p.events++
	if strings.TrimSpace(data) == "[DONE]" {
		p.done = true
		return
	}
	var v any
	dec := json.NewDecoder(strings.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return // not JSON: ignore, as the page does
	}
	if event == "delta_encoding" {
		if s, ok := v.(string); ok {
			p.encoding = s
		}
		return
	}
	if s, ok := v.(string); ok && s == "v1" {
		p.encoding = s
		return
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return
	}
	p.handleObject(event, obj)
}

// handleObject applies one JSON event.
func (p *streamParser) handleObject(event string, obj map[string]any) {
	if t, _ := obj["type"].(string); t != "" {
		switch t {
		case "message_stream_complete":
			p.final = true
		case "error":
			p.errMsg = errorText(obj)
		}
		if c, _ := obj["conversation_id"].(string); c != "" && p.convID == "" {
			p.convID = c
		}
		return
	}
	if e, ok := obj["error"]; ok && e != nil {
		p.errMsg = errorText(obj)
		return
	}
	_, hasV := obj["v"]
	_, hasO := obj["o"]
	_, hasP := obj["p"]
	if event == "delta" || hasV || hasO || hasP {
		p.applyDelta(obj)
		return
	}
	if m, ok := obj["message"].(map[string]any); ok {
		// The full-message encoding: each event carries the whole message.
		p.setMessage(obj, m)
	}
}

// errorText extracts a readable error from an error event.
func errorText(obj map[string]any) string {
	switch e := obj["error"].(type) {
	case string:
		return e
	case map[string]any:
		if m, _ := e["message"].(string); m != "" {
			return m
		}
	}
	if m, _ := obj["message"].(string); m != "" {
		return m
	}
	b, _ := json.Marshal(obj)
	return string(b)
}

// setMessage replaces or appends a full message (old encoding).
func (p *streamParser) setMessage(root, m map[string]any) {
	if c, _ := root["conversation_id"].(string); c != "" {
		p.convID = c
	}
	id, _ := m["id"].(string)
	for _, old := range p.msgs {
		if om, ok := old.root["message"].(map[string]any); ok {
			if oid, _ := om["id"].(string); oid != "" && oid == id {
				old.root = root
				return
			}
		}
	}
	p.msgs = append(p.msgs, &streamMsg{root: root})
}

// applyDelta applies one v1 delta event: {"p","o","v"}, the short forms
// that continue the last path and op, or a patch of several ops.
func (p *streamParser) applyDelta(obj map[string]any) {
	path, hasP := obj["p"].(string)
	op, hasO := obj["o"].(string)
	val := obj["v"]
	if !hasP {
		path = p.lastPath
	}
	if !hasO {
		if hasP {
			op = "replace"
			if path == p.lastPath {
				op = p.lastOp
			}
		} else {
			op = p.lastOp
		}
	}
	if op == "patch" {
		ops, _ := val.([]any)
		for _, o := range ops {
			if m, ok := o.(map[string]any); ok {
				p.applyDelta(m)
			}
		}
		return
	}
	if path == "" && (op == "add" || op == "replace" || op == "") {
		if root, ok := val.(map[string]any); ok {
			if c, _ := root["conversation_id"].(string); c != "" {
				p.convID = c
			}
			if _, ok := root["message"]; ok {
				p.msgs = append(p.msgs, &streamMsg{root: root})
			}
			p.lastPath, p.lastOp = path, op
			return
		}
	}
	p.lastPath, p.lastOp = path, op
	if len(p.msgs) == 0 {
		return
	}
	cur := p.msgs[len(p.msgs)-1]
	applyPointer(cur.root, path, op, val)
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
		switch c := cur.(type) {
		case *appendBuf:
			if s, ok := val.(string); ok {
				c.b = append(c.b, s...)
			}
		case string:
			if s, ok := val.(string); ok {
				setChild(parent, last, &appendBuf{b: append([]byte(c), s...)})
			}
		case []any:
			if vs, ok := val.([]any); ok {
				setChild(parent, last, append(c, vs...))
			} else {
				setChild(parent, last, append(c, val))
			}
		case nil:
			if s, ok := val.(string); ok {
				setChild(parent, last, &appendBuf{b: []byte(s)})
			} else {
				setChild(parent, last, val)
			}
		}
	case "truncate":
		n, ok := toInt(val)
		if !ok || n < 0 {
			return
		}
		switch c := cur.(type) {
		case *appendBuf:
			if n < len(c.b) {
				c.b = c.b[:n]
			}
		case string:
			if n < len(c) {
				setChild(parent, last, c[:n])
			}
		case []any:
			if n < len(c) {
				setChild(parent, last, c[:n])
			}
		}
	case "remove":
		if m, ok := parent.(map[string]any); ok {
			delete(m, last)
		}
	default: // add, replace
		setChild(parent, last, val)
	}
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
		return int(i), err == nil
	case float64:
		return int(n), true
	}
	return 0, false
}

// reply returns the final assistant text message for all, or nil.
func (p *streamParser) reply() map[string]any {
	var reply map[string]any
	for _, m := range p.msgs {
		msg, _ := m.root["message"].(map[string]any)
		if msg != nil && isReplyMessage(msg) {
			reply = msg
		}
	}
	return reply
}

// text returns the reply text so far (a copy: call it when needed, not per
// chunk).
func (p *streamParser) text() string {
	if r := p.reply(); r != nil {
		return messageText(r)
	}
	return ""
}

// result reports the reply's state as the stream has it so far; Text is
// left empty (see text).
func (p *streamParser) result() streamResult {
	r := streamResult{ConversationID: p.convID, Error: p.errMsg, Ended: p.done || p.final}
	reply := p.reply()
	if reply == nil {
		return r
	}
	r.HasReply = true
	r.MessageID, _ = reply["id"].(string)
	if md, ok := reply["metadata"].(map[string]any); ok {
		r.ModelSlug, _ = md["model_slug"].(string)
	}
	r.Len = messageLen(reply)
	status, _ := reply["status"].(string)
	endTurn, _ := reply["end_turn"].(bool)
	finished := status == "finished_successfully"
	r.Finished = finished && (endTurn || r.Ended)
	return r
}

// isReplyMessage reports whether msg is visible assistant text for the
// user: role assistant, recipient all, and text content (not thoughts, a
// reasoning recap, code or a tool call).
func isReplyMessage(msg map[string]any) bool {
	author, _ := msg["author"].(map[string]any)
	if role, _ := author["role"].(string); role != "assistant" {
		return false
	}
	if rc, _ := msg["recipient"].(string); rc != "" && rc != "all" {
		return false
	}
	content, _ := msg["content"].(map[string]any)
	ct, _ := content["content_type"].(string)
	return ct == "text" || ct == "multimodal_text"
}

// messageLen is len(messageText(msg)) without building the text.
func messageLen(msg map[string]any) int {
	content, _ := msg["content"].(map[string]any)
	parts, _ := content["parts"].([]any)
	n, k := 0, 0
	for _, part := range parts {
		switch s := part.(type) {
		case string:
			n += len(s)
			k++
		case *appendBuf:
			n += len(s.b)
			k++
		}
	}
	if k > 1 {
		n += 2 * (k - 1)
	}
	return n
}

// messageText joins the string parts of a message's content.
func messageText(msg map[string]any) string {
	content, _ := msg["content"].(map[string]any)
	parts, _ := content["parts"].([]any)
	var ss []string
	for _, part := range parts {
		switch s := part.(type) {
		case string:
			ss = append(ss, s)
		case *appendBuf:
			ss = append(ss, s.String())
		}
	}
	return strings.Join(ss, "\n\n")
}
