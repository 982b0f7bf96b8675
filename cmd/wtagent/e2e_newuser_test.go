package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
)

// TestAtWordThatIsNoPathIsText: @types/node, @Override and @alice name no
// file in the project, so they are words of the task, not attachments.
func TestAtWordThatIsNoPathIsText(t *testing.T) {
	e := newEnv(t)
	task := "run npm i -D @types/node, keep @Override and tell @alice"
	s := e.script(model.ScriptLine{Expect: "@types/node, keep @Override and tell @alice", Reply: agentReply(true, "Noted.", "")})
	code, out, errOut := e.run("--provider", "script", "--script", s, task)
	if code != 0 || !strings.Contains(out, "Noted.") {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
}

// TestAtTypoInThePromptKeepsTheSession: an @word that names nothing in the
// interactive prompt is sent as text, and the session goes on.
func TestAtTypoInThePromptKeepsTheSession(t *testing.T) {
	e := newEnv(t)
	s := e.script(
		model.ScriptLine{Expect: "look at @nosuchfile.go", Reply: agentReply(true, "There is no such file.", "")},
		model.ScriptLine{Expect: "next question", Reply: agentReply(true, "Answered the next one.", "")},
	)
	tm := e.startPTY("--provider", "script", "--script", s)
	at := tm.waitFor("you › ", 0)
	tm.send("look at @nosuchfile.go\r")
	at = tm.waitFor("There is no such file.", at)
	at = tm.waitFor("you › ", at)
	tm.send("next question\r")
	at = tm.waitFor("Answered the next one.", at)
	tm.waitFor("you › ", at)
	tm.send("\x04")
	if code := tm.exit(); code != 0 {
		t.Fatalf("exit %d; screen:\n%s", code, tm.screen())
	}
}

// TestHTMLReadGoesOutCompact: a 26 KB HTML page read with fs.read goes to
// the model within 1.1 × its size + 1.5 KB: JSON data does not escape <, >
// and & as \u003c (six bytes each).
func TestHTMLReadGoesOutCompact(t *testing.T) {
	e := newEnv(t)
	var page strings.Builder
	page.WriteString("<!doctype html>\n<html lang=\"en\">\n<body>\n")
	for i := 0; page.Len() < 26<<10; i++ {
		fmt.Fprintf(&page, "<div class=\"card\"><a href=\"/item/%d\">Item %d &amp; more</a> <span>&lt;b&gt;</span></div>\n", i, i)
	}
	page.WriteString("</body>\n</html>\n")
	if err := os.WriteFile(filepath.Join(e.root, "index.html"), []byte(page.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	s := e.script(
		model.ScriptLine{Reply: agentReply(false, "Read it.", callXML("fs.read", el("path", "index.html")))},
		model.ScriptLine{Expect: `<span>&lt;b&gt;</span>`, Reply: agentReply(true, "Read the page.", "")},
	)
	if code, out, errOut := e.run("--provider", "script", "--script", s, "read index.html"); code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	var sent string
	for _, ev := range e.events(e.onlySession()) {
		var p messages.MessageSentPayload
		if ev.Type == messages.EvModelMessageSending && json.Unmarshal(ev.Payload, &p) == nil && p.Kind == messages.OutboundToolResult {
			sent = p.Text
		}
	}
	limit := page.Len()*11/10 + 1536
	if sent == "" || len(sent) > limit || strings.Contains(sent, `\u003c`) {
		t.Fatalf("the tool result for a %d-byte page is %d bytes (limit %d)", page.Len(), len(sent), limit)
	}
	t.Logf("a %d-byte page went out as a %d-byte tool result (%.2f×)", page.Len(), len(sent), float64(len(sent))/float64(page.Len()))
}
