package actors

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
)

// faultyModel is the scripted model with transport failures injected on
// given turns, once each: what a web page does to a run (an empty reply, a
// timeout, a conversation grown too long).
type faultyModel struct {
	*model.Scripted
	mu     sync.Mutex
	faults map[int]error
	opened []string
}

func (f *faultyModel) Open(ctx context.Context, cursor string) (string, error) {
	f.mu.Lock()
	f.opened = append(f.opened, cursor)
	f.mu.Unlock()
	return f.Scripted.Open(ctx, cursor)
}

func (f *faultyModel) Await(ctx context.Context, b event.Binding, p func(string)) (event.Reply, error) {
	f.mu.Lock()
	err, ok := f.faults[b.Turn]
	delete(f.faults, b.Turn)
	f.mu.Unlock()
	if ok {
		return event.Reply{}, err
	}
	return f.Scripted.Await(ctx, b, p)
}

func TestTransportFaults(t *testing.T) {
	tooLong := &model.Error{Kind: messages.FailTooLong, Err: model.ErrTooLong}
	empty := &model.Error{Kind: messages.FailEmpty, Err: model.ErrEmpty}
	timeout := &model.Error{Kind: messages.FailTimeout, Err: model.ErrTimeout}
	limit := &model.Error{Kind: messages.FailRateLimit, Err: model.ErrRateLimit}
	write := reply(false, "Write.", toolCall("fs.write", "<path>a.txt</path><content>a</content>"))
	check := reply(false, "Check.", execCall("sh", "check.sh"))
	done := reply(true, "a.txt is there.", "")
	for _, c := range []struct {
		name    string
		faults  map[int]error
		lines   []model.ScriptLine
		outcome event.Outcome
		expect  string // in the message that follows the fault
	}{
		// The conversation is too long for turn 2's reply: a fresh one is
		// opened and gets a checkpoint carrying the unanswered result.
		{"too_long", map[int]error{2: tooLong}, scriptLines(line("", write), line("", "unused"),
			line("<checkpoint", check), line("", done)), event.OutcomeCompleted, ""},
		// An empty reply gets a bounded "continue".
		{"empty", map[int]error{2: empty}, scriptLines(line("", write), line("", "unused"),
			line("empty", check), line("", done)), event.OutcomeCompleted, ""},
		// A timeout is retried once on the same message, not resent.
		{"timeout", map[int]error{2: timeout}, scriptLines(line("", write), line("", check), line("", done)),
			event.OutcomeCompleted, ""},
		// A usage limit pauses the run.
		{"rate_limit", map[int]error{1: limit}, scriptLines(line("", write)), event.OutcomeInterrupted, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			h := newHarness(t, "write a", c.lines)
			os.WriteFile(filepath.Join(h.root, "check.sh"), []byte("test -f a.txt\n"), 0o644)
			fm := &faultyModel{Scripted: model.NewScripted(c.lines), faults: c.faults}
			h.cfg.NewTransport = func(TransportHooks) model.Transport { return fm }
			h.start()
			f := h.run("write a")
			if f.Outcome != c.outcome {
				t.Fatalf("outcome %s (%s), want %s", f.Outcome, f.Reason, c.outcome)
			}
			h.stop()
			evs := h.events()
			if c.name == "too_long" {
				if len(fm.opened) != 2 || fm.opened[1] != "" || count(evs, event.EvConversationRoll) != 1 {
					t.Fatalf("no fresh conversation: opened %q", fm.opened)
				}
			}
			if c.name == "timeout" && count(evs, event.EvModelMessageSending) != 3 {
				t.Fatalf("%d messages sent: the timed-out one was resent instead of re-awaited", count(evs, event.EvModelMessageSending))
			}
			if c.name == "rate_limit" && !strings.Contains(f.Reason, "limit") {
				t.Fatalf("reason %q", f.Reason)
			}
			if n := count(evs, event.EvToolStarted); c.outcome == event.OutcomeCompleted && n != 2 {
				t.Fatalf("%d tools started, want 2", n)
			}
		})
	}
}
