package sse

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"

	"github.com/wtagent/wtagent/browser/wire/delta"
)

// Parser reads the event stream of one turn: the page's conversation
// request (POST /backend-api/f/conversation, text/event-stream) and every
// continuation of it (the resume POST, the items of the user's WebSocket),
// fed in order. It decodes the v1 delta encoding (package delta) and the
// older full-message encoding, and keeps the typed events that matter to
// the adapter: the hand-off, the resolved model, errors.
type Parser struct {
	line  []byte   // an incomplete line
	event string   // the current event's name
	data  []string // the current event's data lines

	encoding string // "v1" after event: delta_encoding
	deltas   delta.State

	convID string
	done   bool // data: [DONE] (of any stream of the turn)
	final  bool // message_stream_complete
	errMsg string
	// events counts the SSE events read (encoding and token events count;
	// comments and [DONE] do not): the resume POST's offset.
	events int

	handoff      *handoff
	askedSlug    string // server_ste_metadata.model_slug
	resolvedSlug string // server_ste_metadata.resolved_model_slug
	// adjustments are server_ste_metadata's model_adjustments (a usage
	// cap: "auto:smaller_model:reached_message_cap").
	adjustments  []string
	turnExchange string // metadata.turn_exchange_id or the hand-off's
	lastTokenID  string // message_marker last_token's message id
	// conduit is the resume_conversation_token's token: the resume POST's
	// x-conduit-token (a credential: never logged nor recorded).
	conduit string
	// moderation is what the turn's moderation events said, together.
	moderation Moderation
}

// Moderation is what the turn's `moderation` events said:
// {"type":"moderation","moderation_response":{"flagged":…,"blocked":…,
// "moderation_id":"modr-…"},"message_id":…,"is_completion":…}. A flagged
// message is still shown; a blocked one is removed by ChatGPT's content
// policy (the page shows a policy notice instead of its text).
type Moderation struct {
	Flagged bool
	Blocked bool
	// ID is the blocking (else the last) event's moderation_id.
	ID string
	// MessageID is the message the blocking event names; Completion is
	// its is_completion: true for the reply, false for the user's message.
	MessageID  string
	Completion bool
}

// handoff is a stream_handoff event (or the socket's
// conversation-turn-handoff-control): the turn goes on elsewhere.
type handoff struct {
	ConversationID string
	TopicID        string   // conversation-turn-<turn_exchange_id>
	Options        []string // resume_sse_endpoint, subscribe_ws_topic
}

// Result is what the streams of a turn say about it so far.
type Result struct {
	// Len is the reply text's length in bytes so far.
	Len int
	// MessageID is the id of the newest answer message.
	MessageID string
	ModelSlug string
	// Finished means the reply is complete: its last answer message has
	// end_turn true (and was not cut by max_tokens). [DONE] alone never
	// finishes a turn.
	Finished bool
	// Ended means a stream said it is over ([DONE] or
	// message_stream_complete); with Handoff or without Finished the turn
	// may go on in another stream.
	Ended          bool
	ConversationID string
	// Error is an error the stream reported.
	Error string
	// HasReply is true once an answer message exists.
	HasReply bool
	// Segments is the number of answer messages (joined with a blank line).
	Segments int
	// MaxTokens means the answer stopped at the output limit: not complete,
	// the reply must be continued.
	MaxTokens bool
	// Handoff is set once the stream handed the turn off.
	Handoff bool
	// TopicID is the WebSocket topic of the turn, once known.
	TopicID string
	// ResolvedSlug is the model that answered when the server says it
	// differs from the one asked for (a silent fallback).
	ResolvedSlug string
	// Fallback describes a fallback to report: the resolved model, else
	// (a usage cap that shows only as model_adjustments, the resolved
	// model equal to the one asked for) the adjustments.
	Fallback string
	// Activity describes what the model does before the answer
	// ("thinking", "searching", "writing"), for a live status line.
	Activity string
	// Events is the number of SSE events read (the resume offset).
	Events int
	// Image means an answer message holds an image part (an image-only
	// reply has no text).
	Image bool
	// Moderation is what the turn's moderation events said; with Blocked
	// the turn is refused whatever text came.
	Moderation Moderation
}

// Write feeds stream bytes.
func (p *Parser) Write(b []byte) {
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

// EndFragment ends a complete SSE fragment (a WebSocket item, a whole
// body): a last event without its blank line is dispatched.
func (p *Parser) EndFragment() {
	if len(p.line) > 0 {
		p.Write([]byte{'\n'})
	}
	p.Write([]byte{'\n'})
}

// DropPartial forgets an event cut off in the middle (a stream that broke
// off), so the stream that continues the turn starts clean.
func (p *Parser) DropPartial() {
	p.line, p.data, p.event = nil, p.data[:0], ""
}

// Restart gives the parser a fresh decoder for a stream that replays the
// turn from its start (a resume from offset 0, as the page makes after a
// completed hand-off): the messages, the decoder's carried keys, the end
// and the event count start over; what the turn is (its conversation,
// resume token, hand-off, exchange id) is kept.
func (p *Parser) Restart() {
	*p = Parser{convID: p.convID, conduit: p.conduit, handoff: p.handoff, turnExchange: p.turnExchange, moderation: p.moderation}
}

// handleLine handles one complete SSE line.
func (p *Parser) handleLine(line []byte) {
	if len(line) == 0 {
		p.dispatch()
		return
	}
	if line[0] == ':' {
		return // a comment (a ping)
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
func (p *Parser) dispatch() {
	if len(p.data) == 0 {
		p.event = ""
		return
	}
	data := strings.Join(p.data, "\n")
	event := p.event
	p.data, p.event = p.data[:0], ""
	if strings.TrimSpace(data) == "[DONE]" {
		p.done = true
		return
	}
	p.events++
	var v any
	dec := json.NewDecoder(strings.NewReader(data))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return // not JSON: ignore, as the page does
	}
	if s, ok := v.(string); ok {
		if event == "delta_encoding" || s == "v1" {
			p.encoding = s
		}
		return
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return
	}
	p.handleObject(event, obj)
}

// handleObject applies one JSON event: a typed event, an error, a v1
// delta or a full message.
func (p *Parser) handleObject(event string, obj map[string]any) {
	if t, _ := obj["type"].(string); t != "" {
		p.typedEvent(t, obj)
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
		p.deltas.Apply(obj)
		if c := p.deltas.ConversationID(); c != "" {
			p.convID = c
		}
		return
	}
	if m, ok := obj["message"].(map[string]any); ok {
		// The full-message encoding: each event carries the whole message.
		p.deltas.SetMessage(obj, m)
		if c, _ := obj["conversation_id"].(string); c != "" {
			p.convID = c
		}
	}
}

// typedEvent handles an event with a type. Unknown types are ignored.
func (p *Parser) typedEvent(t string, obj map[string]any) {
	if c, _ := obj["conversation_id"].(string); c != "" && p.convID == "" {
		p.convID = c
	}
	switch t {
	case "message_stream_complete":
		p.final = true
	case "resume_conversation_token":
		p.conduit, _ = obj["token"].(string)
	case "error":
		p.errMsg = errorText(obj)
	case "stream_handoff":
		h := &handoff{}
		h.ConversationID, _ = obj["conversation_id"].(string)
		opts, _ := obj["options"].([]any)
		for _, o := range opts {
			m, _ := o.(map[string]any)
			kind, _ := m["type"].(string)
			h.Options = append(h.Options, kind)
			if id, _ := m["topic_id"].(string); id != "" {
				h.TopicID = id
			}
		}
		p.handoff = h
		if id, ok := strings.CutPrefix(h.TopicID, "conversation-turn-"); ok && p.turnExchange == "" {
			p.turnExchange = id
		}
	case "server_ste_metadata":
		md, _ := obj["metadata"].(map[string]any)
		if md == nil {
			md = obj
		}
		if s, _ := md["model_slug"].(string); s != "" {
			p.askedSlug = s
		}
		if s, _ := md["resolved_model_slug"].(string); s != "" {
			p.resolvedSlug = s
		}
		if s, _ := md["turn_exchange_id"].(string); s != "" {
			p.turnExchange = s
		}
		p.adjustments = append(p.adjustments, modelAdjustments(md)...)
	case "message_marker":
		if m, _ := obj["marker"].(string); m == "last_token" {
			p.lastTokenID, _ = obj["message_id"].(string)
		}
	case "moderation":
		p.moderate(obj)
	}
}

// moderate applies a moderation event: flags add up, and a block, once
// seen, stays (a later event does not lift it).
func (p *Parser) moderate(obj map[string]any) {
	mr, _ := obj["moderation_response"].(map[string]any)
	if mr == nil {
		return
	}
	flagged, _ := mr["flagged"].(bool)
	blocked, _ := mr["blocked"].(bool)
	p.moderation.Flagged = p.moderation.Flagged || flagged || blocked
	if p.moderation.Blocked {
		return
	}
	p.moderation.ID, _ = mr["moderation_id"].(string)
	if blocked {
		p.moderation.Blocked = true
		p.moderation.MessageID, _ = obj["message_id"].(string)
		p.moderation.Completion, _ = obj["is_completion"].(bool)
	}
}

// ConversationID is the conversation the turn's streams named so far.
func (p *Parser) ConversationID() string { return p.convID }

// Conduit is the turn's resume token (a credential: never logged nor
// recorded).
func (p *Parser) Conduit() string { return p.conduit }

// Events is the number of SSE events read so far (see Result.Events).
func (p *Parser) Events() int { return p.events }

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

// Messages returns every message of the turn so far (the "message"
// objects, answers or not), in stream order.
func (p *Parser) Messages() []map[string]any {
	var out []map[string]any
	for _, m := range p.deltas.Msgs() {
		if msg, _ := m.Root["message"].(map[string]any); msg != nil {
			out = append(out, msg)
		}
	}
	return out
}

// answers returns the turn's answer messages in stream order.
func (p *Parser) answers() []map[string]any {
	var out []map[string]any
	for _, m := range p.deltas.Msgs() {
		msg, _ := m.Root["message"].(map[string]any)
		if msg != nil && delta.IsReply(msg) {
			out = append(out, msg)
		}
	}
	return out
}

// Text returns the reply text so far: the answer messages' text joined
// with a blank line (a copy: call it when needed, not per chunk).
func (p *Parser) Text() string {
	var ss []string
	for _, m := range p.answers() {
		ss = append(ss, delta.Text(m))
	}
	return delta.JoinSegments(ss)
}

// Result reports the turn's state as the streams have it so far; the
// text is left out (see Text).
func (p *Parser) Result() Result {
	r := Result{ConversationID: p.convID, Error: p.errMsg, Ended: p.done || p.final, Events: p.events, Moderation: p.moderation}
	if p.handoff != nil {
		r.Handoff, r.TopicID = true, p.handoff.TopicID
		if r.ConversationID == "" {
			r.ConversationID = p.handoff.ConversationID
		}
	}
	if tx := p.turnExchangeID(); r.TopicID == "" && tx != "" {
		r.TopicID = "conversation-turn-" + tx
	}
	if p.resolvedSlug != "" && p.askedSlug != "" && p.resolvedSlug != p.askedSlug {
		r.ResolvedSlug = p.resolvedSlug
	}
	r.Activity = p.activity()
	ans := p.answers()
	r.Fallback = p.fallback(r.ResolvedSlug, ans)
	if len(ans) == 0 {
		return r
	}
	last := ans[len(ans)-1]
	r.HasReply = true
	r.MessageID, _ = last["id"].(string)
	md, _ := last["metadata"].(map[string]any)
	r.ModelSlug, _ = md["model_slug"].(string)
	if p.resolvedSlug != "" {
		r.ModelSlug = p.resolvedSlug
	}
	for _, m := range ans {
		r.Image = r.Image || delta.HasImage(m)
		if n := delta.Len(m); n > 0 {
			if r.Segments > 0 {
				r.Len += 2
			}
			r.Len += n
			r.Segments++
		}
	}
	fd, _ := md["finish_details"].(map[string]any)
	ft, _ := fd["type"].(string)
	r.MaxTokens = ft == "max_tokens"
	endTurn, _ := last["end_turn"].(bool)
	r.Finished = endTurn && !r.MaxTokens
	return r
}

// fallback describes the turn's model fallback: the resolved model when it
// differs from the one asked for, else the model adjustments the server
// metadata or an answer's metadata lists (a usage cap), "" for none.
func (p *Parser) fallback(resolved string, answers []map[string]any) string {
	if resolved != "" {
		return resolved
	}
	adj := p.adjustments
	for _, m := range answers {
		md, _ := m["metadata"].(map[string]any)
		adj = append(adj, modelAdjustments(md)...)
	}
	if len(adj) == 0 {
		return ""
	}
	return "a smaller model (" + strings.Join(slices.Compact(adj), ", ") + ")"
}

// modelAdjustments is a metadata object's model_adjustments.
func modelAdjustments(md map[string]any) []string {
	list, _ := md["model_adjustments"].([]any)
	var out []string
	for _, a := range list {
		if s, _ := a.(string); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// turnExchangeID is the turn's exchange id: from the server metadata or
// the hand-off, else from the messages' metadata.
func (p *Parser) turnExchangeID() string {
	if p.turnExchange != "" {
		return p.turnExchange
	}
	for _, m := range p.deltas.Msgs() {
		msg, _ := m.Root["message"].(map[string]any)
		md, _ := msg["metadata"].(map[string]any)
		if id, _ := md["turn_exchange_id"].(string); id != "" {
			return id
		}
	}
	return ""
}

// activity names what the newest message of the turn is doing.
func (p *Parser) activity() string {
	ms := p.deltas.Msgs()
	if len(ms) == 0 {
		return ""
	}
	msg, _ := ms[len(ms)-1].Root["message"].(map[string]any)
	if msg == nil {
		return ""
	}
	if delta.IsReply(msg) {
		return "writing"
	}
	content, _ := msg["content"].(map[string]any)
	ct, _ := content["content_type"].(string)
	rc, _ := msg["recipient"].(string)
	author, _ := msg["author"].(map[string]any)
	role, _ := author["role"].(string)
	switch {
	case ct == "thoughts" || ct == "reasoning_recap" || delta.Channel(msg) == "analysis":
		return "thinking"
	case delta.Channel(msg) == "commentary":
		return "thinking"
	case role == "tool" || rc != "" && rc != "all":
		return "using tools"
	}
	return ""
}
