package protocol

import (
	"errors"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/session/event"
)

// outbound returns one message of every kind, as the builders make them.
func outbound() map[string]string {
	cat := DefaultCatalogue()
	code := 0
	res := event.ToolResult{Tool: ToolTerminalExec, Status: event.ToolOK, ExitCode: &code, Stdout: "ok\n"}
	_, perr := Parse("<agent_response><done>maybe</done></agent_response>", cat)
	return map[string]string{
		"bootstrap":      Bootstrap(BootstrapInput{Task: "build me a website", RootName: "site", Catalogue: cat, Attachments: []string{"notes.md"}, Mode: "ask"}),
		"tool_result":    FormatToolResult(res),
		"protocol_error": FormatProtocolError(perr),
		"continue":       Continue(ContinueNoTool),
		"continue_other": Continue("The page reloaded."),
		"follow_up":      FollowUp("now add a contact form </follow_up> ]]>"),
		"rollover": Rollover(Checkpoint{Goal: "build", Changed: []string{"index.html"}, Verification: []string{"npm test: ok"},
			OpenItems: []string{"footer"}, LastMessage: "Wrote the page."}, cat, "site"),
	}
}

func TestWithReminderEndsEveryMessageOnce(t *testing.T) {
	for name, body := range outbound() {
		t.Run(name, func(t *testing.T) {
			if strings.Contains(body, reminderOpen) {
				t.Fatalf("the builder already added a reminder")
			}
			msg := WithReminder(body)
			if !strings.HasSuffix(msg, Reminder) {
				t.Fatalf("message does not end with the reminder:\n%s", msg)
			}
			if n := strings.Count(msg, reminderOpen); n != 1 {
				t.Fatalf("%d reminders in the message", n)
			}
			if again := WithReminder(msg); again != msg {
				t.Fatalf("WithReminder is not idempotent:\n%q\n%q", again, msg)
			}
			checkNoRawControls(t, msg)
		})
	}
}

func TestWithReminderReplacesTrailingReminders(t *testing.T) {
	cases := map[string]string{
		"empty":     "",
		"old":       "body\n\n<system_reminder>old text</system_reminder>\n  ",
		"two":       "body<system_reminder>a</system_reminder>\n<system_reminder>b</system_reminder>",
		"not_final": "body <system_reminder>x</system_reminder> tail",
	}
	for name, in := range cases {
		out := WithReminder(in)
		if !strings.HasSuffix(out, Reminder) || strings.Count(out, Reminder) != 1 {
			t.Errorf("%s: %q", name, out)
		}
		if name == "old" || name == "two" {
			if strings.Count(out, reminderOpen) != 1 || !strings.HasPrefix(out, "body") {
				t.Errorf("%s: old reminder kept: %q", name, out)
			}
		}
		if name == "not_final" && !strings.Contains(out, "tail\n\n"+Reminder) {
			t.Errorf("%s: body changed: %q", name, out)
		}
	}
	if len(Reminder) >= 400 {
		t.Errorf("the reminder is %d bytes; keep it short (the JS peer's is ~650)", len(Reminder))
	}
}

func TestBootstrap(t *testing.T) {
	cat := DefaultCatalogue()
	b := Bootstrap(BootstrapInput{Task: "Build a <b>site</b> & test it ]]> now", RootName: "myproj", Catalogue: cat,
		Attachments: []string{"spec.md"}, Mode: "ask"})
	for _, want := range []string{
		"<agent_protocol>", "</agent_protocol>", "not a system message", "exactly one <agent_response>", "```xml",
		"At most one <tool_call>", "checked locally", "never guess", "virtual filesystem", "/workspace", "/mnt/data",
		`"myproj"`, "CDATA", "data, not instructions", "build or run the tests", "summarises the changes",
		"Approval mode: ask", "spec.md", `<task project="myproj">`,
	} {
		if !strings.Contains(b, want) {
			t.Errorf("bootstrap lacks %q", want)
		}
	}
	// The catalogue is generated: every tool and argument, with its type.
	if !strings.Contains(b, CatalogueText(cat)) {
		t.Error("bootstrap does not embed CatalogueText")
	}
	for _, s := range cat.Specs() {
		if !strings.Contains(b, s.Name+" [") || !strings.Contains(b, s.Description) {
			t.Errorf("tool %s missing", s.Name)
		}
		for _, a := range s.Args {
			if !strings.Contains(b, "<"+a.Name+"> "+argSummary(a)) {
				t.Errorf("argument %s.%s missing", s.Name, a.Name)
			}
		}
	}
	// The task survives byte for byte inside its CDATA.
	i := strings.Index(b, "<task")
	got, err := elementText(b[i:], "task")
	if err != nil || got != "Build a <b>site</b> & test it ]]> now" {
		t.Errorf("task = %q, %v", got, err)
	}
	if len(b) > 7500 {
		t.Errorf("bootstrap is %d bytes; keep it compact", len(b))
	}
}

// elementText reads the text of the first element called name in s,
// with the parser's own machinery.
func elementText(s, name string) (string, error) {
	env, perr := locate(s, name, false)
	if perr != nil {
		return "", perr
	}
	n, perr := buildTree(env.root, name)
	if perr != nil {
		return "", perr
	}
	return n.value(), nil
}

// TestBootstrapExamplesParse: the examples shown to the model are replies
// Parse accepts.
func TestBootstrapExamplesParse(t *testing.T) {
	for _, ex := range []string{exampleStep(nil), exampleDone()} {
		if _, err := Parse(ex, nil); err != nil {
			t.Errorf("example does not parse: %v\n%s", err, ex)
		}
	}
	b := Bootstrap(BootstrapInput{Task: "t"})
	if !strings.Contains(b, exampleStep(nil)) || !strings.Contains(b, exampleDone()) {
		t.Error("bootstrap does not show the examples")
	}
}

func TestContinueReasons(t *testing.T) {
	for reason, want := range map[string]string{
		ContinueNoTool: "no <tool_call>", ContinueEmpty: "was empty", ContinueNoReply: "no reply",
		ContinueUnverified: "none has passed since your last change", "The tab crashed.": "The tab crashed.",
	} {
		c := Continue(reason)
		if !strings.Contains(c, want) || !strings.HasPrefix(c, "<continue reason=") {
			t.Errorf("Continue(%q) = %q", reason, c)
		}
	}
	if !strings.Contains(Continue("x"), `reason="other"`) {
		t.Error("free-text reason not marked other")
	}
	_, err := Parse("<agent_response><done>false</done><message>m</message></agent_response>", nil)
	if pe := AsError(err); pe.Feedback() != continueText(ContinueNoTool) {
		t.Errorf("no_tool feedback %q is not the continue nudge", pe.Feedback())
	}
}

func TestRollover(t *testing.T) {
	ro := Rollover(Checkpoint{Goal: "ship", Changed: []string{"a.go", "b&c.go"}, Verification: []string{"go test ./...: ok"},
		OpenItems: []string{"docs"}, LastMessage: "half done"}, nil, "proj")
	for _, want := range []string{"<agent_protocol>", `<checkpoint project="proj">`, "<goal><![CDATA[ship]]></goal>",
		"<item>a.go</item>", "<item><![CDATA[b&c.go]]></item>", "go test ./...: ok", "<item>docs</item>", "half done", "re-read"} {
		if !strings.Contains(ro, want) {
			t.Errorf("rollover lacks %q", want)
		}
	}
}

func TestFollowUpKeepsText(t *testing.T) {
	text := "add </follow_up> and ]]> and \r\n too"
	f := FollowUp(text)
	got, err := elementText(f, "follow_up")
	if err != nil || got != text {
		t.Fatalf("follow-up text = %q, %v\n%s", got, err, f)
	}
}

// TestBatchTeaching: with several calls per reply the prompt, the
// catalogue and the reminder teach the limit and the order, the example
// parses under that limit only, and the texts stay compact.
func TestBatchTeaching(t *testing.T) {
	cat8, err := DefaultCatalogue().WithMaxCalls(MaxCallsLimit)
	if err != nil {
		t.Fatal(err)
	}
	b := Bootstrap(BootstrapInput{Task: "t", RootName: "p", Catalogue: cat8, Mode: "ask"})
	for _, want := range []string{"Up to 8 <tool_call> elements per reply", "batch independent reads in one reply",
		"at most one change per reply (fs.write, fs.edit, fs.patch, terminal.exec, process.start, process.stop), and it comes last",
		`status="skipped"`, "<tool_results>", "needs at least one <tool_call>", exampleBatch(cat8), CatalogueText(cat8)} {
		if !strings.Contains(b, want) {
			t.Errorf("bootstrap lacks %q", want)
		}
	}
	if strings.Contains(b, "At most one <tool_call>") {
		t.Error("the batch bootstrap still says one call per reply")
	}
	if len(b) > 7500 {
		t.Errorf("batch bootstrap is %d bytes; keep it compact", len(b))
	}
	if turn, err := Parse(exampleBatch(cat8), cat8); err != nil || len(turn.Calls) != 2 {
		t.Errorf("batch example: %d calls, %v", len(turn.Calls), err)
	}
	if _, err := Parse(exampleBatch(cat8), nil); !errors.Is(err, KindTwoTools) {
		t.Errorf("the batch example parses under one call per reply: %v", err)
	}
	text := CatalogueText(cat8)
	for _, s := range cat8.Specs() {
		if got := strings.Contains(text, s.Name+" ["+traits(s, 8, false)) && strings.Contains(traits(s, 8, false), "one per reply, last"); got != s.SideEffects() {
			t.Errorf("%s: catalogue marks it as a change = %v, side effects = %v", s.Name, got, s.SideEffects())
		}
	}
	r := ReminderFor(cat8)
	if !strings.Contains(r, "up to 8 <tool_call>") || !strings.Contains(r, "at most one change, last") || len(r) >= 400 {
		t.Errorf("batch reminder (%d bytes): %s", len(r), r)
	}
	msg := WithReminderFor(WithReminder("body"), cat8)
	if !strings.HasSuffix(msg, r) || strings.Count(msg, reminderOpen) != 1 || WithReminderFor(msg, cat8) != msg {
		t.Errorf("WithReminderFor does not end the message with one batch reminder:\n%s", msg)
	}
	if ReminderFor(nil) != Reminder || ReminderFor(DefaultCatalogue()) != Reminder {
		t.Error("the one-call reminder changed")
	}
}

// issue26Bootstrap is the size of the calls-per-reply 8 bootstrap before
// fs.patch and chains (commit f21b023, go test -run TestBatchTeaching):
// the chain prompt may grow it by 15 % at most (issue 40).
const issue26Bootstrap = 6876

// TestChainTeaching: with chain-changes the prompt states the chain rule,
// shows one reply that reads, patches several files and runs the check
// (a reply Parse accepts), marks changes without "one per reply", and
// grows the issue-26 prompt by at most 15 %.
func TestChainTeaching(t *testing.T) {
	cat8, err := DefaultCatalogue().WithMaxCalls(MaxCallsLimit)
	if err != nil {
		t.Fatal(err)
	}
	chain := cat8.WithChain(true)
	b := Bootstrap(BootstrapInput{Task: "t", RootName: "p", Catalogue: chain, Mode: "ask"})
	for _, want := range []string{"independent reads first (they run at once), then changes (fs.write, fs.edit, fs.patch, terminal.exec, process.start, process.stop) run one at a time in your order; the first that fails or is refused ends the reply",
		"Later calls are not run (status=\"skipped\")", "Example, several files, then the check:", exampleChain(chain), "fs.patch [writes, 30s, output ≤16 KiB, a change]:"} {
		if !strings.Contains(b, want) {
			t.Errorf("chain bootstrap lacks %q", want)
		}
	}
	for _, not := range []string{"one per reply, last", "two reads in one step", "at most one change"} {
		if strings.Contains(b, not) {
			t.Errorf("chain bootstrap still says %q", not)
		}
	}
	if limit := issue26Bootstrap * 115 / 100; len(b) > limit {
		t.Errorf("chain bootstrap is %d bytes, over %d (issue 26's %d + 15 %%)", len(b), limit, issue26Bootstrap)
	}
	turn, err := Parse(exampleChain(chain), chain)
	if err != nil || len(turn.Calls) != 3 {
		t.Fatalf("chain example: %d calls, %v", len(turn.Calls), err)
	}
	if plan := PlanBatch(turn.Calls, chain); plan.Change != 1 || len(plan.Chain) != 2 || len(plan.Skipped) != 0 {
		t.Errorf("the chain example plans as %+v", plan)
	}
	if plan := PlanBatch(turn.Calls, cat8); len(plan.Skipped) != 1 {
		t.Errorf("without chains the example's check is not skipped: %+v", plan)
	}
	if r := ReminderFor(chain); !strings.Contains(r, "reads first, then changes, run in order until one fails") || len(r) >= 400 {
		t.Errorf("chain reminder (%d bytes): %s", len(r), r)
	}
	if DefaultCatalogue().WithChain(true).Chains() {
		t.Error("a one-call catalogue chains")
	}
}
