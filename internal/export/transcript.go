package export

import (
	"encoding/json"
	"strings"
	"time"

	"github.com/wtagent/wtagent/session/event"
)

// itemKind is the kind of one transcript item.
type itemKind int

// The transcript item kinds: what both export formats are made of.
const (
	itemUser itemKind = iota + 1
	itemAssistant
	itemCall
	itemOutput
)

// item is one step of the conversation as a user would tell it: the user's
// own words, the model's parsed message, a tool call, a tool result. No
// protocol scaffolding and no raw reply XML ever becomes an item.
type item struct {
	kind        itemKind
	ts          time.Time
	turn        int
	text        string
	attachments []string
	model       string
	callID      string
	call        event.ToolCall
	result      event.ToolResult
}

// transcriber turns events into items, one event at a time, so the live
// rollout and the exports tell the same story.
type transcriber struct {
	// calls records every call id emitted: answered or not.
	calls map[string]bool
	// pending lists emitted calls without output, in order.
	pending []string
	// denied holds the policy's reason for refused calls.
	denied map[string]string
	// lastUser and sinceUser drop a user text repeated with nothing in
	// between (a follow-up logged both as run.resumed and as an
	// instruction).
	lastUser  string
	sinceUser int
	model     string
	// deferred holds user items that arrived while a call was open: they
	// follow the call's output, as the model received them.
	deferred []item
}

// newTranscriber returns a transcriber. The model is unknown until a reply
// tells its slug.
func newTranscriber() *transcriber {
	return &transcriber{calls: make(map[string]bool), denied: make(map[string]string)}
}

// feed returns the items that ev adds.
func (t *transcriber) feed(ev event.Event) ([]item, error) {
	switch ev.Type {
	case event.EvRunStarted, event.EvRunResumed:
		var p event.RunStartedPayload
		if err := event.DecodePayload(ev, &p); err != nil {
			return nil, err
		}
		return t.user(ev, p.Task, p.Attachments), nil
	case event.EvInstruction:
		var p event.InstructionPayload
		if err := event.DecodePayload(ev, &p); err != nil {
			return nil, err
		}
		return t.user(ev, firstNonEmpty(p.Text, p.Instruction, p.Task), p.Attachments), nil
	case event.EvQueued:
		var p event.QueueInstruction
		if err := event.DecodePayload(ev, &p); err != nil {
			return nil, err
		}
		return t.user(ev, p.Text, nil), nil
	case event.EvHandedBack:
		var p event.HandBackState
		if err := event.DecodePayload(ev, &p); err != nil {
			return nil, err
		}
		var out []item
		for _, m := range p.Manual {
			out = append(out, t.user(ev, m.Text, nil)...)
		}
		return out, nil
	case event.EvModelMessageComplete:
		var p event.MessageCompletePayload
		if err := event.DecodePayload(ev, &p); err != nil {
			return nil, err
		}
		if p.Reply.ModelSlug != "" {
			t.model = p.Reply.ModelSlug
		}
	case event.EvProtocolParsed:
		var p event.ParsedPayload
		if err := event.DecodePayload(ev, &p); err != nil {
			return nil, err
		}
		if strings.TrimSpace(p.Message) == "" {
			return nil, nil
		}
		out := t.closePending(ev.TS)
		t.sinceUser++
		return append(out, item{kind: itemAssistant, ts: ev.TS, turn: ev.Turn, text: p.Message, model: t.model}), nil
	case event.EvToolProposed:
		var p event.ToolProposedPayload
		if err := event.DecodePayload(ev, &p); err != nil {
			return nil, err
		}
		id := firstNonEmpty(ev.CallID, event.CallID(p.OpKey))
		if _, seen := t.calls[id]; seen {
			return nil, nil
		}
		return []item{t.callItem(ev, id, p.Call)}, nil
	case event.EvToolCompleted, event.EvToolUnknown, event.EvToolReused:
		var p event.ToolCompletedPayload
		if err := event.DecodePayload(ev, &p); err != nil {
			return nil, err
		}
		id := firstNonEmpty(ev.CallID, p.Result.CallID, event.CallID(p.OpKey))
		return t.output(ev, id, p.Result), nil
	case event.EvPolicyDecided, event.EvApprovalResolved:
		var p event.PolicyPayload
		if err := event.DecodePayload(ev, &p); err != nil {
			return nil, err
		}
		if ev.CallID != "" && (p.Decision == event.DecisionDeny || p.Choice == event.ApproveDeny) {
			t.denied[ev.CallID] = firstNonEmpty(p.Reason, "the call was denied")
		}
	}
	return nil, nil
}

// user returns the item of the user's own text, if any.
func (t *transcriber) user(ev event.Event, text string, attachments []string) []item {
	if strings.TrimSpace(text) == "" {
		return nil
	}
	if text == t.lastUser && t.sinceUser == 0 {
		return nil
	}
	t.lastUser, t.sinceUser = text, 0
	it := item{kind: itemUser, ts: ev.TS, turn: ev.Turn, text: text, attachments: attachments, model: t.model}
	if len(t.pending) > 0 {
		t.deferred = append(t.deferred, it)
		return nil
	}
	return []item{it}
}

// callItem records and returns a call item.
func (t *transcriber) callItem(ev event.Event, id string, call event.ToolCall) item {
	t.calls[id] = false
	t.pending = append(t.pending, id)
	t.sinceUser++
	return item{kind: itemCall, ts: ev.TS, turn: ev.Turn, callID: id, call: call}
}

// output returns the output item of call id (preceded by a call item when
// the call itself was never logged), or nothing if it was answered.
func (t *transcriber) output(ev event.Event, id string, r event.ToolResult) []item {
	answered, seen := t.calls[id]
	if answered {
		return nil
	}
	var out []item
	if !seen {
		out = append(out, t.callItem(ev, id, event.ToolCall{Name: r.Tool, CanonicalArgs: json.RawMessage("{}")}))
	}
	t.calls[id] = true
	for i, p := range t.pending {
		if p == id {
			t.pending = append(t.pending[:i], t.pending[i+1:]...)
			break
		}
	}
	r.CallID = id
	out = append(out, item{kind: itemOutput, ts: ev.TS, turn: ev.Turn, callID: id, result: r})
	if len(t.pending) == 0 {
		out = append(out, t.deferred...)
		t.deferred = t.deferred[:0]
	}
	return out
}

// closePending answers every open call before the conversation moves on:
// a call must be followed by its output in both formats. The output says
// the call was denied (with the policy's reason) or that no result was
// recorded.
func (t *transcriber) closePending(ts time.Time) []item {
	var out []item
	for _, id := range t.pending {
		r := event.ToolResult{CallID: id, Status: event.ToolUnknown,
			Message: "no result was recorded for this call"}
		if reason, ok := t.denied[id]; ok {
			r.Status, r.Message = event.ToolDenied, reason
		}
		t.calls[id] = true
		out = append(out, item{kind: itemOutput, ts: ts, callID: id, result: r})
	}
	t.pending = t.pending[:0]
	out = append(out, t.deferred...)
	t.deferred = t.deferred[:0]
	return out
}

// transcript converts a whole event sequence into items, answering calls
// left open at the end.
func transcript(events []event.Event) ([]item, error) {
	t := newTranscriber()
	var items []item
	var last time.Time
	for _, ev := range events {
		got, err := t.feed(ev)
		if err != nil {
			return nil, err
		}
		items = append(items, got...)
		last = ev.TS
	}
	return append(items, t.closePending(last)...), nil
}

// answeredBy gives each user item the model of the first reply after it.
func answeredBy(items []item) {
	next := ""
	for i := len(items) - 1; i >= 0; i-- {
		switch {
		case items[i].kind == itemAssistant && items[i].model != "":
			next = items[i].model
		case items[i].kind == itemUser && next != "":
			items[i].model = next
		}
	}
}

// firstNonEmpty returns the first non-empty string.
func firstNonEmpty(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}
