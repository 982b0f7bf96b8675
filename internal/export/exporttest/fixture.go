package exporttest

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/wtagent/wtagent/session/event"
)

// ID is the session id of the fixed event sequence.
const ID = "20250301-101500-0a1b2c3d"

// Root is its project root.
const Root = "/home/dev/landing"

// Start is its creation time.
var Start = time.Date(2025, 3, 1, 10, 15, 0, 0, time.UTC)

// Provider, AgentVersion and Approvals are the rest of the session.json
// the exports are written with.
const (
	Provider     = "chatgpt"
	AgentVersion = "0.1.0"
	Approvals    = "ask"
)

// Task is the fixture's task.
const Task = "Build a landing page with a signup form & make `npm test` pass"

// ProtocolMarkers are wtagent protocol XML tags that no export may contain.
func ProtocolMarkers() []string {
	return []string{"<agent_response", "</agent_response>", "<tool_call", "<tool_result", "<system_reminder",
		"<agent_protocol", "<protocol_error", "<message>", "<done>", "<args>", "CDATA"}
}

// Builder appends events with consecutive seqs and times.
type Builder struct {
	T      testing.TB
	Events []event.Event
	Turn   int
}

// Add appends one event with payload p (nil for none).
func (b *Builder) Add(typ event.Type, callID string, p any) event.Event {
	b.T.Helper()
	ev := event.Event{Seq: int64(len(b.Events) + 1), Type: typ, SessionID: ID, Turn: b.Turn,
		CallID: callID, TS: Start.Add(time.Duration(len(b.Events)) * time.Second)}
	if p != nil {
		raw, err := json.Marshal(p)
		if err != nil {
			b.T.Fatal(err)
		}
		ev.Payload = raw
	}
	b.Events = append(b.Events, ev)
	return ev
}

// Canon encodes tool args as the event log stores them.
func Canon(t testing.TB, v any) json.RawMessage {
	t.Helper()
	raw, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

// Exchange logs one model round trip: the sent message (protocol text the
// exports must drop), the raw reply and its parse.
func (b *Builder) Exchange(kind event.OutboundKind, resultOps []string, reply, message string, done bool) {
	b.Turn++
	bind := event.Binding{Turn: b.Turn, Cursor: "https://chatgpt.com/c/abc", TextSHA256: "00",
		SentAt: Start.Add(time.Duration(len(b.Events)) * time.Second)}
	text := "<tool_result call_id=\"x\" status=\"ok\"><![CDATA[...]]></tool_result>\n<system_reminder>one tool per reply</system_reminder>"
	if kind == event.OutboundBootstrap {
		text = "<agent_protocol>reply with one <agent_response></agent_protocol>\n<task>" + Task + "</task>"
	}
	b.Add(event.EvModelMessageSending, "", event.MessageSentPayload{Kind: kind, Text: text})
	b.Add(event.EvModelMessageSent, "", event.MessageSentPayload{Kind: kind, Text: text, Binding: bind, ResultOps: resultOps})
	b.Add(event.EvModelMessageComplete, "", event.MessageCompletePayload{Reply: event.Reply{
		Binding: bind, Text: reply, MessageID: "msg-" + string(rune('a'+b.Turn)), ModelSlug: "gpt-5-thinking",
		Source: event.SourceNetwork, Cursor: "https://chatgpt.com/c/abc"}})
	b.Add(event.EvProtocolParsed, "", event.ParsedPayload{Done: done, Message: message})
}

// Tool logs a call through proposed → prepared → started → completed and
// returns its op key.
func (b *Builder) Tool(name string, args any, res event.ToolResult) string {
	call := event.ToolCall{Name: name, CanonicalArgs: Canon(b.T, args)}
	key := event.OpKey(ID, "msg-"+string(rune('a'+b.Turn)), b.Turn, name, call.CanonicalArgs)
	id := event.CallID(key)
	p := event.ToolProposedPayload{OpKey: key, Call: call, ReplyMessageID: "msg-" + string(rune('a'+b.Turn))}
	b.Add(event.EvToolProposed, id, p)
	b.Add(event.EvPolicyDecided, id, event.PolicyPayload{Decision: event.DecisionAllow, Risk: event.RiskRead})
	b.Add(event.EvToolPrepared, id, p)
	b.Add(event.EvToolStarted, id, p)
	res.CallID, res.OpKey, res.Tool = id, key, name
	b.Add(event.EvToolCompleted, id, event.ToolCompletedPayload{OpKey: key, Result: res})
	return key
}

// IntP returns a pointer to n.
func IntP(n int) *int { return &n }

// Events is a whole session: bootstrap, nine tool calls of every
// kind (one denied, one needing approval), a follow-up instruction and a
// final done. It is the input of the golden exports.
func Events(t testing.TB) []event.Event {
	b := &Builder{T: t}
	b.Add(event.EvSessionCreated, "", event.TextPayload{Text: ID})
	b.Add(event.EvRunStarted, "", event.RunStartedPayload{Task: Task, Root: Root, Provider: "chatgpt", PID: 4242})
	b.Add(event.EvConversationStart, "", map[string]string{"cursor": "https://chatgpt.com/c/abc"})

	b.Exchange(event.OutboundBootstrap, nil,
		"<agent_response><message>I'll look at the project first.</message><done>false</done><tool_call name=\"fs.list\"><args><path>.</path></args></tool_call></agent_response>",
		"I'll look at the project first.", false)
	k1 := b.Tool("fs.list", map[string]any{"path": ".", "depth": 2, "include_hidden": false},
		event.ToolResult{Status: event.ToolOK, Data: json.RawMessage(`{"entries":["package.json","src/"]}`)})

	b.Exchange(event.OutboundToolResult, []string{k1},
		"<agent_response><message>Reading package.json.</message><tool_call name=\"fs.read\"/></agent_response>",
		"Reading package.json.", false)
	k2 := b.Tool("fs.read", map[string]any{"path": "package.json", "offset": 0, "limit": 400},
		event.ToolResult{Status: event.ToolOK, Stdout: "{\n  \"scripts\": {\"test\": \"node test.js\"}\n}\n"})

	b.Exchange(event.OutboundToolResult, []string{k2}, "<agent_response>…</agent_response>", "Creating the page.", false)
	k3 := b.Tool("fs.write", map[string]any{"path": "index.html", "content": "<!doctype html>\n<form id=\"signup\"></form>\n", "mode": "overwrite"},
		event.ToolResult{Status: event.ToolOK, Changed: []string{"index.html"}, Message: "wrote 2 lines"})

	b.Exchange(event.OutboundToolResult, []string{k3}, "<agent_response>…</agent_response>", "Adding the email field and a title.", false)
	k4 := b.Tool("fs.edit", map[string]any{"path": "index.html", "edits": []map[string]any{
		{"old_text": "<form id=\"signup\"></form>", "new_text": "<form id=\"signup\">\n  <input type=\"email\" name=\"email\">\n</form>", "replace_all": false},
		{"old_text": "<!doctype html>", "new_text": "<!doctype html>\n<title>Join us</title>", "replace_all": false}}},
		event.ToolResult{Status: event.ToolOK, Changed: []string{"index.html"},
			Diff: "--- a/index.html\n+++ b/index.html\n@@ -1,2 +1,5 @@\n <!doctype html>\n+<title>Join us</title>\n"})

	b.Exchange(event.OutboundToolResult, []string{k4}, "<agent_response>…</agent_response>", "Searching for the test entry point.", false)
	k5 := b.Tool("fs.search", map[string]any{"pattern": "signup(", "path": ".", "glob": "*.js", "regex": false,
		"case_insensitive": true, "max_results": 50},
		event.ToolResult{Status: event.ToolOK, Stdout: "test.js:3: assert(signup(\n"})

	// A denied call: the policy refuses it and no result is logged.
	b.Exchange(event.OutboundToolResult, []string{k5}, "<agent_response>…</agent_response>", "Cleaning the build output.", false)
	denyArgs := Canon(t, map[string]any{"program": "rm", "argv": []string{"-rf", "/"}, "cwd": ".", "timeout_ms": 1000})
	denyKey := event.OpKey(ID, "msg-x", b.Turn, "terminal.exec", denyArgs)
	b.Add(event.EvToolProposed, event.CallID(denyKey), event.ToolProposedPayload{OpKey: denyKey,
		Call: event.ToolCall{Name: "terminal.exec", CanonicalArgs: denyArgs}})
	b.Add(event.EvPolicyDecided, event.CallID(denyKey), event.PolicyPayload{Decision: event.DecisionDeny,
		Risk: event.RiskDestructive, Reason: "rm -rf outside the project root is never allowed"})

	b.Exchange(event.OutboundToolResult, []string{denyKey}, "<agent_response>…</agent_response>", "Running the tests.", false)
	rule := &event.Rule{Tool: "terminal.exec", Kind: "command", Prefix: []string{"npm", "test"}}
	b.Add(event.EvApprovalRequired, "", event.PolicyPayload{Decision: event.DecisionAsk, Risk: event.RiskExecute})
	b.Add(event.EvApprovalResolved, "", event.PolicyPayload{Choice: event.ApproveTask, Rule: rule, By: "user"})
	k6 := b.Tool("terminal.exec", map[string]any{"program": "npm", "argv": []string{"test", "--", "--grep", "sign up"},
		"cwd": "web", "timeout_ms": 120000, "env": []string{"CI=1"}},
		event.ToolResult{Status: event.ToolOK, ExitCode: IntP(0), Stdout: "1 passing\n", Stderr: "npm notice\n",
			StdoutCut: &event.Truncation{OriginalBytes: 90000, KeptBytes: 10}, Verified: true, Duration: 1500 * time.Millisecond})

	b.Add(event.EvInstruction, "", event.TextPayload{Text: "Also start the dev server so I can look"})
	b.Exchange(event.OutboundFollowUp, []string{k6}, "<agent_response>…</agent_response>", "Starting the dev server.", false)
	k7 := b.Tool("process.start", map[string]any{"program": "npm", "argv": []string{"run", "dev"}, "cwd": "."},
		event.ToolResult{Status: event.ToolOK, Data: json.RawMessage(`{"process_id":"p1","detected_urls":["http://localhost:5173"]}`)})

	b.Exchange(event.OutboundToolResult, []string{k7}, "<agent_response>…</agent_response>", "Checking the server output.", false)
	k8 := b.Tool("process.read", map[string]any{"process_id": "p1", "since": -1},
		event.ToolResult{Status: event.ToolOK, Stdout: "ready in 300 ms\n"})

	b.Exchange(event.OutboundToolResult, []string{k8}, "<agent_response>…</agent_response>", "Appending a note to the README.", false)
	k9 := b.Tool("fs.write", map[string]any{"path": "README.md", "content": "Run `npm run dev`.\n", "mode": "append"},
		event.ToolResult{Status: event.ToolError, Message: "README.md: permission denied"})

	b.Exchange(event.OutboundToolResult, []string{k9}, "<agent_response>…</agent_response>",
		"Done: the landing page has a signup form, tests pass, and the dev server runs at http://localhost:5173.", true)
	b.Add(event.EvRunCompleted, "", event.RunEndPayload{Outcome: event.OutcomeCompleted,
		Summary: "landing page done", Changed: []string{"index.html"}, Verification: []string{"npm test"}})
	return b.Events
}
