package actors

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/wtagent/wtagent/messages"
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
	lines[1].DelayMS = 1500
	h := newHarness(t, "record one run", lines)
	os.WriteFile(filepath.Join(h.root, "check.sh"), []byte("n=$(wc -l < runs.log); echo \"$n line\"; test \"$n\" -eq 1\n"), 0o644)
	h.start()
	h.rt.Run("record one run", nil)
	deadline := time.Now().Add(20 * time.Second)
	for count(h.events(), messages.EvModelMessageSent) < 2 {
		if time.Now().After(deadline) {
			t.Fatal("the second message was never sent")
		}
		time.Sleep(5 * time.Millisecond)
	}
	<-h.rt.e.Poison(h.rt.p.controller).Done()
	var f messages.RunFinished
	select {
	case f = <-h.rt.Finished():
	case <-time.After(30 * time.Second):
		t.Fatal("the restarted controller did not finish the run")
	}
	if f.Outcome != messages.OutcomeCompleted {
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
		var p messages.PhaseChanged
		if ev.Type == messages.EvPhaseChanged && decodeInto(ev, &p) && p.To == messages.PhaseRecovering {
			recovering = true
		}
	}
	if !recovering {
		t.Fatal("the restarted controller never entered RECOVERING")
	}
	if n := count(evs, messages.EvToolStarted); n != 2 {
		t.Fatalf("%d tools started, want 2", n)
	}
}
