package actors

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
)

// TestControllerKilledMidTurnRecovers kills the turn controller while it
// waits for the model: the supervisor restarts it, it rebuilds its state
// from the event log and finishes the run, and nothing runs twice.
func TestControllerKilledMidTurnRecovers(t *testing.T) {
	appendRun := toolCall("fs.write", "<path>runs.log</path><content><![CDATA[ran\n]]></content><mode>append</mode>")
	lines := scriptLines(
		line("", reply(false, "Record the run.", appendRun)),
		line(`status="ok"`, reply(false, "Check it.", execCall("sh", "check.sh"))),
		line("1 line", reply(true, "runs.log has one line; sh check.sh passed.", "")),
	)
	h := newHarness(t, "record one run", lines)
	held := &heldAwait{turn: 2, waiting: make(chan struct{}), release: make(chan struct{})}
	h.cfg.NewTransport = func(TransportHooks) model.Transport {
		held.Transport = model.NewScripted(lines)
		return held
	}
	os.WriteFile(filepath.Join(h.root, "check.sh"), []byte("n=$(wc -l < runs.log); echo \"$n line\"; test \"$n\" -eq 1\n"), 0o644)
	h.start()
	h.rt.Run(messages.StartRun{Task: "record one run"})
	select {
	case <-held.waiting: // the second message is sent; its reply is held
	case <-time.After(hangGuard):
		t.Fatal("the second message was never awaited")
	}
	<-h.rt.e.Poison(h.rt.p.controller).Done()
	close(held.release)
	var f messages.RunFinished
	select {
	case f = <-h.rt.Finished():
	case <-time.After(hangGuard):
		t.Fatal("the restarted controller did not finish the run")
	}
	if f.Outcome != event.OutcomeCompleted {
		t.Fatalf("outcome %s: %s", f.Outcome, f.Reason)
	}
	h.stop()
	got, _ := os.ReadFile(filepath.Join(h.root, "runs.log"))
	if string(got) != "ran\n" {
		t.Fatalf("runs.log = %q", got)
	}
	evs := h.events()
	recovering := false
	for _, ev := range evs {
		var p event.PhaseChanged
		if ev.Type == event.EvPhaseChanged && decodeInto(ev, &p) && p.To == event.PhaseRecovering {
			recovering = true
		}
	}
	if !recovering {
		t.Fatal("the restarted controller never entered RECOVERING")
	}
	if n := count(evs, event.EvToolStarted); n != 2 {
		t.Fatalf("%d tools started, want 2", n)
	}
}

// heldAwait holds the reply to one turn until release is closed, so a test
// can act while the model is known to be thinking; waiting is closed when
// that turn's Await begins.
type heldAwait struct {
	model.Transport
	turn    int
	waiting chan struct{}
	release chan struct{}
	once    sync.Once
}

func (h *heldAwait) Await(ctx context.Context, b event.Binding, progress func(string)) (event.Reply, error) {
	if b.Turn == h.turn {
		h.once.Do(func() { close(h.waiting) })
		select {
		case <-h.release:
		case <-ctx.Done():
			return event.Reply{}, ctx.Err()
		}
	}
	return h.Transport.Await(ctx, b, progress)
}
