package session

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
)

// ValidateClaude checks a Claude Code transcript line by line: the common
// keys (parentUuid null first and then the previous line's uuid,
// isSidechain, userType, cwd, one sessionId UUID, version, type, uuid
// unique UUIDs, timestamp); user messages of text or tool_result blocks,
// assistant messages of text and tool_use blocks (valid names, input
// objects); every tool_use answered by a tool_result in the very next
// line, and no tool_result without its tool_use.
func ValidateClaude(r io.Reader) (ExportStats, error) {
	var (
		st      ExportStats
		prev    string
		session string
		seen    = map[string]bool{}
		c       = newCalls()
		mustAns []string
	)
	n, err := eachLine(r, "claude", func(n int, o *obj) error {
		parent := o.m["parentUuid"]
		if n == 1 && string(parent) != "null" {
			o.fail("first line's parentUuid is %s, want null", parent)
		}
		if n > 1 && o.uuid("parentUuid") != prev && o.err == nil {
			o.fail("parentUuid %s is not the previous line's uuid %q", parent, prev)
		}
		o.boolean("isSidechain")
		o.nonEmpty("userType")
		o.str("cwd")
		sid := o.uuid("sessionId")
		o.nonEmpty("version")
		typ := o.str("type")
		id := o.uuid("uuid")
		o.timestamp("timestamp")
		msg := o.object("message")
		if o.err != nil {
			return o.err
		}
		if session == "" {
			session = sid
		} else if sid != session {
			return fmt.Errorf("sessionId %q differs from line 1's %q", sid, session)
		}
		if seen[id] {
			return fmt.Errorf("uuid %q used twice", id)
		}
		seen[id], prev = true, id
		if role := msg.str("role"); msg.err == nil && role != typ {
			return fmt.Errorf("message role %q in a %q line", role, typ)
		}
		var results []string
		var err error
		switch typ {
		case "user":
			results, err = claudeUser(msg, c, &st)
		case "assistant":
			if len(mustAns) > 0 {
				return fmt.Errorf("tool_use %q is not answered in the next line", mustAns[0])
			}
			mustAns, err = claudeAssistantMsg(msg, n, c, &st)
			st.Messages++
			return err
		default:
			return fmt.Errorf("unknown type %q", typ)
		}
		if err != nil {
			return err
		}
		if len(mustAns) > 0 {
			for _, want := range mustAns {
				if !slices.Contains(results, want) {
					return fmt.Errorf("tool_use %q is not answered in the next line", want)
				}
			}
			mustAns = nil
		}
		st.Messages++
		return nil
	})
	st.Lines = n
	if err != nil {
		return st, err
	}
	if id, line, ok := c.unanswered(); ok {
		return st, &ExportError{Format: "claude", Line: line, Err: fmt.Errorf("tool_use %q has no tool_result", id)}
	}
	return st, nil
}

// claudeUser checks a user message and returns the tool_use ids it
// answers.
func claudeUser(msg *obj, c *calls, st *ExportStats) ([]string, error) {
	raw := msg.m["content"]
	var text string
	if json.Unmarshal(raw, &text) == nil {
		return nil, nil
	}
	var ids []string
	blocks := msg.array("content")
	if msg.err != nil {
		return nil, msg.err
	}
	if len(blocks) == 0 {
		return nil, fmt.Errorf("user message without content")
	}
	for i, b := range blocks {
		blk, err := decodeObj(b)
		if err != nil {
			return nil, fmt.Errorf("content[%d]: %v", i, err)
		}
		switch t := blk.str("type"); t {
		case "text":
			blk.str("text")
		case "tool_result":
			id := blk.nonEmpty("tool_use_id")
			if _, ok := blk.m["content"]; !ok {
				blk.fail("tool_result without content")
			}
			if raw, ok := blk.m["is_error"]; ok {
				var b bool
				if json.Unmarshal(raw, &b) != nil {
					blk.fail("is_error is not a boolean")
				}
			}
			if blk.err == nil {
				if err := c.output(id); err != nil {
					return nil, err
				}
			}
			ids = append(ids, id)
			st.Outputs++
		default:
			blk.fail("unknown user content type %q", t)
		}
		if blk.err != nil {
			return nil, fmt.Errorf("content[%d]: %v", i, blk.err)
		}
	}
	return ids, nil
}

// claudeAssistantMsg checks an assistant message and returns its
// tool_use ids.
func claudeAssistantMsg(msg *obj, n int, c *calls, st *ExportStats) ([]string, error) {
	blocks := msg.array("content")
	if msg.err != nil {
		return nil, msg.err
	}
	if len(blocks) == 0 {
		return nil, fmt.Errorf("assistant message without content")
	}
	var ids []string
	for i, b := range blocks {
		blk, err := decodeObj(b)
		if err != nil {
			return nil, fmt.Errorf("content[%d]: %v", i, err)
		}
		switch t := blk.str("type"); t {
		case "text":
			blk.str("text")
		case "tool_use":
			id := blk.nonEmpty("id")
			name := blk.nonEmpty("name")
			if blk.err == nil && !toolNamePattern.MatchString(name) {
				blk.fail("tool name %q is not valid", name)
			}
			blk.object("input")
			if blk.err == nil {
				if err := c.call(id, n); err != nil {
					return nil, err
				}
			}
			ids = append(ids, id)
			st.Calls++
		default:
			blk.fail("unknown assistant content type %q", t)
		}
		if blk.err != nil {
			return nil, fmt.Errorf("content[%d]: %v", i, blk.err)
		}
	}
	return ids, nil
}
