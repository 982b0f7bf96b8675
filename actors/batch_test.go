package actors

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/wtagent/wtagent/internal/runlimit"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/policy"
	"github.com/wtagent/wtagent/session/event"
)

// newBatchHarness is newHarness with the default limits but chain-changes
// off (issue 26's rule): replies of up to DefaultCallsPerReply calls, one
// change, last.
func newBatchHarness(t *testing.T, task string, lines []model.ScriptLine) *harness {
	t.Helper()
	h := newHarness(t, task, lines)
	h.cfg.Limits = runlimit.Default()
	h.cfg.Limits.ChainChanges = false
	return h
}

func readCall(path string) string { return toolCall("fs.read", "<path>"+path+"</path>") }

// resultMessages returns the tool-result messages sent to the model.
func resultMessages(t *testing.T, evs []event.Event) []event.MessageSentPayload {
	t.Helper()
	var out []event.MessageSentPayload
	for _, ev := range evs {
		if ev.Type != event.EvModelMessageSending {
			continue
		}
		var p event.MessageSentPayload
		if err := json.Unmarshal(ev.Payload, &p); err != nil {
			t.Fatal(err)
		}
		if p.Kind == event.OutboundToolResult {
			out = append(out, p)
		}
	}
	return out
}

// resultHeads returns the `call="N" name="…" status="…"` of each
// <tool_result> in a message, in order.
func resultHeads(text string) []string {
	re := regexp.MustCompile(`<tool_result call="(\d+)" name="([^"]+)" status="([^"]+)"`)
	var out []string
	for _, m := range re.FindAllStringSubmatch(text, -1) {
		out = append(out, m[1]+" "+m[2]+" "+m[3])
	}
	return out
}

func writeFiles(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		if err := os.WriteFile(filepath.Join(root, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestBatchReadsThenWrite: a reply with three reads, a write and a read
// after it runs the reads and the write, skips the last read, and answers
// in one message, in the calls' order, each naming its call.
func TestBatchReadsThenWrite(t *testing.T) {
	lines := scriptLines(
		line("", reply(false, "Read, then write.", readCall("a.txt")+readCall("b.txt")+
			toolCall("fs.list", "<path>.</path>")+write("out.txt", "joined\n")+readCall("out.txt"))),
		line(`<tool_results calls="5">`, reply(true, "Wrote out.txt.", "")),
	)
	h := newBatchHarness(t, "join the files into out.txt", lines)
	writeFiles(t, h.root, map[string]string{"a.txt": "alpha-content\n", "b.txt": "beta-content\n"})
	h.start()
	f := h.run("join the files into out.txt")
	h.stop()
	if f.Outcome != event.OutcomeCompleted {
		dumpEvents(t, h)
		t.Fatalf("outcome %s: %s", f.Outcome, f.Reason)
	}
	if got, err := os.ReadFile(filepath.Join(h.root, "out.txt")); err != nil || string(got) != "joined\n" {
		t.Fatalf("out.txt = %q, %v", got, err)
	}
	evs := h.events()
	msgs := resultMessages(t, evs)
	if len(msgs) != 1 {
		t.Fatalf("%d tool-result messages, want 1", len(msgs))
	}
	m := msgs[0]
	want := []string{"1 fs.read ok", "2 fs.read ok", "3 fs.list ok", "4 fs.write ok", "5 fs.read skipped"}
	if got := resultHeads(m.Text); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("results %q, want %q\n%s", got, want, m.Text)
	}
	for _, s := range []string{"alpha-content", "beta-content", "Not run: it comes after <tool_call> 4 (fs.write)", "up to 8 <tool_call>"} {
		if !strings.Contains(m.Text, s) {
			t.Errorf("the message lacks %q:\n%s", s, m.Text)
		}
	}
	if len(m.ResultOps) != 5 {
		t.Errorf("the message carries %d op keys, want 5", len(m.ResultOps))
	}
	if n := count(evs, event.EvToolStarted); n != 4 {
		t.Errorf("%d tool.started, want 4 (the skipped read never runs)", n)
	}
	if n := count(evs, event.EvToolProposed); n != 5 {
		t.Errorf("%d tool.proposed, want 5", n)
	}
	assertWriteAfterReads(t, evs)
}

// assertWriteAfterReads checks that fs.write started after every read
// completed.
func assertWriteAfterReads(t *testing.T, evs []event.Event) {
	t.Helper()
	lastRead, writeStart := int64(0), int64(0)
	for _, ev := range evs {
		var p struct {
			Call   event.ToolCall   `json:"call"`
			Result event.ToolResult `json:"result"`
		}
		json.Unmarshal(ev.Payload, &p)
		switch {
		case ev.Type == event.EvToolCompleted && p.Result.Tool != "fs.write" && p.Result.Status != event.ToolSkipped:
			lastRead = max(lastRead, ev.Seq)
		case ev.Type == event.EvToolStarted && p.Call.Name == "fs.write":
			writeStart = ev.Seq
		}
	}
	if writeStart == 0 || writeStart < lastRead {
		t.Errorf("fs.write started at %d, before the last read completed at %d", writeStart, lastRead)
	}
}

// TestBatchIdenticalCalls: two identical reads in one reply are two
// operations, each run and answered.
func TestBatchIdenticalCalls(t *testing.T) {
	lines := scriptLines(
		line("", reply(false, "Read twice.", readCall("a.txt")+readCall("a.txt"))),
		line(`<tool_results calls="2">`, reply(true, "Read it.", "")),
	)
	h := newBatchHarness(t, "read a.txt", lines)
	writeFiles(t, h.root, map[string]string{"a.txt": "alpha\n"})
	h.start()
	f := h.run("read a.txt")
	h.stop()
	if f.Outcome != event.OutcomeCompleted {
		dumpEvents(t, h)
		t.Fatalf("outcome %s: %s", f.Outcome, f.Reason)
	}
	evs := h.events()
	if n := count(evs, event.EvToolCompleted); n != 2 {
		t.Fatalf("%d tool.completed, want 2", n)
	}
	m := resultMessages(t, evs)[0]
	if m.ResultOps[0] == m.ResultOps[1] {
		t.Fatalf("two calls share the op key %s", m.ResultOps[0])
	}
}

// TestBatchDeniedReadDoesNotStopOthers: a read the approval mode denies
// comes back denied; the calls around it run.
func TestBatchDeniedReadDoesNotStopOthers(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "secret.txt")
	writeFiles(t, filepath.Dir(outside), map[string]string{"secret.txt": "outside-secret-42\n"})
	lines := scriptLines(
		line("", reply(false, "Read three.", readCall("a.txt")+readCall(outside)+readCall("b.txt"))),
		line(`<tool_results calls="3">`, reply(true, "Read them.", "")),
	)
	h := newBatchHarness(t, "read the files", lines)
	writeFiles(t, h.root, map[string]string{"a.txt": "alpha-content\n", "b.txt": "beta-content\n"})
	h.start()
	f := h.run("read the files")
	h.stop()
	if f.Outcome != event.OutcomeCompleted {
		dumpEvents(t, h)
		t.Fatalf("outcome %s: %s", f.Outcome, f.Reason)
	}
	m := resultMessages(t, h.events())[0]
	want := []string{"1 fs.read ok", "2 fs.read denied", "3 fs.read ok"}
	if got := resultHeads(m.Text); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("results %q, want %q\n%s", got, want, m.Text)
	}
	if strings.Contains(m.Text, "outside-secret-42") || !strings.Contains(m.Text, "beta-content") {
		t.Fatalf("message:\n%s", m.Text)
	}
}

// serialAsker is a user who answers approval questions and notes whether
// two were ever open at once.
type serialAsker struct {
	open, overlap atomic.Int32
	asked         chan string
}

func (a *serialAsker) Ask(ctx context.Context, req messages.ApprovalRequest) (messages.ApprovalAnswer, error) {
	if a.open.Add(1) > 1 {
		a.overlap.Add(1)
	}
	defer a.open.Add(-1)
	a.asked <- req.Subject
	choice := event.ApproveOnce
	if strings.Contains(req.Subject, "two") {
		choice = event.ApproveDeny
	}
	return messages.ApprovalAnswer{Choice: choice}, nil
}

// TestBatchApprovalsOneAtATime: two reads that need approval are asked
// about one after the other; one allowed, one denied, each on its own.
func TestBatchApprovalsOneAtATime(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"one.txt": "first-outside\n", "two.txt": "second-outside\n"})
	lines := scriptLines(
		line("", reply(false, "Read both.", readCall(filepath.Join(dir, "one.txt"))+readCall("a.txt")+
			readCall(filepath.Join(dir, "two.txt")))),
		line(`<tool_results calls="3">`, reply(true, "Read them.", "")),
	)
	h := newBatchHarness(t, "read my notes", lines)
	writeFiles(t, h.root, map[string]string{"a.txt": "alpha-content\n"})
	a := &serialAsker{asked: make(chan string, 4)}
	h.cfg.Approvals, h.cfg.Approver = policy.ModePrompt, a
	h.start()
	f := h.run("read my notes")
	h.stop()
	if f.Outcome != event.OutcomeCompleted {
		dumpEvents(t, h)
		t.Fatalf("outcome %s: %s", f.Outcome, f.Reason)
	}
	if len(a.asked) != 2 || a.overlap.Load() != 0 {
		t.Fatalf("%d questions, %d overlapping; want 2, none at once", len(a.asked), a.overlap.Load())
	}
	evs := h.events()
	if count(evs, event.EvApprovalRequired) != 2 || count(evs, event.EvApprovalResolved) != 2 {
		t.Fatal("the approvals are not recorded per call")
	}
	m := resultMessages(t, evs)[0]
	want := []string{"1 fs.read ok", "2 fs.read ok", "3 fs.read denied"}
	if got := resultHeads(m.Text); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("results %q, want %q\n%s", got, want, m.Text)
	}
}

// TestBatchOneCallLimitRefusesTwo: with calls-per-reply 1 (the seed's V1)
// a reply with two calls is a protocol error, as before.
func TestBatchOneCallLimitRefusesTwo(t *testing.T) {
	lines := scriptLines(
		line("", reply(false, "Read both.", readCall("a.txt")+readCall("b.txt"))),
		line("protocol_error", reply(true, "Nothing.", "")),
	)
	h := newHarness(t, "say hello", lines)
	h.cfg.Limits = runlimit.Default()
	h.cfg.Limits.CallsPerReply = 1
	h.start()
	f := h.run("say hello")
	h.stop()
	if f.Outcome != event.OutcomeCompleted || count(h.events(), event.EvToolProposed) != 0 {
		dumpEvents(t, h)
		t.Fatalf("outcome %s: %s", f.Outcome, f.Reason)
	}
}

// TestBatchDoneGateCountsEachCall: the done gate takes its evidence from
// every call of a batch (a read and a passing test in one reply), and
// none from a skipped call (a test after a write in the same reply).
func TestBatchDoneGateCountsEachCall(t *testing.T) {
	test := execCall("sh", "test.sh")
	lines := scriptLines(
		line("", reply(false, "Write, then test.", write("out.txt", "hello\n")+test)),
		line(`status="skipped"`, reply(true, "Done.", "")),
		line("none has passed since", reply(false, "Read and test.", readCall("out.txt")+test)),
		line("1 passed", reply(true, "out.txt written; sh test.sh passed.", "")),
	)
	h := newBatchHarness(t, "write out.txt and run the tests", lines)
	writeFiles(t, h.root, map[string]string{"test.sh": "#!/bin/sh\ntest -f out.txt && echo 1 passed\n"})
	h.start()
	f := h.run("write out.txt and run the tests")
	h.stop()
	if f.Outcome != event.OutcomeCompleted || f.Summary != "out.txt written; sh test.sh passed." {
		dumpEvents(t, h)
		t.Fatalf("outcome %s %q: %s", f.Outcome, f.Summary, f.Reason)
	}
	evs := h.events()
	if n := count(evs, event.EvDoneRefused); n != 1 {
		t.Fatalf("%d done refusals, want 1 (after the skipped test)", n)
	}
	if len(f.Verification) != 1 || !strings.Contains(f.Verification[0], "test.sh") {
		t.Errorf("verification = %v", f.Verification)
	}
}

// TestBatchResumeRunsOnlyWhatDidNotComplete: a session whose log ends in
// the middle of a batch (one read completed, the other read and the write
// not) is resumed by a new process: the completed read is reused, the
// other read runs again, the write runs once, and the three results go
// back in one message, in order.
func TestBatchResumeRunsOnlyWhatDidNotComplete(t *testing.T) {
	appendRun := toolCall("fs.write", "<path>runs.log</path><content><![CDATA[ran\n]]></content><mode>append</mode>")
	batch := reply(false, "Read, then record.", readCall("a.txt")+readCall("b.txt")+appendRun)
	done := reply(true, "Recorded one run.", "")
	h := newBatchHarness(t, "record one run", scriptLines(line("", batch), line(`<tool_results calls="3">`, done)))
	writeFiles(t, h.root, map[string]string{"a.txt": "alpha-content\n", "b.txt": "beta-content\n"})
	h.start()
	if f := h.run("record one run"); f.Outcome != event.OutcomeCompleted {
		t.Fatalf("first run: %s %s", f.Outcome, f.Reason)
	}
	h.stop()

	// Cut the log after the first read's result, as a kill -9 there would
	// leave it, and undo what came after.
	evs := h.events()
	cut, kept := 0, ""
	for i, ev := range evs {
		var p event.ToolCompletedPayload
		if ev.Type == event.EvToolCompleted && json.Unmarshal(ev.Payload, &p) == nil && p.Result.Tool == "fs.read" {
			cut, kept = i+1, ev.CallID
			break
		}
	}
	raw, err := os.ReadFile(h.sess.EventsPath())
	if err != nil || cut == 0 {
		t.Fatalf("no read result in the log (%v)", err)
	}
	logLines := strings.SplitAfter(string(raw), "\n")
	if err := os.WriteFile(h.sess.EventsPath(), []byte(strings.Join(logLines[:cut], "")), 0o600); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(h.root, "runs.log"))

	h.cfg.PID = os.Getpid() + 1 // a new wtagent process
	h.cfg.NewTransport = func(TransportHooks) model.Transport {
		return model.NewScripted(scriptLines(line("", batch), line(`<tool_results calls="3">`, done)))
	}
	h.start()
	if f := h.run(""); f.Outcome != event.OutcomeCompleted {
		h.stop()
		dumpEvents(t, h)
		t.Fatalf("resume: %s %s", f.Outcome, f.Reason)
	}
	h.stop()
	if got, _ := os.ReadFile(filepath.Join(h.root, "runs.log")); string(got) != "ran\n" {
		t.Fatalf("runs.log = %q, want the write once", got)
	}
	evs = h.events()
	starts := map[string]int{}
	for _, ev := range evs {
		if ev.Type == event.EvToolStarted {
			starts[ev.CallID]++
		}
	}
	if starts[kept] != 1 {
		t.Errorf("the read that completed before the cut started %d times, want 1", starts[kept])
	}
	msgs := resultMessages(t, evs)
	want := []string{"1 fs.read ok", "2 fs.read ok", "3 fs.write ok"}
	if len(msgs) != 1 || strings.Join(resultHeads(msgs[0].Text), "|") != strings.Join(want, "|") {
		t.Fatalf("%d result messages: %q", len(msgs), resultHeads(msgs[len(msgs)-1].Text))
	}
	if !strings.Contains(msgs[0].Text, "alpha-content") || !strings.Contains(msgs[0].Text, "beta-content") {
		t.Errorf("message:\n%s", msgs[0].Text)
	}
}
