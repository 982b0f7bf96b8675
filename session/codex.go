package session

import (
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"strings"
	"time"

	"github.com/wtagent/wtagent/messages"
)

// codexTime is the timestamp layout of Codex rollouts (UTC, milliseconds).
const codexTime = "2006-01-02T15:04:05.000Z"

// The rollout line types wtagent writes.
const (
	codexSessionMeta  = "session_meta"
	codexTurnContext  = "turn_context"
	codexResponseItem = "response_item"
)

// codexLine is one line of a Codex rollout.
type codexLine struct {
	Timestamp string `json:"timestamp"`
	Type      string `json:"type"`
	Payload   any    `json:"payload"`
}

// codexMeta is the session_meta payload (Codex's SessionMeta plus the
// wtagent session id).
type codexMeta struct {
	ID               string  `json:"id"`
	Timestamp        string  `json:"timestamp"`
	Cwd              string  `json:"cwd"`
	Originator       string  `json:"originator"`
	CLIVersion       string  `json:"cli_version"`
	Instructions     *string `json:"instructions"`
	Source           string  `json:"source"`
	ModelProvider    string  `json:"model_provider,omitempty"`
	WtagentSessionID string  `json:"wtagent_session_id"`
}

// codexTurn is the turn_context payload written before each user message.
type codexTurn struct {
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

// codexOutput is a function_call_output response item.
type codexOutput struct {
	Type   string `json:"type"`
	CallID string `json:"call_id"`
	Output string `json:"output"`
}

// codexWriter renders items as rollout lines.
type codexWriter struct {
	meta State
	emit func(codexLine) error
}

// header writes session_meta.
func (c *codexWriter) header(ts time.Time) error {
	return c.emit(codexLine{Timestamp: fmtCodexTime(ts), Type: codexSessionMeta, Payload: codexMeta{
		ID: SessionUUID(c.meta.ID), Timestamp: fmtCodexTime(ts), Cwd: c.meta.Root, Originator: "wtagent",
		CLIVersion: agentVersion(c.meta), Source: "wtagent", ModelProvider: c.meta.Provider,
		WtagentSessionID: c.meta.ID,
	}})
}

// item writes one transcript item (a user item gets its turn_context
// first).
func (c *codexWriter) item(it item) error {
	ts := fmtCodexTime(it.ts)
	var payload any
	switch it.kind {
	case itemUser:
		if err := c.emit(codexLine{Timestamp: ts, Type: codexTurnContext, Payload: codexTurn{
			Cwd: c.meta.Root, ApprovalPolicy: codexApprovalPolicy(c.meta.Approvals),
			SandboxPolicy: map[string]string{"type": "danger-full-access"},
			Model:         firstNonEmpty(it.model, c.meta.Provider, "chatgpt"), Summary: "auto",
		}}); err != nil {
			return err
		}
		payload = codexMessage{Type: "message", Role: "user",
			Content: []codexContent{{Type: "input_text", Text: userText(it)}}}
	case itemAssistant:
		payload = codexMessage{Type: "message", Role: "assistant",
			Content: []codexContent{{Type: "output_text", Text: it.text}}}
	case itemCall:
		name, args, err := codexFunction(it.call, c.meta.Root)
		if err != nil {
			return err
		}
		payload = codexCall{Type: "function_call", Name: name, Arguments: args, CallID: it.callID}
	case itemOutput:
		payload = codexOutput{Type: "function_call_output", CallID: it.callID, Output: resultText(it.result)}
	default:
		return fmt.Errorf("codex rollout: unknown item kind %d", it.kind)
	}
	return c.emit(codexLine{Timestamp: ts, Type: codexResponseItem, Payload: payload})
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
func agentVersion(st State) string { return firstNonEmpty(st.AgentVersion, "0.0.0") }

// fmtCodexTime formats t for a rollout (the zero time stays the epoch).
func fmtCodexTime(t time.Time) string { return t.UTC().Format(codexTime) }

// wtagentArgs carries the original call in a mapped call's arguments, so
// nothing the mapping cannot express is lost.
type wtagentArgs struct {
	Tool string          `json:"wtagent_tool"`
	Args json.RawMessage `json:"wtagent_args"`
}

// codexFunction maps a wtagent call onto Codex's own tool where one exists
// (shell, apply_patch, read_file, list_dir, grep_files) and onto a
// descriptive snake_case name otherwise. It returns the name and the
// arguments as a JSON string.
func codexFunction(call messages.ToolCall, root string) (string, string, error) {
	orig := wtagentArgs{Tool: call.Name, Args: argsOrEmpty(call.CanonicalArgs)}
	var (
		name string
		v    any
	)
	switch call.Name {
	case toolTerminalExec:
		var a execArgs
		if decodeArgs(call.CanonicalArgs, &a) && a.Program != "" {
			name = "shell"
			v = struct {
				Command   []string `json:"command"`
				Workdir   string   `json:"workdir"`
				TimeoutMS int      `json:"timeout_ms,omitempty"`
				wtagentArgs
			}{append([]string{a.Program}, a.Argv...), absPath(root, a.Cwd), a.TimeoutMS, orig}
		}
	case toolFSWrite:
		var a fsWriteArgs
		if decodeArgs(call.CanonicalArgs, &a) && a.Path != "" {
			name, v = "apply_patch", patchArgs{writePatch(a), orig}
		}
	case toolFSEdit:
		var a fsEditArgs
		if decodeArgs(call.CanonicalArgs, &a) && a.Path != "" {
			name, v = "apply_patch", patchArgs{editPatch(a), orig}
		}
	case toolFSRead:
		var a fsReadArgs
		if decodeArgs(call.CanonicalArgs, &a) && a.Path != "" {
			name = "read_file"
			v = struct {
				FilePath string `json:"file_path"`
				Offset   int    `json:"offset"`
				Limit    int    `json:"limit,omitempty"`
				wtagentArgs
			}{absPath(root, a.Path), a.Offset + 1, a.Limit, orig}
		}
	case toolFSList:
		var a fsListArgs
		if decodeArgs(call.CanonicalArgs, &a) {
			name = "list_dir"
			v = struct {
				DirPath string `json:"dir_path"`
				Depth   int    `json:"depth"`
				wtagentArgs
			}{absPath(root, a.Path), max(a.Depth, 1), orig}
		}
	case toolFSSearch:
		var a fsSearchArgs
		if decodeArgs(call.CanonicalArgs, &a) && a.Pattern != "" {
			name = "grep_files"
			v = struct {
				Pattern string `json:"pattern"`
				Include string `json:"include,omitempty"`
				Path    string `json:"path"`
				Limit   int    `json:"limit,omitempty"`
				wtagentArgs
			}{searchRegexp(a), a.Glob, absPath(root, a.Path), a.MaxResults, orig}
		}
	}
	if name == "" {
		return descriptiveName(call.Name), string(orig.Args), nil
	}
	b, err := marshalCompact(v)
	if err != nil {
		return "", "", fmt.Errorf("codex rollout: arguments of %s: %w", call.Name, err)
	}
	return name, string(b), nil
}

// patchArgs are apply_patch's arguments.
type patchArgs struct {
	Input string `json:"input"`
	wtagentArgs
}

// searchRegexp is an fs.search pattern as a regular expression.
func searchRegexp(a fsSearchArgs) string {
	p := a.Pattern
	if !a.Regex {
		p = regexp.QuoteMeta(p)
	}
	if a.CaseInsensitive {
		p = "(?i)" + p
	}
	return p
}

// descriptiveName turns a wtagent tool name into a valid function name
// ("process.start" → "process_start").
func descriptiveName(tool string) string {
	var b strings.Builder
	for _, c := range tool {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '_', c == '-':
			b.WriteRune(c)
		default:
			b.WriteByte('_')
		}
	}
	if b.Len() == 0 {
		return "tool"
	}
	s := b.String()
	if len(s) > 64 {
		s = s[:64]
	}
	return s
}

// ExportCodex writes events as a Codex rollout: session_meta first, then a
// turn_context before each user message and response_item lines for the
// user's own words, the model's parsed messages, tool calls (mapped onto
// Codex's tools) and their outputs. No protocol XML is exported: neither
// the bootstrap scaffold nor the raw replies.
func ExportCodex(events []messages.Event, meta State, w io.Writer) error {
	items, err := transcript(events, meta.Provider)
	if err != nil {
		return fmt.Errorf("export codex: %w", err)
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
	if err := lw.flush(); err != nil {
		return fmt.Errorf("export codex: %w", err)
	}
	return nil
}

// fillMeta completes an export's metadata from the events: the id, root,
// provider and task of run.started, and the first event's time.
func fillMeta(meta State, events []messages.Event) State {
	for _, ev := range events {
		if meta.ID == "" {
			meta.ID = ev.SessionID
		}
		if meta.Created.IsZero() {
			meta.Created = ev.TS
		}
		if ev.Type == messages.EvRunStarted && (meta.Root == "" || meta.Provider == "") {
			var p messages.RunStartedPayload
			if decodePayload(ev, &p) == nil {
				meta.Root = firstNonEmpty(meta.Root, p.Root)
				meta.Provider = firstNonEmpty(meta.Provider, p.Provider)
			}
		}
	}
	return meta
}
