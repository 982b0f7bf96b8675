package batchcorpus

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/protocol"
	"github.com/wtagent/wtagent/session/event"
)

// ChainedFile is a task's optional hand-written conversation under
// chain-changes; without it, Chained derives one from batched.jsonl.
const ChainedFile = "chained.jsonl"

// ChainCatalogue is the catalogue the chained replies are read with:
// MaxCalls calls per reply, chains of changes.
func ChainCatalogue() (*protocol.Catalogue, error) {
	cat, err := Catalogue()
	if err != nil {
		return nil, err
	}
	return cat.WithChain(true), nil
}

// Chained returns the task's conversation under chain-changes: the
// task's chained.jsonl when it has one, else the batched conversation
// with runs of replies merged as a model told the chain rule would send
// them (see mergeable). Every reply is checked: it parses under
// ChainCatalogue without a repair, PlanBatch skips none of its calls, and
// only the last is done=true.
func (t Task) Chained() ([]model.ScriptLine, error) {
	cat, err := ChainCatalogue()
	if err != nil {
		return nil, err
	}
	lines, err := t.chainedLines(cat)
	if err != nil {
		return nil, err
	}
	for i, l := range lines {
		turn, err := protocol.Parse(l.Reply, cat)
		if err != nil {
			return nil, fmt.Errorf("%s chained reply %d: %w", t.Name, i+1, err)
		}
		if err := checkTurn(turn, cat, i == len(lines)-1); err != nil {
			return nil, fmt.Errorf("%s chained reply %d: %w", t.Name, i+1, err)
		}
	}
	return lines, nil
}

func (t Task) chainedLines(cat *protocol.Catalogue) ([]model.ScriptLine, error) {
	path := filepath.Join(t.Dir, ChainedFile)
	if _, err := os.Stat(path); err == nil {
		lines, err := model.LoadScript(path)
		if err != nil {
			return nil, fmt.Errorf("batchcorpus: %w", err)
		}
		return lines, nil
	}
	turns, err := t.Turns()
	if err != nil {
		return nil, err
	}
	var out []model.ScriptLine
	for i := 0; i < len(turns); {
		calls, j := turns[i].Calls, i+1
		for j < len(turns) && mergeable(calls, turns[j], cat) {
			calls = append(append([]*event.ToolCall{}, calls...), turns[j].Calls...)
			j++
		}
		line := t.Batched[i]
		if j > i+1 {
			reply, err := protocol.FormatTurn(protocol.Turn{Message: turns[i].Message, Calls: calls}, cat)
			if err != nil {
				return nil, fmt.Errorf("%s line %d: %w", t.Name, line.Line, err)
			}
			line = model.ScriptLine{Reply: reply, Expect: line.Expect}
		}
		out = append(out, line)
		i = j
	}
	for i := range out {
		out[i].Line = i + 1
	}
	return out, nil
}

// mergeable reports whether the next reply's calls can join a reply with
// calls as a chain, without the model seeing a result it needs: the reply
// changes the project only by writing files (fs.write, fs.edit, fs.patch:
// the model knows their outcome; a program's output it does not), the next
// one is not done and starts with a change (it reads nothing first), and
// the two fit in MaxCalls calls.
func mergeable(calls []*event.ToolCall, next protocol.Turn, cat *protocol.Catalogue) bool {
	if next.Done || len(calls)+len(next.Calls) > MaxCalls || len(protocol.PlanBatch(next.Calls, cat).Concurrent) > 0 {
		return false
	}
	changed := false
	for _, c := range calls {
		spec, ok := cat.Lookup(c.Name)
		switch {
		case ok && spec.ReadOnly:
		case c.Name == protocol.ToolFSWrite, c.Name == protocol.ToolFSEdit, c.Name == protocol.ToolFSPatch:
			changed = true
		default:
			return false
		}
	}
	return changed
}
