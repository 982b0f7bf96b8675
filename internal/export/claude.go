package export

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/wtagent/wtagent/session/event"
)

// claudeTime is the timestamp layout of Claude Code transcripts.
const claudeTime = "2006-01-02T15:04:05.000Z"

// claudeLine is one line of a Claude Code transcript.
type claudeLine struct {
	ParentUUID    *string `json:"parentUuid"`
	IsSidechain   bool    `json:"isSidechain"`
	UserType      string  `json:"userType"`
	Entrypoint    string  `json:"entrypoint"`
	Cwd           string  `json:"cwd"`
	SessionID     string  `json:"sessionId"`
	Version       string  `json:"version"`
	GitBranch     string  `json:"gitBranch"`
	Type          string  `json:"type"`
	Message       any     `json:"message"`
	UUID          string  `json:"uuid"`
	Timestamp     string  `json:"timestamp"`
	ToolUseResult any     `json:"toolUseResult,omitempty"`
	// SourceToolAssistantUUID is the assistant line whose tool_use a
	// tool_result answers.
	SourceToolAssistantUUID string `json:"sourceToolAssistantUUID,omitempty"`
	// AgentID names the sub-agent of a sidechain line.
	AgentID string `json:"agentId,omitempty"`
}

// claudeUserText is a user message typed by the user.
type claudeUserText struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// claudeUserBlocks is a user message of tool results.
type claudeUserBlocks struct {
	Role    string        `json:"role"`
	Content []claudeBlock `json:"content"`
}

// claudeAssistant is an assistant message.
type claudeAssistant struct {
	ID           string        `json:"id"`
	Type         string        `json:"type"`
	Role         string        `json:"role"`
	Model        string        `json:"model"`
	Content      []claudeBlock `json:"content"`
	StopReason   string        `json:"stop_reason"`
	StopSequence *string       `json:"stop_sequence"`
	Usage        claudeUsage   `json:"usage"`
}

// claudeUsage is the (unknown, so zero) token usage of a message.
type claudeUsage struct {
	InputTokens  int `json:"input_tokens"`
	OutputTokens int `json:"output_tokens"`
}

// claudeBlock is one content block: text, tool_use or tool_result.
type claudeBlock struct {
	Type      string          `json:"type"`
	Text      string          `json:"text,omitempty"`
	ID        string          `json:"id,omitempty"`
	Name      string          `json:"name,omitempty"`
	Input     json.RawMessage `json:"input,omitempty"`
	ToolUseID string          `json:"tool_use_id,omitempty"`
	Content   *string         `json:"content,omitempty"`
	IsError   *bool           `json:"is_error,omitempty"`
}

// Claude writes events as a Claude Code transcript (the JSON Lines of
// ~/.claude/projects/<project>/<session>.jsonl) as Claude Code writes one:
// one content block per line, chained by parentUuid. The user's own words
// are user lines; the model's parsed message and its tool calls are
// assistant lines sharing one message id, each call mapped onto Claude
// Code's tools (Read, Write, Edit, MultiEdit, Bash, Grep, LS, BashOutput,
// KillShell); each result is a user line of one tool_result block with the
// toolUseResult Claude Code's view renders. The session id becomes a UUID
// derived from it. No protocol XML is exported.
func Claude(events []event.Event, meta Meta, w io.Writer) error {
	meta = fillMeta(meta, events)
	if err := writeClaude(events, meta, SessionUUID(meta.ID), "", w); err != nil {
		return fmt.Errorf("export claude: %w", err)
	}
	return nil
}

// writeClaude writes the transcript lines of events in session; with an
// agentID they are a sub-agent's sidechain.
func writeClaude(events []event.Event, meta Meta, session, agentID string, w io.Writer) error {
	items, err := transcript(events)
	if err != nil {
		return err
	}
	answeredBy(items)
	cw := &claudeWriter{meta: meta, session: session, agentID: agentID, branch: gitBranch(meta.Root),
		lw: newLineWriter(w), calls: make(map[string]claudeCall), uses: make(map[string]int)}
	for i := 0; i < len(items); {
		n, err := cw.message(items[i:])
		if err != nil {
			return err
		}
		i += n
	}
	return cw.lw.flush()
}

// claudeCall is what a tool_result line needs to know of its tool_use.
type claudeCall struct {
	line  string
	name  string
	input json.RawMessage
	// use is the tool_use's part of its call (an fs.patch has one per file).
	use claudeUse
}

// claudeWriter renders items as transcript lines.
type claudeWriter struct {
	meta    Meta
	session string
	// agentID, when set, marks every line a sub-agent's (isSidechain).
	agentID string
	branch  string
	lw      *lineWriter
	parent  *string
	n       int
	calls   map[string]claudeCall
	// uses counts the tool_use blocks of each call.
	uses map[string]int
}

// message writes the lines of the message that starts at items[0] and
// returns how many items it used: an assistant text takes the calls that
// follow it in the same turn, one line per block.
func (c *claudeWriter) message(items []item) (int, error) {
	first := items[0]
	switch first.kind {
	case itemUser:
		return 1, c.line(claudeLine{Type: "user", Message: claudeUserText{Role: "user", Content: userText(first)}}, first.ts)
	case itemAssistant, itemCall:
		return c.assistant(items)
	case itemOutput:
		return 1, c.result(first)
	}
	return 0, fmt.Errorf("unknown item kind %d", first.kind)
}

// assistant writes one assistant message: its text and tool_use blocks,
// one per line, all with the message's id.
func (c *claudeWriter) assistant(items []item) (int, error) {
	first := items[0]
	type block struct {
		b    claudeBlock
		call string
		use  claudeUse
	}
	var blocks []block
	used := 0
	if first.kind == itemAssistant {
		blocks = append(blocks, block{b: claudeBlock{Type: "text", Text: first.text}})
		used = 1
	}
	for used < len(items) && items[used].kind == itemCall && (used == 0 || items[used].turn == first.turn) {
		uses, err := claudeUses(items[used].call, c.meta.Root)
		if err != nil {
			return 0, err
		}
		for k, u := range uses {
			id := useID(items[used].callID, k)
			blocks = append(blocks, block{b: claudeBlock{Type: "tool_use", ID: id, Name: u.name, Input: u.input}, call: id, use: u})
		}
		c.uses[items[used].callID] = len(uses)
		used++
	}
	stop := "end_turn"
	if blocks[len(blocks)-1].b.Type == "tool_use" {
		stop = "tool_use"
	}
	msgID := "msg_" + strings.ReplaceAll(derivedUUID(c.ids("message", strconv.Itoa(c.n))...), "-", "")[:24]
	model := firstNonEmpty(first.model, fallbackModel)
	for _, b := range blocks {
		err := c.line(claudeLine{Type: "assistant", Message: claudeAssistant{
			ID: msgID, Type: "message", Role: "assistant", Model: model, Content: []claudeBlock{b.b}, StopReason: stop,
		}}, first.ts)
		if err != nil {
			return 0, err
		}
		if b.call != "" {
			c.calls[b.call] = claudeCall{line: *c.parent, name: b.b.Name, input: b.b.Input, use: b.use}
		}
	}
	return used, nil
}

// result writes the tool_result lines of a call, one per tool_use, each
// with its toolUseResult.
func (c *claudeWriter) result(it item) error {
	for k := range max(c.uses[it.callID], 1) {
		id := useID(it.callID, k)
		call := c.calls[id]
		r, text := it.result, resultText(it.result)
		if call.use.path != "" {
			r, text = patchPart(it.result, call.use)
		}
		var isErr *bool
		if r.Status != event.ToolOK {
			t := true
			isErr = &t
		}
		err := c.line(claudeLine{Type: "user",
			Message: claudeUserBlocks{Role: "user", Content: []claudeBlock{{Type: "tool_result",
				ToolUseID: id, Content: &text, IsError: isErr}}},
			ToolUseResult:           c.toolUseResult(call, r, text),
			SourceToolAssistantUUID: call.line,
		}, it.ts)
		if err != nil {
			return err
		}
	}
	return nil
}

// toolUseResult is a result's toolUseResult; an Agent call's counts its
// sub-agent's tool uses.
func (c *claudeWriter) toolUseResult(call claudeCall, r event.ToolResult, text string) any {
	if call.name == claudeAgentTool && r.Status == event.ToolOK {
		_, id, _ := agentOf(r)
		if v := claudeAgentResult(call.input, r, agentToolUses(c.meta.Agents[id])); v != nil {
			return v
		}
	}
	return toolUseResult(call.name, call.input, r, text)
}

// ids are the parts a line's or message's id derives from: the session,
// the sub-agent of a sidechain (its ids are its own), and parts.
func (c *claudeWriter) ids(parts ...string) []string {
	if c.agentID != "" {
		return append([]string{c.session, c.agentID}, parts...)
	}
	return append([]string{c.session}, parts...)
}

// line completes, writes and chains one transcript line.
func (c *claudeWriter) line(l claudeLine, ts time.Time) error {
	id := derivedUUID(c.ids("line", strconv.Itoa(c.n))...)
	c.n++
	l.ParentUUID, l.UserType, l.Entrypoint, l.Cwd = c.parent, "external", "cli", c.meta.Root
	l.SessionID, l.Version, l.GitBranch = c.session, agentVersion(c.meta), c.branch
	l.UUID, l.Timestamp = id, ts.UTC().Format(claudeTime)
	l.IsSidechain, l.AgentID = c.agentID != "", c.agentID
	err := c.lw.write(l)
	c.parent = &id
	return err
}
