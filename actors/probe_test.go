package actors

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
)

// lookupModel is a scripted model that keeps its conversation across
// restarts, as a web page does: a message it took can be looked up by its
// text. crashOnSend makes the transport die right after the page took the
// message of that turn, before the send is confirmed.
type lookupModel struct {
	*model.Scripted
	mu          sync.Mutex
	sent        map[string]event.Binding
	crashOnSend int
	// lost makes that crash come before the page took the message.
	lost  bool
	sends int
}

func (l *lookupModel) Send(ctx context.Context, m messages.Outbound) (event.Binding, error) {
	l.mu.Lock()
	if l.lost && m.Turn == l.crashOnSend {
		l.crashOnSend = 0
		l.mu.Unlock()
		return event.Binding{}, &model.Error{Kind: messages.FailCrash, Err: model.ErrCrash}
	}
	l.mu.Unlock()
	b, err := l.Scripted.Send(ctx, m)
	if err != nil {
		return b, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.sends++
	l.sent[b.TextSHA256] = b
	if m.Turn == l.crashOnSend {
		l.crashOnSend = 0
		return event.Binding{}, &model.Error{Kind: messages.FailCrash, Err: model.ErrCrash}
	}
	return b, nil
}

func (l *lookupModel) Await(ctx context.Context, b event.Binding, p func(string)) (event.Reply, error) {
	if b.Probe {
		l.mu.Lock()
		found, ok := l.sent[b.TextSHA256]
		l.mu.Unlock()
		if !ok {
			return event.Reply{}, &model.Error{Kind: messages.FailNotSent, Err: model.ErrNotSent}
		}
		// The conversation holds the message: it goes on after it.
		if _, err := l.Scripted.Open(ctx, found.Cursor); err != nil {
			return event.Reply{}, err
		}
		found.Turn = b.Turn
		return l.Scripted.Await(ctx, found, p)
	}
	return l.Scripted.Await(ctx, b, p)
}

// TestSendInDoubtIsLookedUpNotResent: the transport dies while a message
// is being sent. After the restart the message is looked up: found (the
// page had taken it), its reply is used and it is not sent again; not found
// (the page never got it), it is sent once. Either way its tool runs once.
func TestSendInDoubtIsLookedUpNotResent(t *testing.T) {
	for _, lost := range []bool{false, true} {
		t.Run(map[bool]string{false: "found", true: "lost"}[lost], func(t *testing.T) { testSendInDoubt(t, lost) })
	}
}

func testSendInDoubt(t *testing.T, lost bool) {
	lines := scriptLines(
		line("", reply(false, "Record.", toolCall("fs.write", "<path>runs.log</path><content>ran\n</content><mode>append</mode>"))),
		line("", reply(false, "Check.", execCall("sh", "check.sh"))),
		line("1 line", reply(true, "Checked.", "")),
	)
	h := newHarness(t, "record", lines)
	os.WriteFile(filepath.Join(h.root, "check.sh"), []byte("n=$(wc -l < runs.log); echo \"$n line\"; test \"$n\" -eq 1\n"), 0o644)
	lm := &lookupModel{Scripted: model.NewScripted(lines), sent: map[string]event.Binding{}, crashOnSend: 2, lost: lost}
	h.cfg.NewTransport = func(TransportHooks) model.Transport { return lm }
	h.start()
	f := h.run("record")
	if f.Outcome != event.OutcomeCompleted {
		t.Fatalf("outcome %s: %s", f.Outcome, f.Reason)
	}
	h.stop()
	if lm.sends != 3 {
		t.Fatalf("%d messages reached the page, want 3 (the one in doubt not twice)", lm.sends)
	}
	got, _ := os.ReadFile(filepath.Join(h.root, "runs.log"))
	if string(got) != "ran\n" {
		t.Fatalf("runs.log = %q", got)
	}
	if count(h.events(), event.EvBrowserCrashed) != 1 {
		t.Fatal("the crash was not recorded")
	}
}
