//go:build linux

package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/model"
)

func TestSlashCommandsInTheInteractivePrompt(t *testing.T) {
	e := newEnv(t)
	e.write("check.sh", "test -f new.txt && echo checked\n")
	s := e.script(
		model.ScriptLine{Expect: "<task project", Reply: agentReply(false, "Write.", callXML("fs.write", el("path", "new.txt"), el("content", "made by fs.write\n")))},
		model.ScriptLine{Expect: `status="ok"`, Reply: agentReply(false, "Check.", callXML("terminal.exec", el("program", "sh"), items("argv", "check.sh")))},
		model.ScriptLine{Expect: "checked", Reply: agentReply(true, "Wrote new.txt; sh check.sh passed.", "")},
		// After /undo and /new: a fresh bootstrap whose task starts with
		// what the undo put back.
		model.ScriptLine{Expect: "<task project=\"" + baseName(e.root) + "\">\n<![CDATA[(I undid your changes of turn 1 and later: new.txt",
			Reply: agentReply(true, "Understood: new.txt is gone.", "")},
		// After /compact: a checkpoint, then the new instruction.
		model.ScriptLine{Expect: "</checkpoint>", Reply: agentReply(true, "Compacted and answered the third prompt.", "")},
	)
	tm := e.startPTY("--provider", "script", "--script", s, "--approvals", "allow")
	at := tm.waitIdle(0)
	tm.send("/help\r")
	at = tm.waitFor("Commands (never sent to the model):", at)
	at = tm.waitFor("/compact", at)
	at = tm.waitIdle(at)
	tm.send("/bogus now\r")
	at = tm.waitFor("unknown command /bogus (it was not sent to the model)", at)
	at = tm.waitIdle(at)

	tm.send("write the file\r")
	at = tm.waitFor("Wrote new.txt", at)
	at = tm.waitIdle(at)
	id := e.onlySession()

	tm.send("/status\r")
	at = tm.waitFor("● "+id, at)
	at = tm.waitFor("running (waiting for your prompt)", at)
	at = tm.waitIdle(at)

	tm.send("/diff\r")
	at = tm.waitFor("# turn 1 · fs.write", at)
	at = tm.waitFor("+made by fs.write", at)
	at = tm.waitIdle(at)

	tm.send("/undo\r")
	at = tm.waitFor("undid turn 1 of 3, the newest that changed files: 1 file(s) restored", at)
	at = tm.waitIdle(at)
	if _, ok := e.read("new.txt"); ok {
		t.Fatalf("/undo left new.txt; screen:\n%s", tm.screen())
	}

	tm.send("/mode pro\r")
	at = tm.waitFor("ChatGPT mode: pro (selected before the next message)", at)
	at = tm.waitIdle(at)
	tm.send("/effort huge\r")
	at = tm.waitFor(`/effort: unknown effort tier "huge"; want one of light (instant, low), standard (medium)`, at)
	at = tm.waitIdle(at)
	tm.send("/effort extended\r")
	at = tm.waitFor("ChatGPT effort: extended (selected before the next message); the mode pro it replaces is dropped", at)
	at = tm.waitIdle(at)

	tm.send("/new\r")
	at = tm.waitFor("your next message starts a new conversation", at)
	at = tm.waitIdle(at)
	tm.send("second prompt\r")
	at = tm.waitFor("Understood: new.txt is gone.", at)
	at = tm.waitIdle(at)

	tm.send("/compact\r")
	at = tm.waitFor("fresh conversation from a checkpoint", at)
	at = tm.waitIdle(at)
	tm.send("third prompt\r")
	at = tm.waitFor("Compacted and answered the third prompt.", at)
	tm.waitIdle(at)

	tm.send("/exit\r")
	if code := tm.exit(); code != 0 {
		t.Fatalf("exit %d; screen:\n%s", code, tm.screen())
	}

	evs := e.events(id)
	var sent []string
	var newConv, compacted, modeReq, effortReq bool
	for _, ev := range evs {
		switch ev.Type {
		case event.EvModelMessageSending:
			var p event.MessageSentPayload
			json.Unmarshal(ev.Payload, &p)
			sent = append(sent, p.Text)
		case event.EvConversationStart:
			newConv = newConv || strings.Contains(string(ev.Payload), "(/new)")
		case event.EvConversationRoll:
			compacted = compacted || strings.Contains(string(ev.Payload), "(/compact)")
		case event.EvModeRequested:
			modeReq = modeReq || strings.Contains(string(ev.Payload), `"pro"`)
			effortReq = strings.Contains(string(ev.Payload), `{"mode":"","effort":"extended"}`)
		}
	}
	if len(sent) != 5 {
		t.Fatalf("%d messages sent to the model, want 5", len(sent))
	}
	for _, text := range sent {
		if strings.Contains(text, "bogus") || strings.Contains(text, "/help") {
			t.Fatalf("a slash command reached the model:\n%s", text)
		}
	}
	if !strings.Contains(sent[4], "<follow_up>\n<![CDATA[third prompt") {
		t.Fatalf("the prompt after /compact is not with the checkpoint:\n%s", sent[4])
	}
	if !newConv || !compacted || !modeReq || !effortReq {
		t.Fatalf("/new recorded %v, /compact recorded %v, /mode recorded %v, /effort recorded %v", newConv, compacted, modeReq, effortReq)
	}
	if c := count(evs, event.EvUndoCompleted); c != 1 {
		t.Fatalf("%d undo.completed, want 1", c)
	}
}

func baseName(p string) string { return p[strings.LastIndex(p, "/")+1:] }
