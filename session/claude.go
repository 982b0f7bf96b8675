package session

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/wtagent/wtagent/messages"
)

// claudeTime is the timestamp layout of Claude Code transcripts.
const claudeTime = "2006-01-02T15:04:05.000Z"

// claudeLine is one line of a Claude Code transcript.
type claudeLine struct {
	ParentUUID  *string `json:"parentUuid"`
	IsSidechain bool    `json:"isSidechain"`
	UserType    string  `json:"userType"`
	Cwd         string  `json:"cwd"`
	SessionID   string  `json:"sessionId"`
	Version     string  `json:"version"`
	Type        string  `json:"type"`
	Message     any     `json:"message"`
	UUID        string  `json:"uuid"`
	Timestamp   string  `json:"timestamp"`
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

// ExportClaude writes events as a Claude Code transcript (the JSON Lines of
// ~/.claude/projects/<project>/<session>.jsonl): one line per message,
// chained by parentUuid. The user's own words are user messages; the
// model's parsed message and its tool call form one assistant message, the
// call mapped onto Claude Code's tools (Read, Write, Edit, MultiEdit, Bash,
// Grep, LS, BashOutput, KillShell); results are user messages of
// tool_result blocks. The session id becomes a UUID derived from it. No
// protocol XML is exported.
func ExportClaude(events []messages.Event, meta State, w io.Writer) error {
	items, err := transcript(events, meta.Provider)
	if err != nil {
		return fmt.Errorf("export claude: %w", err)
	}
	meta = fillMeta(meta, events)
	cw := &claudeWriter{meta: meta, session: SessionUUID(meta.ID), lw: newLineWriter(w)}
	for i := 0; i < len(items); {
		n, err := cw.message(items[i:])
		if err != nil {
			return fmt.Errorf("export claude: %w", err)
		}
		i += n
	}
	if err := cw.lw.flush(); err != nil {
		return fmt.Errorf("export claude: %w", err)
	}
	return nil
}

// claudeWriter renders items as transcript lines.
type claudeWriter struct {
	meta    State
	session string
	lw      *lineWriter
	parent  *string
	n       int
}

// message writes the message that starts at items[0] and returns how many
// items it used: an assistant text takes the calls that follow it in the
// same turn; consecutive outputs share one user message.
func (c *claudeWriter) message(items []item) (int, error) {
	first := items[0]
	switch first.kind {
	case itemUser:
		return 1, c.line("user", first.ts, claudeUserText{Role: "user", Content: userText(first)})
	case itemAssistant, itemCall:
		var blocks []claudeBlock
		used := 0
		if first.kind == itemAssistant {
			blocks = append(blocks, claudeBlock{Type: "text", Text: first.text})
			used = 1
		}
		for used < len(items) && items[used].kind == itemCall && (used == 0 || items[used].turn == first.turn) {
			name, input, err := claudeTool(items[used].call, c.meta.Root)
			if err != nil {
				return 0, err
			}
			blocks = append(blocks, claudeBlock{Type: "tool_use", ID: items[used].callID, Name: name, Input: input})
			used++
		}
		stop := "end_turn"
		if blocks[len(blocks)-1].Type == "tool_use" {
			stop = "tool_use"
		}
		model := firstNonEmpty(first.model, c.meta.Provider, "chatgpt")
		return used, c.line("assistant", first.ts, claudeAssistant{
			ID:   "msg_" + strings.ReplaceAll(derivedUUID(c.session, "message", strconv.Itoa(c.n)), "-", "")[:24],
			Type: "message", Role: "assistant", Model: model, Content: blocks, StopReason: stop,
		})
	case itemOutput:
		var blocks []claudeBlock
		used := 0
		for used < len(items) && items[used].kind == itemOutput {
			r := items[used].result
			text := resultText(r)
			isErr := r.Status != messages.ToolOK
			blocks = append(blocks, claudeBlock{Type: "tool_result", ToolUseID: items[used].callID, Content: &text, IsError: &isErr})
			used++
		}
		return used, c.line("user", first.ts, claudeUserBlocks{Role: "user", Content: blocks})
	}
	return 0, fmt.Errorf("unknown item kind %d", first.kind)
}

// line writes one transcript line and chains the next to it.
func (c *claudeWriter) line(typ string, ts time.Time, msg any) error {
	id := derivedUUID(c.session, "line", strconv.Itoa(c.n))
	c.n++
	err := c.lw.write(claudeLine{
		ParentUUID: c.parent, IsSidechain: false, UserType: "external", Cwd: c.meta.Root,
		SessionID: c.session, Version: agentVersion(c.meta), Type: typ, Message: msg,
		UUID: id, Timestamp: ts.UTC().Format(claudeTime),
	})
	c.parent = &id
	return err
}
