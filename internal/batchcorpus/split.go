package batchcorpus

import (
	"fmt"
	"strings"

	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/protocol"
	"github.com/wtagent/wtagent/session/event"
)

// OneCall derives the task's conversation one call per reply: each batched
// reply becomes one reply per call, in order. The first keeps the batched
// reply's message and its Expect (which therefore must be about the last
// call of the reply before: that call's result is what the first split
// reply answers); the others say what their call does, as a model sending
// one call at a time would. The done reply is kept unchanged.
func (t Task) OneCall() ([]model.ScriptLine, error) {
	turns, err := t.Turns()
	if err != nil {
		return nil, err
	}
	cat := protocol.DefaultCatalogue()
	var out []model.ScriptLine
	for i, turn := range turns {
		src := t.Batched[i]
		if turn.Done {
			out = append(out, model.ScriptLine{Reply: src.Reply, Expect: src.Expect})
			continue
		}
		for j, c := range turn.Calls {
			one := protocol.Turn{Message: turn.Message, Calls: []*event.ToolCall{c}}
			expect := src.Expect
			if j > 0 {
				one.Message, expect = Describe(c), ""
			}
			reply, err := protocol.FormatTurn(one, cat)
			if err != nil {
				return nil, fmt.Errorf("%s line %d call %d: %w", t.Name, src.Line, j+1, err)
			}
			out = append(out, model.ScriptLine{Reply: reply, Expect: expect})
		}
	}
	for i := range out {
		out[i].Line = i + 1
	}
	return out, nil
}

// Describe is the message of a reply that makes only call c: "Reading
// src/app.py." and the like.
func Describe(c *event.ToolCall) string {
	switch a := c.Args.(type) {
	case *protocol.FSListArgs:
		return "Listing " + orRoot(a.Path) + "."
	case *protocol.FSReadArgs:
		return "Reading " + a.Path + "."
	case *protocol.FSSearchArgs:
		return fmt.Sprintf("Searching %s for %q.", orRoot(a.Path), a.Pattern)
	case *protocol.FSWriteArgs:
		return "Writing " + a.Path + "."
	case *protocol.FSEditArgs:
		return "Editing " + a.Path + "."
	case *protocol.ExecArgs:
		return "Running " + strings.Join(append([]string{a.Program}, a.Argv...), " ") + "."
	}
	return "Calling " + c.Name + "."
}

func orRoot(p string) string {
	if p == "" || p == "." {
		return "the project"
	}
	return p
}

// Calls is the number of tool calls of the task.
func Calls(turns []protocol.Turn) int {
	n := 0
	for _, t := range turns {
		n += len(t.Calls)
	}
	return n
}
