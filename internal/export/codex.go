package export

import (
	"fmt"
	"io"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/wtagent/wtagent/session/event"
)

// codexTime is the timestamp layout of Codex rollouts (UTC, milliseconds).
const codexTime = "2006-01-02T15:04:05.000Z"

// The rollout line types wtagent writes.
const (
	codexSessionMeta  = "session_meta"
	codexTurnContext  = "turn_context"
	codexResponseItem = "response_item"
	codexEventMsg     = "event_msg"
)

// codexLine is one line of a Codex rollout.
type codexLine struct {
	Timestamp string `json:"timestamp"`
	Type      string `json:"type"`
	Payload   any    `json:"payload"`
}

// fallbackModel is the model slug exports name when the session recorded
// none (the page reported no slug for the turn). Codex and Claude Code
// only show it; Codex warns when resuming with another model.
const fallbackModel = "gpt-5"

// codexMeta is the session_meta payload: Codex's SessionMeta plus the
// wtagent session id. The source is "cli", the source Codex lists in its
// resume picker; no model_provider is written, so Codex resumes the
// session with the provider it is configured with.
type codexMeta struct {
	ID               string    `json:"id"`
	Timestamp        string    `json:"timestamp"`
	Cwd              string    `json:"cwd"`
	Originator       string    `json:"originator"`
	CLIVersion       string    `json:"cli_version"`
	Source           string    `json:"source"`
	Git              *codexGit `json:"git,omitempty"`
	WtagentSessionID string    `json:"wtagent_session_id"`
}

// codexGit is the git part of session_meta.
type codexGit struct {
	Branch string `json:"branch"`
}

// codexTurn is the turn_context payload written before each user message.
type codexTurn struct {
	TurnID         string            `json:"turn_id"`
	Cwd            string            `json:"cwd"`
	ApprovalPolicy string            `json:"approval_policy"`
	SandboxPolicy  map[string]string `json:"sandbox_policy"`
	Model          string            `json:"model"`
	Summary        string            `json:"summary"`
}

// codexContent is one content part of a message.
type codexContent struct {
	Type string `json:"type"`
	Text string `json:"text"`
}

// codexMessage is a message response item.
type codexMessage struct {
	Type    string         `json:"type"`
	Role    string         `json:"role"`
	Content []codexContent `json:"content"`
}

// codexCall is a function_call response item.
type codexCall struct {
	Type      string `json:"type"`
	Name      string `json:"name"`
	Arguments string `json:"arguments"`
	CallID    string `json:"call_id"`
}

// codexCustomCall is a custom_tool_call response item (apply_patch).
type codexCustomCall struct {
	Type   string `json:"type"`
	Status string `json:"status"`
	CallID string `json:"call_id"`
	Name   string `json:"name"`
	Input  string `json:"input"`
}

// codexOutput is a function_call_output or custom_tool_call_output item.
type codexOutput struct {
	Type   string `json:"type"`
	CallID string `json:"call_id"`
	Output string `json:"output"`
}

// codexWriter renders items as rollout lines: the response_items the model
// is sent on resume, and the event_msg lines Codex's picker and history
// view are built from.
type codexWriter struct {
	meta Meta
	emit func(codexLine) error
	// turn counts user messages; turnOpen is set between a user message
	// and its task_complete.
	turn     int
	turnOpen bool
	lastText string
	// calls remembers how each call was written, for its output.
	calls map[string]codexTool
}

// header writes session_meta.
func (c *codexWriter) header(ts time.Time) error {
	m := codexMeta{
		ID: SessionUUID(c.meta.ID), Timestamp: fmtCodexTime(ts), Cwd: c.meta.Root, Originator: "wtagent",
		CLIVersion: agentVersion(c.meta), Source: "cli", WtagentSessionID: c.meta.ID,
	}
	if b := gitBranch(c.meta.Root); b != "" {
		m.Git = &codexGit{Branch: b}
	}
	return c.emit(codexLine{Timestamp: fmtCodexTime(ts), Type: codexSessionMeta, Payload: m})
}

// event writes one event_msg line.
func (c *codexWriter) event(ts string, payload map[string]any) error {
	return c.emit(codexLine{Timestamp: ts, Type: codexEventMsg, Payload: payload})
}

// turnID is the id of the current turn.
func (c *codexWriter) turnID() string {
	return derivedUUID(SessionUUID(c.meta.ID), "turn", strconv.Itoa(c.turn))
}

// finish closes the open turn with task_complete.
func (c *codexWriter) finish(t time.Time) error {
	if !c.turnOpen {
		return nil
	}
	c.turnOpen = false
	return c.event(fmtCodexTime(t), map[string]any{"type": "task_complete", "turn_id": c.turnID(),
		"last_agent_message": nullable(c.lastText)})
}

// item writes one transcript item with the event_msg Codex pairs with it
// (a user item opens a turn: task_started, turn_context, message,
// user_message).
func (c *codexWriter) item(it item) error {
	ts := fmtCodexTime(it.ts)
	switch it.kind {
	case itemUser:
		return c.user(it, ts)
	case itemAssistant:
		c.lastText = it.text
		if err := c.emit(codexLine{Timestamp: ts, Type: codexResponseItem, Payload: codexMessage{Type: "message",
			Role: "assistant", Content: []codexContent{{Type: "output_text", Text: it.text}}}}); err != nil {
			return err
		}
		return c.event(ts, map[string]any{"type": "agent_message", "message": it.text})
	case itemCall:
		return c.call(it, ts)
	case itemOutput:
		return c.output(it, ts)
	}
	return fmt.Errorf("codex rollout: unknown item kind %d", it.kind)
}

// user opens a turn with the user's own words.
func (c *codexWriter) user(it item, ts string) error {
	if err := c.finish(it.ts); err != nil {
		return err
	}
	c.turn++
	c.turnOpen = true
	text := userText(it)
	if err := c.event(ts, map[string]any{"type": "task_started", "turn_id": c.turnID()}); err != nil {
		return err
	}
	if err := c.emit(codexLine{Timestamp: ts, Type: codexTurnContext, Payload: codexTurn{
		TurnID: c.turnID(), Cwd: c.meta.Root, ApprovalPolicy: codexApprovalPolicy(c.meta.Approvals),
		SandboxPolicy: map[string]string{"type": "danger-full-access"},
		Model:         firstNonEmpty(it.model, fallbackModel), Summary: "auto",
	}}); err != nil {
		return err
	}
	if err := c.emit(codexLine{Timestamp: ts, Type: codexResponseItem, Payload: codexMessage{Type: "message",
		Role: "user", Content: []codexContent{{Type: "input_text", Text: text}}}}); err != nil {
		return err
	}
	return c.event(ts, map[string]any{"type": "user_message", "message": text, "images": []string{},
		"local_images": []string{}, "text_elements": []string{}})
}

// call writes a tool call as a function_call, or apply_patch as a
// custom_tool_call.
func (c *codexWriter) call(it item, ts string) error {
	tool, err := codexFunction(it.call, c.meta.Root)
	if err != nil {
		return err
	}
	if c.calls == nil {
		c.calls = make(map[string]codexTool)
	}
	c.calls[it.callID] = tool
	var payload any = codexCall{Type: "function_call", Name: tool.name, Arguments: tool.args, CallID: it.callID}
	if tool.custom {
		payload = codexCustomCall{Type: "custom_tool_call", Status: "completed", CallID: it.callID,
			Name: tool.name, Input: tool.input}
	}
	return c.emit(codexLine{Timestamp: ts, Type: codexResponseItem, Payload: payload})
}

// output writes a call's output after its tool-end event
// (exec_command_end, patch_apply_end).
func (c *codexWriter) output(it item, ts string) error {
	tool, ok := c.calls[it.callID]
	if !ok {
		// A call written before a reopen: its kind follows from the tool.
		tool = codexTool{custom: it.result.Tool == toolFSWrite || it.result.Tool == toolFSEdit || it.result.Tool == toolFSPatch,
			exec: it.result.Tool == toolTerminalExec}
	}
	r := it.result
	text := resultText(r)
	switch {
	case tool.custom:
		if err := c.event(ts, patchApplyEnd(it.callID, c.turnID(), c.meta.Root, tool.input, r, text)); err != nil {
			return err
		}
	case tool.exec:
		if err := c.event(ts, execEnd(it.callID, c.turnID(), c.meta.Root, tool.command, r, text)); err != nil {
			return err
		}
	}
	typ := "function_call_output"
	if tool.custom {
		typ = "custom_tool_call_output"
	}
	return c.emit(codexLine{Timestamp: ts, Type: codexResponseItem, Payload: codexOutput{Type: typ,
		CallID: it.callID, Output: text}})
}

// execEnd is the exec_command_end event of an exec_command call. Codex
// 0.17x reads its cwd as a file URI: a plain path fails the whole line
// ("invalid URI: relative URL without a base"), which Codex then skips.
func execEnd(callID, turnID, cwd, command string, r event.ToolResult, text string) map[string]any {
	exit := -1
	if r.ExitCode != nil {
		exit = *r.ExitCode
	}
	status := "completed"
	if r.Status != event.ToolOK {
		status = "failed"
	}
	return map[string]any{"type": "exec_command_end", "call_id": callID, "turn_id": turnID,
		"command": []string{"bash", "-lc", command}, "cwd": fileURI(cwd), "parsed_cmd": []any{},
		"source": "unified_exec_startup", "stdout": r.Stdout, "stderr": r.Stderr,
		"aggregated_output": r.Stdout + r.Stderr, "exit_code": exit,
		"duration":         map[string]int64{"secs": int64(r.Duration / time.Second), "nanos": int64(r.Duration % time.Second)},
		"formatted_output": text, "status": status}
}

// fileURI is the file URI of the absolute path p ("file:///a%20b").
func fileURI(p string) string { return (&url.URL{Scheme: "file", Path: p}).String() }

// nullable is s, or nil when empty.
func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// userText is the user's text with its attachments named.
func userText(it item) string {
	if len(it.attachments) == 0 {
		return it.text
	}
	return it.text + "\n\n[attached: " + strings.Join(it.attachments, ", ") + "]"
}

// codexApprovalPolicy maps --approvals onto Codex's approval policies.
func codexApprovalPolicy(mode string) string {
	switch mode {
	case "allow", "yes", "auto", "deny", "never":
		return "never"
	}
	return "on-request"
}

// agentVersion is the version exports name, "0.0.0" when unknown.
func agentVersion(st Meta) string { return firstNonEmpty(st.AgentVersion, "0.0.0") }

// fmtCodexTime formats t for a rollout (the zero time stays the epoch).
func fmtCodexTime(t time.Time) string { return t.UTC().Format(codexTime) }

// Codex writes events as a Codex rollout in the shape Codex 0.17x
// writes and lists: session_meta (source "cli", no model provider), then
// per user message task_started, turn_context (naming the model the page
// reported for the turn's reply) and the message; response_items for the
// model's parsed messages, tool calls (mapped onto exec_command and
// apply_patch) and their outputs; and the event_msg lines Codex's picker
// and history view read (user_message, agent_message, exec_command_end,
// patch_apply_end, task_complete). No protocol XML is exported: neither
// the bootstrap scaffold nor the raw replies.
func Codex(events []event.Event, meta Meta, w io.Writer) error {
	return writeCodex(events, meta, w, true)
}

// CodexLive writes events as exactly the lines a session's live rollout
// holds after them: Codex without naming each turn's model by its answer
// and without closing the last turn.
func CodexLive(events []event.Event, meta Meta, w io.Writer) error {
	return writeCodex(events, meta, w, false)
}

// writeCodex writes events as rollout lines. A final rollout names each
// turn's model by the reply that answered it and closes the last turn; a
// live one (final false) holds exactly the lines the session's live
// rollout writes as the events arrive.
func writeCodex(events []event.Event, meta Meta, w io.Writer, final bool) error {
	items, err := transcript(events)
	if err != nil {
		return fmt.Errorf("export codex: %w", err)
	}
	if final {
		answeredBy(items)
	}
	lw := newLineWriter(w)
	cw := &codexWriter{meta: fillMeta(meta, events), emit: func(l codexLine) error { return lw.write(l) }}
	if err := cw.header(cw.meta.Created); err != nil {
		return fmt.Errorf("export codex: %w", err)
	}
	for _, it := range items {
		if err := cw.item(it); err != nil {
			return fmt.Errorf("export codex: %w", err)
		}
	}
	if final && len(items) > 0 {
		if err := cw.finish(items[len(items)-1].ts); err != nil {
			return fmt.Errorf("export codex: %w", err)
		}
	}
	if err := lw.flush(); err != nil {
		return fmt.Errorf("export codex: %w", err)
	}
	return nil
}

// fillMeta completes an export's metadata from the events: the id, root,
// provider and task of run.started, and the first event's time.
func fillMeta(meta Meta, events []event.Event) Meta {
	for _, ev := range events {
		if meta.ID == "" {
			meta.ID = ev.SessionID
		}
		if meta.Created.IsZero() {
			meta.Created = ev.TS
		}
		if ev.Type == event.EvRunStarted && (meta.Root == "" || meta.Provider == "") {
			var p event.RunStartedPayload
			if event.DecodePayload(ev, &p) == nil {
				meta.Root = firstNonEmpty(meta.Root, p.Root)
				meta.Provider = firstNonEmpty(meta.Provider, p.Provider)
			}
		}
	}
	return meta
}
