package model

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"
)

// ScriptLine is one model reply of a script: a JSON object on one line of a
// JSON Lines file. One script drives both the scripted provider and the mock
// ChatGPT page.
type ScriptLine struct {
	// Reply is the model's reply text, usually an <agent_response>.
	Reply string `json:"reply"`
	// Expect, if set, must occur in the outbound message this line answers.
	Expect string `json:"expect,omitempty"`
	// DelayMS is the model's think time before the reply starts.
	DelayMS int `json:"delay_ms,omitempty"`
	// StreamMS is the gap between streamed tokens on the mock page
	// (ignored by the scripted provider).
	StreamMS int `json:"stream_ms,omitempty"`
	// Fault makes the mock page misbehave for this reply instead of (or
	// before) answering: see package browser/mockchat for the names. The
	// scripted provider ignores it.
	Fault string `json:"fault,omitempty"`
	// SSE, if set, is the exact body the mock page serves for this turn's
	// POST /backend-api/f/conversation (raw 2026 traffic), with the
	// placeholders {{conversation_id}}, {{user_message_id}} and
	// {{assistant_message_id}} replaced. Reply stays what the page's DOM,
	// copy button and conversation document show as the answer.
	SSE string `json:"sse,omitempty"`
	// ResumeSSE, if set, is the exact body served for the page's
	// POST /backend-api/f/conversation/resume that continues the turn.
	ResumeSSE string `json:"resume_sse,omitempty"`
	// WS, if set, are server frames (JSON text) the mock's socket sends for
	// this turn once the page subscribes to its topic.
	WS []string `json:"ws,omitempty"`
	// Agent, if set, makes the line serve only the sub-agent whose task
	// contains this text (see ForAgent); a line without it serves the
	// main conversation. Parallel sub-agents so each read their own lines
	// in order, whatever order they run in.
	Agent string `json:"agent,omitempty"`
	// Line is the 1-based line number in the file (not part of the JSON).
	Line int `json:"-"`
}

// ScriptError is a malformed script line.
type ScriptError struct {
	// Line is the 1-based line number.
	Line int
	Err  error
}

// Error implements error.
func (e *ScriptError) Error() string { return fmt.Sprintf("script line %d: %v", e.Line, e.Err) }

// Unwrap returns the wrapped error.
func (e *ScriptError) Unwrap() error { return e.Err }

// maxScriptLine bounds one script line (a reply can hold a whole file).
const maxScriptLine = 64 << 20

// ParseScript reads a JSON Lines script. Blank lines and lines starting
// with '#' are skipped. Unknown fields and lines without a reply are errors
// naming the line.
func ParseScript(r io.Reader) ([]ScriptLine, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxScriptLine)
	var lines []ScriptLine
	for n := 1; sc.Scan(); n++ {
		raw := bytes.TrimSpace(sc.Bytes())
		if len(raw) == 0 || raw[0] == '#' {
			continue
		}
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		var l ScriptLine
		if err := dec.Decode(&l); err != nil {
			return nil, &ScriptError{Line: n, Err: err}
		}
		if dec.More() {
			return nil, &ScriptError{Line: n, Err: fmt.Errorf("more than one JSON value on the line")}
		}
		if strings.TrimSpace(l.Reply) == "" && l.Fault == "" && l.SSE == "" {
			return nil, &ScriptError{Line: n, Err: fmt.Errorf(`missing "reply"`)}
		}
		if l.DelayMS < 0 || l.StreamMS < 0 {
			return nil, &ScriptError{Line: n, Err: fmt.Errorf("delay_ms and stream_ms must not be negative")}
		}
		l.Line = n
		lines = append(lines, l)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read script: %w", err)
	}
	if len(lines) == 0 {
		return nil, fmt.Errorf("script has no replies")
	}
	return lines, nil
}

// MainLines are the lines of a script that serve the main conversation:
// those without an agent.
func MainLines(lines []ScriptLine) []ScriptLine {
	var out []ScriptLine
	for _, l := range lines {
		if l.Agent == "" {
			out = append(out, l)
		}
	}
	return out
}

// AgentLines are the lines of a script that serve the sub-agent with the
// given task: those whose agent text the task contains.
func AgentLines(lines []ScriptLine, task string) []ScriptLine {
	var out []ScriptLine
	for _, l := range lines {
		if l.Agent != "" && strings.Contains(task, l.Agent) {
			out = append(out, l)
		}
	}
	return out
}

// LoadScript reads and parses the script file at path.
func LoadScript(path string) ([]ScriptLine, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("open script: %w", err)
	}
	defer f.Close()
	lines, err := ParseScript(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return lines, nil
}
