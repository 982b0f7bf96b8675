//go:build linux

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/model"
)

// fenced wraps a raw reply in the ```xml fence a chat page shows.
func fenced(reply string) string { return "```xml\n" + reply + "\n```" }

// parsedRepairs lists, turn by turn, the kinds of the repairs each
// protocol.parsed event records.
func parsedRepairs(t *testing.T, evs []event.Event) [][]string {
	t.Helper()
	var out [][]string
	for _, ev := range evs {
		if ev.Type != event.EvProtocolParsed {
			continue
		}
		var p event.ParsedPayload
		if err := json.Unmarshal(ev.Payload, &p); err != nil {
			t.Fatal(err)
		}
		kinds := []string{}
		for _, r := range p.Repairs {
			kinds = append(kinds, r.Kind)
		}
		out = append(out, kinds)
	}
	return out
}

// TestRepairedRepliesRunWithoutReask: a tool name in a <name> child,
// <arguments> for <args>, bare & in a path, in content and in an argument,
// and a final message with broken markup all run the intended call with no
// protocol.invalid event; the model is told the canonical form with the
// next result, and --json shows each repair.
func TestRepairedRepliesRunWithoutReask(t *testing.T) {
	e := newEnv(t)
	s := e.script(
		model.ScriptLine{Expect: "<task", Reply: fenced(`<agent_response><done>false</done><message>Write the note for Tom & Jerry.</message>
<tool_call><name>fs.write</name><arguments><path>a&b.txt</path><content>Tom & Jerry
</content></arguments></tool_call></agent_response>`)},
		model.ScriptLine{Expect: "took the tool name from <name>fs.write</name>", Reply: fenced(`<agent_response><done>false</done><message>Show it.</message>
<tool_call name="terminal.exec"><args><program>sh</program><argv><item>-c</item><item>cat 'a&b.txt' && echo checked</item></argv></args></tool_call>
</agent_response>`)},
		model.ScriptLine{Expect: "escaped 3 bare & as &amp;", Reply: fenced(`<agent_response><done>true</done>
<message>Wrote <b>a&b.txt: it says Tom & Jerry, and cat shows it.</message></agent_response>`)},
	)
	code, out, errOut := e.run("--json", "--provider", "script", "--script", s, "write a note about Tom and Jerry")
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	if b, err := os.ReadFile(filepath.Join(e.root, "a&b.txt")); err != nil || string(b) != "Tom & Jerry\n" {
		t.Fatalf("a&b.txt: %q, %v", b, err)
	}
	evs := e.events(e.onlySession())
	if n := count(evs, event.EvProtocolInvalid); n != 0 {
		t.Fatalf("%d protocol.invalid events: the repaired replies were re-asked", n)
	}
	want := [][]string{{"bare_ampersand", "name_element", "arguments_element"}, {"bare_ampersand"}, {"message_markup"}}
	if got := parsedRepairs(t, evs); !slices.EqualFunc(got, want, slices.Equal) {
		t.Fatalf("repairs per turn %v, want %v", got, want)
	}
	for _, ev := range evs {
		if ev.Type == event.EvRunCompleted {
			var p event.RunEndPayload
			json.Unmarshal(ev.Payload, &p)
			if p.Summary != "Wrote <b>a&b.txt: it says Tom & Jerry, and cat shows it." {
				t.Errorf("final message %q, want it as written", p.Summary)
			}
		}
	}
	for _, want := range []string{`"repairs":[{"kind":"bare_ampersand"`, `"kind":"message_markup"`, `checked`} {
		if !strings.Contains(out, want) {
			t.Errorf("--json output lacks %s", want)
		}
	}
}

// TestUnrepairableRepliesStillReask: an unknown argument (even inside a
// repaired <arguments>) and, under calls-per-reply 1, two tool calls (even
// repairable ones) are re-asked, and nothing runs; the final reply's
// repair is shown.
func TestUnrepairableRepliesStillReask(t *testing.T) {
	e := batchEnv(t, "1")
	s := e.script(
		model.ScriptLine{Expect: "<task", Reply: fenced(`<agent_response><done>false</done><message>Read it.</message>
<tool_call name="fs.read"><arguments><path>a.txt</path><encoding>utf8</encoding></arguments></tool_call></agent_response>`)},
		model.ScriptLine{Expect: `kind="unknown_arg"`, Reply: fenced(`<agent_response><done>false</done><message>Read both & compare.</message>
<tool_call name="fs.read"><arguments><path>a.txt</path></arguments></tool_call>
<tool_call><name>fs.read</name><args><path>b.txt</path></args></tool_call></agent_response>`)},
		model.ScriptLine{Expect: `kind="two_tools"`, Reply: agentReply(false, "Read it.", callXML("fs.read", el("path", "a.txt")))},
		model.ScriptLine{Expect: `name="fs.read"`, Reply: fenced(`<agent_response><done>true</done><message>Nothing to change & only a.txt was read.</message></agent_response>`)},
	)
	code, out, errOut := e.run("--provider", "script", "--script", s, "look at a.txt")
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	evs := e.events(e.onlySession())
	var kinds []string
	for _, ev := range evs {
		if ev.Type == event.EvProtocolInvalid {
			var p event.ProtocolInvalidPayload
			json.Unmarshal(ev.Payload, &p)
			kinds = append(kinds, p.Kind)
		}
	}
	if !slices.Equal(kinds, []string{"unknown_arg", "two_tools"}) {
		t.Fatalf("protocol.invalid kinds %v, want unknown_arg and two_tools", kinds)
	}
	// Only the valid read of the third reply ran, none of the broken ones.
	if n := count(evs, event.EvToolProposed); n != 1 {
		t.Fatalf("%d tool calls proposed, want 1", n)
	}
	if !strings.Contains(out, "↻ reply repaired (bare_ampersand): escaped a bare & as &amp;") {
		t.Errorf("the output does not show the final reply's repair:\n%s", out)
	}
}

// TestWipeIsDeniedUnderApprovalsAllow: under --approvals allow, deleting
// /, ~ or the directory that holds the project is denied, directly, through
// sudo and inside shell scripts, while a delete inside the project runs.
// The project's own ./rm and ./sudo only log their arguments, so a policy
// that failed open would delete nothing.
func TestWipeIsDeniedUnderApprovalsAllow(t *testing.T) {
	e := newEnv(t)
	fake := "#!/bin/sh\necho \"${0##*/} $*\" >> ran.log\n"
	for _, name := range []string{"rm", "sudo"} {
		if err := os.WriteFile(filepath.Join(e.root, name), []byte(fake), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	exec := func(program string, argv ...string) string {
		return callXML("terminal.exec", el("program", program), items("argv", argv...))
	}
	wipes := []string{
		exec("./sudo", "./rm", "-rf", "/"),
		exec("./rm", "-rf", "/"),
		exec("./rm", "-rf", "~"),
		exec("./rm", "-rf", filepath.Dir(e.root)),
		exec("sh", "-c", `./rm -rf "$HOME"`),
		exec("sh", "-c", "./sudo ./rm -rf /*"),
	}
	var lines []model.ScriptLine
	expect := "<task"
	for _, call := range wipes {
		lines = append(lines, model.ScriptLine{Expect: expect, Reply: agentReply(false, "Clean up.", call)})
		expect = `status="denied"`
	}
	lines = append(lines,
		model.ScriptLine{Expect: expect, Reply: agentReply(false, "Clean the build.", exec("./rm", "-rf", "build"))},
		model.ScriptLine{Expect: `status="ok"`, Reply: agentReply(true, "Removed build; the wipes were refused.", "")},
	)
	code, out, errOut := e.run("--provider", "script", "--script", e.script(lines...), "--approvals", "allow", "clean up everything")
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	b, err := os.ReadFile(filepath.Join(e.root, "ran.log"))
	if err != nil || strings.TrimSpace(string(b)) != "rm -rf build" {
		t.Fatalf("ran.log = %q (%v), want only the build delete", b, err)
	}
	var denies int
	for _, ev := range e.events(e.onlySession()) {
		if ev.Type != event.EvPolicyDecided {
			continue
		}
		var p event.PolicyPayload
		json.Unmarshal(ev.Payload, &p)
		if p.Decision == event.DecisionDeny {
			denies++
			if !strings.Contains(p.Reason, "whatever the approvals mode") {
				t.Errorf("deny reason %q", p.Reason)
			}
		}
	}
	if denies != len(wipes) {
		t.Fatalf("%d denies, want %d", denies, len(wipes))
	}
	if !strings.Contains(out, "denied") {
		t.Errorf("output does not show the denies:\n%s", out)
	}
}
