package batchcorpus

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/protocol"
	"github.com/wtagent/wtagent/session/event"
)

// corpusDir is the corpus, seen from this package.
var corpusDir = filepath.Join("..", "..", "testdata", "batchcorpus")

func loadCorpus(t *testing.T) []Task {
	t.Helper()
	tasks, err := Load(corpusDir)
	if err != nil {
		t.Fatal(err)
	}
	if len(tasks) < 10 {
		t.Fatalf("%d tasks, want at least 10", len(tasks))
	}
	return tasks
}

// TestCorpusObeysBatchRule: every batched reply parses under 8 calls per
// reply without a repair, PlanBatch runs all its calls (reads first, at
// most one change, last), each task has 8 to 25 calls and ends with one
// done reply, and the corpus as a whole needs at least 1.6× fewer
// messages batched than one call per reply.
func TestCorpusObeysBatchRule(t *testing.T) {
	calls, oneCall, batched := 0, 0, 0
	for _, task := range loadCorpus(t) {
		turns, err := task.Turns()
		if err != nil {
			t.Error(err)
			continue
		}
		n := Calls(turns)
		calls += n
		oneCall += n + 1
		batched += len(turns)
		if task.Request == "" || task.Batched[0].Expect == "" {
			t.Errorf("%s: no request, or the first reply expects nothing", task.Name)
		}
	}
	ratio := float64(oneCall) / float64(batched)
	t.Logf("%d calls: %d messages one call per reply, %d batched: %.2f×", calls, oneCall, batched, ratio)
	if ratio < 1.6 {
		t.Errorf("static ratio %.2f×, want at least 1.6×", ratio)
	}
}

// TestOneCallKeepsTheCalls: the derived script has one call per reply
// (it parses under the one-call catalogue), the same calls in the same
// order, the batched reply's message and Expect on its first call, and
// the done reply unchanged.
func TestOneCallKeepsTheCalls(t *testing.T) {
	for _, task := range loadCorpus(t) {
		turns, err := task.Turns()
		if err != nil {
			t.Fatal(err)
		}
		one, err := task.OneCall()
		if err != nil {
			t.Fatal(err)
		}
		if len(one) != Calls(turns)+1 {
			t.Fatalf("%s: %d replies, want %d", task.Name, len(one), Calls(turns)+1)
		}
		k := 0
		for i, turn := range turns {
			if turn.Done {
				if one[k].Reply != task.Batched[i].Reply || k != len(one)-1 {
					t.Errorf("%s: the done reply changed or is not last", task.Name)
				}
				continue
			}
			for j, c := range turn.Calls {
				checkSplit(t, task.Name, one[k], c.Name, string(c.CanonicalArgs))
				if j == 0 && (one[k].Expect != task.Batched[i].Expect || !sameMessage(t, one[k], turn.Message)) {
					t.Errorf("%s reply %d: the first split reply lost the message or Expect", task.Name, k+1)
				}
				k++
			}
		}
	}
}

func checkSplit(t *testing.T, name string, l model.ScriptLine, tool, args string) {
	t.Helper()
	got, err := protocol.Parse(l.Reply, nil)
	if err != nil {
		t.Fatalf("%s reply %d does not parse one call per reply: %v", name, l.Line, err)
	}
	if got.Done || len(got.Calls) != 1 || got.Call.Name != tool || string(got.Call.CanonicalArgs) != args || got.Message == "" {
		t.Errorf("%s reply %d: %s %s, want %s %s", name, l.Line, got.Call.Name, got.Call.CanonicalArgs, tool, args)
	}
}

func sameMessage(t *testing.T, l model.ScriptLine, msg string) bool {
	t.Helper()
	got, err := protocol.Parse(l.Reply, nil)
	return err == nil && got.Message == msg
}

// TestTurnsRefuses: a change before a read, a done reply before the end,
// a conversation without a done reply and a task with too few calls break
// the batch rule.
func TestTurnsRefuses(t *testing.T) {
	read := `<tool_call name="fs.read"><args><path>a.txt</path></args></tool_call>`
	write := `<tool_call name="fs.write"><args><path>a.txt</path><content>x</content></args></tool_call>`
	reply := func(done bool, calls ...string) model.ScriptLine {
		d := "false"
		if done {
			d = "true"
		}
		body := ""
		for _, c := range calls {
			body += c
		}
		return model.ScriptLine{Reply: "<agent_response><done>" + d + "</done><message>m</message>" + body + "</agent_response>"}
	}
	eight := reply(false, read, read, read, read, read, read, read, read)
	for name, lines := range map[string][]model.ScriptLine{
		"change before a read": {eight, reply(false, write, read), reply(true)},
		"two changes":          {eight, reply(false, write, write), reply(true)},
		"done too early":       {eight, reply(true), reply(false, read), reply(true)},
		"no done reply":        {eight, reply(false, read)},
		"too few calls":        {reply(false, read, write), reply(true)},
	} {
		_, err := Task{Name: name, Batched: lines}.Turns()
		if !errors.Is(err, ErrBatchRule) {
			t.Errorf("%s: %v, want ErrBatchRule", name, err)
		}
	}
	if _, err := (Task{Batched: []model.ScriptLine{eight, reply(true)}}).Turns(); err != nil {
		t.Errorf("eight reads and done: %v", err)
	}
}

// TestChainedConversations: every task's chained conversation obeys the
// chain rule (Chained checks each reply); a derived one keeps the batched
// calls in order; over the corpus and the scenario it needs at least 2.5×
// fewer messages than one call per reply (issue 40).
func TestChainedConversations(t *testing.T) {
	cat, err := ChainCatalogue()
	if err != nil {
		t.Fatal(err)
	}
	oneCall, chained := 0, 0
	for _, task := range loadCorpus(t) {
		turns, err := task.Turns()
		if err != nil {
			t.Fatal(err)
		}
		lines, err := task.Chained()
		if err != nil {
			t.Fatal(err)
		}
		oneCall += Calls(turns) + 1
		chained += len(lines)
		if _, err := os.Stat(filepath.Join(task.Dir, ChainedFile)); err == nil {
			continue // hand-written: the replays compare its end state
		}
		var want, got []string
		for _, turn := range turns {
			for _, c := range turn.Calls {
				want = append(want, c.Name+string(c.CanonicalArgs))
			}
		}
		for _, l := range lines {
			turn, err := protocol.Parse(l.Reply, cat)
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range turn.Calls {
				got = append(got, c.Name+string(c.CanonicalArgs))
			}
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: the chained conversation does not make the batched calls in order", task.Name)
		}
	}
	ratio := float64(oneCall) / float64(chained)
	t.Logf("%d messages one call per reply, %d chained: %.2f×", oneCall, chained, ratio)
	if ratio < 2.5 {
		t.Errorf("chained ratio %.2f×, want at least 2.5×", ratio)
	}
}

// TestMergeableNeedsKnownOutcomes: a reply joins the one before only after
// file writes, never after a program or a read-only reply, and never when
// it reads first.
func TestMergeableNeedsKnownOutcomes(t *testing.T) {
	cat, err := ChainCatalogue()
	if err != nil {
		t.Fatal(err)
	}
	w, x, r := &event.ToolCall{Name: protocol.ToolFSWrite}, &event.ToolCall{Name: protocol.ToolTerminalExec}, &event.ToolCall{Name: protocol.ToolFSRead}
	tests := []struct {
		calls []*event.ToolCall
		next  protocol.Turn
		want  bool
	}{
		{[]*event.ToolCall{r, w}, protocol.Turn{Calls: []*event.ToolCall{w, x}}, true},
		{[]*event.ToolCall{w, x}, protocol.Turn{Calls: []*event.ToolCall{w}}, false},
		{[]*event.ToolCall{r}, protocol.Turn{Calls: []*event.ToolCall{w}}, false},
		{[]*event.ToolCall{w}, protocol.Turn{Calls: []*event.ToolCall{r, w}}, false},
		{[]*event.ToolCall{w}, protocol.Turn{Done: true}, false},
		{[]*event.ToolCall{w, w, w, w, w}, protocol.Turn{Calls: []*event.ToolCall{w, w, w, w}}, false},
	}
	for i, tt := range tests {
		if got := mergeable(tt.calls, tt.next, cat); got != tt.want {
			t.Errorf("case %d: mergeable = %v, want %v", i, got, tt.want)
		}
	}
}
