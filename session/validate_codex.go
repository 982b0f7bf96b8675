package session

import (
	"encoding/json"
	"fmt"
	"io"
)

// ValidateCodex checks a Codex rollout line by line: session_meta first
// (id a UUID, timestamp, cwd, originator, cli_version, source), then
// turn_context and response_item lines of known shapes — messages with
// input_text/output_text parts, function_call with a valid name, a
// call_id and arguments that are a JSON object in a string, and
// function_call_output naming an earlier call — and every call answered.
func ValidateCodex(r io.Reader) (ExportStats, error) {
	var st ExportStats
	c := newCalls()
	n, err := eachLine(r, "codex", func(n int, o *obj) error {
		o.timestamp("timestamp")
		typ := o.str("type")
		p := o.object("payload")
		if o.err != nil {
			return o.err
		}
		if n == 1 && typ != codexSessionMeta {
			return fmt.Errorf("first line is %q, want session_meta", typ)
		}
		switch typ {
		case codexSessionMeta:
			if n != 1 {
				return fmt.Errorf("session_meta after line 1")
			}
			p.uuid("id")
			p.timestamp("timestamp")
			p.str("cwd")
			p.nonEmpty("originator")
			p.nonEmpty("cli_version")
			p.nonEmpty("source")
		case codexTurnContext:
			p.str("cwd")
			p.nonEmpty("approval_policy")
			p.object("sandbox_policy").nonEmpty("type")
			p.nonEmpty("model")
		case codexResponseItem:
			return codexItem(p, n, c, &st)
		default:
			return fmt.Errorf("unknown line type %q", typ)
		}
		return p.err
	})
	st.Lines = n
	if err != nil {
		return st, err
	}
	if id, line, ok := c.unanswered(); ok {
		return st, &ExportError{Format: "codex", Line: line, Err: fmt.Errorf("call %q has no function_call_output", id)}
	}
	return st, nil
}

// codexItem checks one response_item payload.
func codexItem(p *obj, n int, c *calls, st *ExportStats) error {
	switch t := p.str("type"); t {
	case "message":
		role := p.str("role")
		if role != "user" && role != "assistant" && role != "developer" && role != "system" {
			p.fail("unknown role %q", role)
		}
		want := map[string]string{"user": "input_text", "assistant": "output_text"}[role]
		parts := p.array("content")
		if p.err == nil && len(parts) == 0 {
			p.fail("message without content")
		}
		for i, raw := range parts {
			part, err := decodeObj(raw)
			if err != nil {
				return fmt.Errorf("content[%d]: %v", i, err)
			}
			if pt := part.str("type"); want != "" && pt != want {
				part.fail("content[%d] of a %s message is %q, want %q", i, role, pt, want)
			}
			part.str("text")
			if part.err != nil {
				return part.err
			}
		}
		st.Messages++
	case "function_call":
		name := p.nonEmpty("name")
		if p.err == nil && !toolNamePattern.MatchString(name) {
			p.fail("function name %q is not valid", name)
		}
		args := p.str("arguments")
		if p.err == nil {
			var m map[string]json.RawMessage
			if json.Unmarshal([]byte(args), &m) != nil || m == nil {
				p.fail("arguments are not a JSON object: %.60q", args)
			}
		}
		id := p.nonEmpty("call_id")
		if p.err == nil {
			if err := c.call(id, n); err != nil {
				return err
			}
		}
		st.Calls++
	case "function_call_output":
		id := p.nonEmpty("call_id")
		p.str("output")
		if p.err == nil {
			if err := c.output(id); err != nil {
				return err
			}
		}
		st.Outputs++
	default:
		if p.err == nil {
			return fmt.Errorf("unknown response_item type %q", t)
		}
	}
	return p.err
}
