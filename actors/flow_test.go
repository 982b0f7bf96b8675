package actors

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/internal/runlimit"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/policy"
)

// line is a script line with an expectation on the message it answers.
func line(expect, reply string) model.ScriptLine {
	return model.ScriptLine{Reply: reply, Expect: expect}
}

// scriptLines renumbers lines as a file would.
func scriptLines(lines ...model.ScriptLine) []model.ScriptLine {
	for i := range lines {
		lines[i].Line = i + 1
	}
	return lines
}

func write(path, content string) string {
	return toolCall("fs.write", "<path>"+path+"</path><content><![CDATA["+content+"]]></content>")
}

func execCall(program string, argv ...string) string {
	var b strings.Builder
	b.WriteString("<program>" + program + "</program><argv>")
	for _, a := range argv {
		b.WriteString("<item>" + a + "</item>")
	}
	b.WriteString("</argv>")
	return toolCall("terminal.exec", b.String())
}

const checkScript = "#!/bin/sh\ngrep -q hello greet.txt || { echo 'greet.txt does not say hello' >&2; exit 1; }\necho check passed\n"

// TestWriteBuildFix runs the agent loop over real tools: write files, a
// check that fails, a fix, a check that passes, done.
func TestWriteBuildFix(t *testing.T) {
	lines := scriptLines(
		line("<task", reply(false, "Write the check.", write("check.sh", checkScript))),
		line(`status="ok"`, reply(false, "Write the greeting.", write("greet.txt", "hi there\n"))),
		line(`status="ok"`, reply(false, "Run the check.", execCall("sh", "check.sh"))),
		line("does not say hello", reply(false, "Fix the greeting.",
			toolCall("fs.edit", "<path>greet.txt</path><old_text><![CDATA[hi there]]></old_text><new_text><![CDATA[hello there]]></new_text>"))),
		line("+hello there", reply(false, "Run the check again.", execCall("sh", "check.sh"))),
		line("check passed", reply(true, "greet.txt now says hello; sh check.sh passed.", "")),
	)
	h := newHarness(t, "make the check pass", lines)
	h.start()
	f := h.run("make the check pass")
	if f.Outcome != event.OutcomeCompleted {
		t.Fatalf("outcome %s: %s", f.Outcome, f.Reason)
	}
	got, err := os.ReadFile(filepath.Join(h.root, "greet.txt"))
	if err != nil || string(got) != "hello there\n" {
		t.Fatalf("greet.txt = %q, %v", got, err)
	}
	if strings.Join(f.Changed, ",") != "check.sh,greet.txt" {
		t.Errorf("changed = %v", f.Changed)
	}
	if len(f.Verification) == 0 || !strings.Contains(f.Verification[0], "check.sh") {
		t.Errorf("verification = %v", f.Verification)
	}
	h.stop()
	evs := h.events()
	if n := count(evs, event.EvToolCompleted); n != 5 {
		t.Errorf("%d tool.completed, want 5", n)
	}
	if n := count(evs, event.EvToolStarted); n != 5 {
		t.Errorf("%d tool.started, want 5", n)
	}
}

// TestDoneGateRefusesUnverified: when the request asks for a test, done=true
// right after a change is refused, and so is a "test" whose exit status
// hides the result (sh -c '… || true'); a real test after the change lets
// the run finish.
func TestDoneGateRefusesUnverified(t *testing.T) {
	lines := scriptLines(
		line("", reply(false, "Write.", write("greet.txt", "hello\n"))),
		line("", reply(true, "Done (without checking).", "")),
		line("none has passed since", reply(false, "Check it.", execCall("sh", "-c", "sh check.sh || true"))),
		line("check passed", reply(true, "Checked.", "")),
		line("none has passed since", reply(false, "Check it.", execCall("sh", "check.sh"))),
		line("check passed", reply(true, "Checked.", "")),
	)
	h := newHarness(t, "greet and test it", lines)
	if err := os.WriteFile(filepath.Join(h.root, "check.sh"), []byte(checkScript), 0o644); err != nil {
		t.Fatal(err)
	}
	h.start()
	f := h.run("greet and test it")
	if f.Outcome != event.OutcomeCompleted || f.Summary != "Checked." {
		t.Fatalf("outcome %s %q: %s", f.Outcome, f.Summary, f.Reason)
	}
	h.stop()
	if n := count(h.events(), event.EvDoneRefused); n != 2 {
		t.Fatalf("%d done refusals, want 2", n)
	}
}

// TestDoneGateFollowsRequest: a request that asks for no build or test
// (a docs-only task) finishes after its change succeeded; "test" in a file
// name is not a request to test.
func TestDoneGateFollowsRequest(t *testing.T) {
	for _, task := range []string{"write notes.txt", "add a line to test.sh"} {
		t.Run(task, func(t *testing.T) {
			lines := scriptLines(
				line("", reply(false, "Write.", write("notes.txt", "hello\n"))),
				line(`status="ok"`, reply(true, "Wrote notes.txt.", "")),
			)
			h := newHarness(t, task, lines)
			h.start()
			f := h.run(task)
			h.stop()
			if f.Outcome != event.OutcomeCompleted || f.Summary != "Wrote notes.txt." {
				t.Fatalf("outcome %s %q: %s", f.Outcome, f.Summary, f.Reason)
			}
			if n := count(h.events(), event.EvDoneRefused); n != 0 {
				t.Fatalf("%d done refusals, want 0", n)
			}
		})
	}
}

// TestMalformedThenRetry: a broken reply gets precise feedback and no tool
// runs; the corrected reply is handled.
func TestMalformedThenRetry(t *testing.T) {
	lines := scriptLines(
		line("", "<agent_response><done>false</done><message>oops</message><tool_call name=\"fs.write\"><args><path>x.txt</path>"),
		line("protocol_error", reply(false, "Again.", write("x.txt", "ok\n"))),
		line(`status="ok"`, reply(false, "Check.", execCall("test", "-f", "x.txt"))),
		line(`status="ok"`, reply(true, "Wrote x.txt; test -f x.txt passed.", "")),
	)
	h := newHarness(t, "write x", lines)
	h.start()
	f := h.run("write x")
	h.stop()
	evs := h.events()
	if count(evs, event.EvProtocolInvalid) != 1 {
		t.Fatalf("protocol.invalid logged %d times", count(evs, event.EvProtocolInvalid))
	}
	if count(evs, event.EvToolCompleted) != 2 {
		t.Fatalf("tool.completed logged %d times, want 2 (the broken reply must run nothing)", count(evs, event.EvToolCompleted))
	}
	if _, err := os.Stat(filepath.Join(h.root, "x.txt")); err != nil {
		t.Fatal(err)
	}
	if f.Outcome != event.OutcomeCompleted {
		t.Fatalf("outcome %s: %s", f.Outcome, f.Reason)
	}
}

// answerer is the user at an approval prompt.
type answerer struct {
	choice event.ApprovalChoice
	asked  chan messages.ApprovalRequest
}

func (a *answerer) Ask(ctx context.Context, req messages.ApprovalRequest) (messages.ApprovalAnswer, error) {
	a.asked <- req
	return messages.ApprovalAnswer{Choice: a.choice}, nil
}

// TestApprovalOutsideRoot: reading a file outside the root asks; allowed,
// the content reaches the model; denied, it never does.
func TestApprovalOutsideRoot(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "notes.txt")
	if err := os.WriteFile(outside, []byte("outside-secret-42\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		choice event.ApprovalChoice
		expect string
		status string
	}{
		{event.ApproveOnce, "outside-secret-42", "ok"},
		{event.ApproveDeny, `status="denied"`, "denied"},
	} {
		t.Run(string(c.choice), func(t *testing.T) {
			lines := scriptLines(
				line("", reply(false, "Read the notes.", toolCall("fs.read", "<path>"+outside+"</path>"))),
				line(c.expect, reply(true, "Read them.", "")),
			)
			h := newHarness(t, "read my notes", lines)
			a := &answerer{choice: c.choice, asked: make(chan messages.ApprovalRequest, 1)}
			h.cfg.Approvals, h.cfg.Approver = policy.ModePrompt, a
			h.start()
			f := h.run("read my notes")
			if f.Outcome != event.OutcomeCompleted {
				h.stop()
				dumpEvents(t, h)
				t.Fatalf("outcome %s: %s", f.Outcome, f.Reason)
			}
			req := <-a.asked
			if req.Risk != event.RiskSensitive || !strings.Contains(req.Subject, "notes.txt") {
				t.Errorf("approval request %+v", req)
			}
			h.stop()
			evs := h.events()
			if count(evs, event.EvApprovalRequired) != 1 || count(evs, event.EvApprovalResolved) != 1 {
				t.Fatal("approval not recorded")
			}
			var res event.ToolCompletedPayload
			for _, ev := range evs {
				if ev.Type == event.EvToolCompleted {
					json.Unmarshal(ev.Payload, &res)
				}
			}
			if string(res.Result.Status) != c.status {
				t.Fatalf("status %s, want %s", res.Result.Status, c.status)
			}
			if c.choice == event.ApproveDeny {
				raw, _ := os.ReadFile(h.sess.EventsPath())
				if strings.Contains(string(raw), "outside-secret-42") {
					t.Fatal("denied file content reached the event log")
				}
			}
		})
	}
}

// TestLimitThenResume: a run that hits max turns is interrupted; a new
// runtime on the same session resumes and completes without re-running
// anything.
func TestLimitThenResume(t *testing.T) {
	lines := scriptLines(
		line("", reply(false, "Write.", write("a.txt", "a\n"))),
		line(`status="ok"`, reply(false, "Write more.", write("b.txt", "b\n"))),
		line(`status="ok"`, reply(false, "Check.", execCall("sh", "check.sh"))),
		line("check passed", reply(true, "a.txt and b.txt written; sh check.sh passed.", "")),
	)
	h := newHarness(t, "write two files", lines)
	os.WriteFile(filepath.Join(h.root, "check.sh"), []byte("test -f a.txt && test -f b.txt && echo check passed\n"), 0o644)
	h.cfg.Limits = runlimit.Default()
	h.cfg.Limits.MaxTurns = 2
	h.start()
	f := h.run("write two files")
	if f.Outcome != event.OutcomeInterrupted || !strings.Contains(f.Reason, "max-turns") {
		t.Fatalf("outcome %s: %s", f.Outcome, f.Reason)
	}
	h.stop()
	h.cfg.Limits.MaxTurns = 10
	h.start()
	f = h.run("")
	if f.Outcome != event.OutcomeCompleted {
		h.stop()
		dumpEvents(t, h)
		t.Fatalf("resumed outcome %s: %s", f.Outcome, f.Reason)
	}
	h.stop()
	evs := h.events()
	if n := count(evs, event.EvToolStarted); n != 3 {
		t.Fatalf("%d tools started over both runs, want 3 (nothing twice)", n)
	}
	if n := count(evs, event.EvRunResumed); n != 1 {
		t.Fatalf("%d run.resumed", n)
	}
}
