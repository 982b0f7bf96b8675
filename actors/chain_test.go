package actors

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/internal/runlimit"
	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/policy"
	"github.com/wtagent/wtagent/session/event"
)

// newChainHarness is newHarness with the default limits: up to
// DefaultCallsPerReply calls per reply, with chain-changes on.
func newChainHarness(t *testing.T, task string, lines []model.ScriptLine) *harness {
	t.Helper()
	h := newHarness(t, task, lines)
	h.cfg.Limits = runlimit.Default()
	return h
}

func patchCall(body string) string {
	return toolCall("fs.patch", "<patch><![CDATA[*** Begin Patch\n"+body+"*** End Patch]]></patch>")
}

// chainRun runs one reply of calls and a done reply, and returns the one
// tool-result message's heads, its text and the events.
func chainRun(t *testing.T, calls string, files map[string]string) (*harness, []string, string, []event.Event) {
	t.Helper()
	lines := scriptLines(
		line("", reply(false, "Change, then check.", calls)),
		line("<tool_results", reply(true, "Done.", "")),
	)
	h := newChainHarness(t, "change and check", lines)
	writeFiles(t, h.root, files)
	h.start()
	f := h.run("change and check")
	h.stop()
	if f.Outcome != event.OutcomeCompleted {
		dumpEvents(t, h)
		t.Fatalf("outcome %s: %s", f.Outcome, f.Reason)
	}
	evs := h.events()
	msgs := resultMessages(t, evs)
	if len(msgs) != 1 {
		t.Fatalf("%d tool-result messages, want 1", len(msgs))
	}
	return h, resultHeads(msgs[0].Text), msgs[0].Text, evs
}

// TestChainRunsChangesInOrder: reads, a patch of several files, a test
// run and a read after it all run, the changes one at a time in order,
// and come back in one message.
func TestChainRunsChangesInOrder(t *testing.T) {
	calls := readCall("a.txt") + patchCall("*** Add File: x.txt\n+x\n*** Add File: y.txt\n+y\n*** Add File: z.txt\n+z\n*** Update File: a.txt\n@@\n-alpha\n+ALPHA\n") +
		execCall("sh", "-c", "cat x.txt y.txt z.txt a.txt > all.txt") + readCall("all.txt")
	h, heads, text, evs := chainRun(t, calls, map[string]string{"a.txt": "alpha\n"})
	want := "1 fs.read ok|2 fs.patch ok|3 terminal.exec ok|4 fs.read ok"
	if strings.Join(heads, "|") != want {
		t.Fatalf("results %q, want %q\n%s", heads, want, text)
	}
	if got, _ := os.ReadFile(filepath.Join(h.root, "all.txt")); string(got) != "x\ny\nz\nALPHA\n" {
		t.Errorf("all.txt = %q: the command did not run after the patch", got)
	}
	if !strings.Contains(text, "patched 4 file(s): added x.txt (+1 -0); added y.txt (+1 -0); added z.txt (+1 -0); updated a.txt (+1 -1)") {
		t.Errorf("the patch result does not list its files:\n%s", text)
	}
	// Each call of the chain starts after the one before it completed.
	var order []string
	for _, ev := range evs {
		if ev.Type == event.EvToolStarted || ev.Type == event.EvToolCompleted {
			order = append(order, string(ev.Type)+" "+ev.CallID)
		}
	}
	started := func(i int) int { return indexOf(order, "tool.started "+callIDAt(t, evs, i)) }
	completed := func(i int) int { return indexOf(order, "tool.completed "+callIDAt(t, evs, i)) }
	if !(completed(0) < started(1) && completed(1) < started(2) && completed(2) < started(3)) {
		t.Errorf("the chain did not run in order: %v", order)
	}
}

// TestChainEndsAtTheFirstFailure: a failing command ends the chain; the
// write after it is skipped with the reason and never runs.
func TestChainEndsAtTheFirstFailure(t *testing.T) {
	calls := write("one.txt", "1\n") + execCall("sh", "-c", "exit 3") + write("two.txt", "2\n") + readCall("one.txt")
	h, heads, text, evs := chainRun(t, calls, nil)
	want := "1 fs.write ok|2 terminal.exec error|3 fs.write skipped|4 fs.read skipped"
	if strings.Join(heads, "|") != want {
		t.Fatalf("results %q, want %q\n%s", heads, want, text)
	}
	if !strings.Contains(text, "Not run: <tool_call> 2 (terminal.exec) before it failed, which ends the reply's chain of changes.") {
		t.Errorf("the skip does not say why:\n%s", text)
	}
	if _, err := os.Stat(filepath.Join(h.root, "two.txt")); !os.IsNotExist(err) {
		t.Errorf("two.txt exists: the chain went on after the failure (%v)", err)
	}
	if n := count(evs, event.EvToolStarted); n != 2 {
		t.Errorf("%d tool.started, want 2", n)
	}
}

// TestChainDeniedFirstRunsNothingAfter: a chain whose first change is
// denied (--approvals deny refuses a write inside .git) runs nothing.
func TestChainDeniedFirstRunsNothingAfter(t *testing.T) {
	calls := readCall("a.txt") + write(".git/hooks-note", "x\n") + write("after.txt", "no\n") + execCall("sh", "-c", "echo ran > ran.txt")
	h, heads, text, evs := chainRun(t, calls, map[string]string{"a.txt": "a\n"})
	want := "1 fs.read ok|2 fs.write denied|3 fs.write skipped|4 terminal.exec skipped"
	if strings.Join(heads, "|") != want {
		t.Fatalf("results %q, want %q\n%s", heads, want, text)
	}
	if !strings.Contains(text, "before it was denied") {
		t.Errorf("the skip does not say the change was denied:\n%s", text)
	}
	for _, f := range []string{"after.txt", "ran.txt", ".git/hooks-note"} {
		if _, err := os.Stat(filepath.Join(h.root, f)); !os.IsNotExist(err) {
			t.Errorf("%s exists after a denied first change (%v)", f, err)
		}
	}
	if n := count(evs, event.EvToolStarted); n != 1 {
		t.Errorf("%d tool.started, want 1 (the read)", n)
	}
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

// callIDAt returns the call ID of the i-th proposed call.
func callIDAt(t *testing.T, evs []event.Event, i int) string {
	t.Helper()
	n := 0
	for _, ev := range evs {
		if ev.Type == event.EvToolProposed {
			if n == i {
				return ev.CallID
			}
			n++
		}
	}
	t.Fatalf("no proposed call %d", i)
	return ""
}

// TestChainPatchAsksOnceForEveryFile: a patch that touches a credential
// file is one approval question naming every file; allowed, it runs and
// the chain goes on; refused by the user, nothing is written and the
// chain ends there.
func TestChainPatchAsksOnceForEveryFile(t *testing.T) {
	for _, tt := range []struct {
		name, dir string
		want      string
	}{
		{"allowed", "one", "1 fs.patch ok|2 terminal.exec ok"},
		{"refused", "two", "1 fs.patch denied|2 terminal.exec skipped"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			patch := patchCall("*** Add File: " + tt.dir + "/a.html\n+a\n*** Add File: " + tt.dir + "/.env\n+K=v\n*** Update File: a.txt\n@@\n-a\n+A\n")
			lines := scriptLines(
				line("", reply(false, "Patch, then check.", patch+execCall("sh", "-c", "echo ran > ran.txt"))),
				line("<tool_results", reply(true, "Done.", "")),
			)
			h := newChainHarness(t, "go ahead", lines)
			writeFiles(t, h.root, map[string]string{"a.txt": "a\n"})
			a := &serialAsker{asked: make(chan string, 4)}
			h.cfg.Approvals, h.cfg.Approver = policy.ModePrompt, a
			h.start()
			f := h.run("go ahead")
			h.stop()
			if f.Outcome != event.OutcomeCompleted {
				dumpEvents(t, h)
				t.Fatalf("outcome %s: %s", f.Outcome, f.Reason)
			}
			if len(a.asked) != 1 {
				t.Fatalf("%d approval questions, want one for the whole patch", len(a.asked))
			}
			if s := <-a.asked; s != tt.dir+"/a.html, "+tt.dir+"/.env, a.txt" {
				t.Errorf("the question names %q, not every file", s)
			}
			msgs := resultMessages(t, h.events())
			if got := strings.Join(resultHeads(msgs[0].Text), "|"); got != tt.want {
				t.Fatalf("results %q, want %q", got, tt.want)
			}
			_, ranErr := os.Stat(filepath.Join(h.root, "ran.txt"))
			got, _ := os.ReadFile(filepath.Join(h.root, "a.txt"))
			if tt.name == "refused" && (string(got) != "a\n" || ranErr == nil) {
				t.Errorf("a refused patch changed a.txt to %q or the chain went on (%v)", got, ranErr)
			}
			if tt.name == "allowed" && (string(got) != "A\n" || ranErr != nil) {
				t.Errorf("an allowed patch left a.txt %q or the check did not run (%v)", got, ranErr)
			}
		})
	}
}
