//go:build linux

package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/model"
)

// TestBrowserReplyCutAtOutputLimit: ChatGPT stops a reply at its output
// limit in the middle of the tool call; wtagent presses the page's
// "Continue generating", joins the parts exactly and runs the call once,
// with no protocol error and no extra message.
func TestBrowserReplyCutAtOutputLimit(t *testing.T) {
	needChromium(t)
	e := newEnv(t)
	os.WriteFile(filepath.Join(e.root, "check.sh"), []byte("test \"$(cat a.txt)\" = 'hello, 世界' && echo ok\n"), 0o644)
	first := agentReply(false, "Write the greeting file, then check it.", callXML("fs.write", el("path", "a.txt"), el("content", "hello, 世界")))
	lines := []model.ScriptLine{
		{Fault: mockchat.FaultMaxTokens, Reply: first},
		{Reply: agentReply(false, "Check.", callXML("terminal.exec", el("program", "sh"), items("argv", "check.sh")))},
		{Reply: agentReply(true, "a.txt holds the greeting; sh check.sh passed.", "")},
	}
	srv, url := mockPage(t, lines, 0)
	code, out, errOut := e.run("--chatgpt-url", url, "--headless", "write a greeting")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	if b, _ := os.ReadFile(filepath.Join(e.root, "a.txt")); string(b) != "hello, 世界" {
		t.Fatalf("a.txt = %q", b)
	}
	evs := e.events(e.onlySession())
	if n := count(evs, event.EvProtocolInvalid); n != 0 {
		t.Fatalf("%d protocol errors: the cut reply was taken as complete\n%s", n, eventTrace(evs))
	}
	var replies []string
	for _, ev := range evs {
		if ev.Type == event.EvModelMessageComplete {
			var p event.MessageCompletePayload
			json.Unmarshal(ev.Payload, &p)
			replies = append(replies, p.Reply.Text)
		}
	}
	if len(replies) != 3 || replies[0] != first {
		t.Fatalf("replies %q, want the first one whole: %q", replies, first)
	}
	if st := srv.Stats(); st.Sends != 4 || len(srv.Received()) != 3 {
		t.Fatalf("%d POSTs and %d messages: want three messages and one continue", st.Sends, len(srv.Received()))
	}
}

// TestBrowserStreamBrokenAndResumed: the reply's stream breaks off mid-reply
// and the page does not continue it (it shows the partial text as
// finished); wtagent asks stream_status, resumes the stream itself and
// takes the whole reply, recorded with source network_resume.
func TestBrowserStreamBrokenAndResumed(t *testing.T) {
	needChromium(t)
	e := newEnv(t)
	if err := os.WriteFile(filepath.Join(e.root, "main.go"), []byte("package main\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	// The explanation comes after a read of the code (the done gate wants
	// it), in the second reply.
	reply := agentReply(true, strings.Repeat("A long explanation that breaks off half way. ", 16)+"Nothing needed changing.", "")
	srv := mockchat.New(mockchat.Options{Script: []model.ScriptLine{
		{Line: 1, Reply: agentReply(false, "Read the code.", callXML("fs.read", el("path", "main.go")))},
		{Line: 2, Expect: `status="ok"`, Reply: reply, Fault: mockchat.FaultCut, StreamMS: 3}},
		LoggedIn: true, NoPageResume: true})
	url, err := srv.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	release := srv.HoldStream(2) // the reply waits half way until wtagent resumed it
	defer release()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		if srv.WaitStreams(ctx, 2, 2) == nil {
			release()
		}
	}()
	code, out, errOut := e.run("--chatgpt-url", url, "--headless", "explain the code")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	for _, ev := range e.events(e.onlySession()) {
		if ev.Type == event.EvModelMessageComplete {
			var p event.MessageCompletePayload
			json.Unmarshal(ev.Payload, &p)
			if p.Reply.Binding.Turn != 2 {
				continue
			}
			if p.Reply.Text != reply || p.Reply.Source != event.SourceResume {
				t.Fatalf("reply from %s: %q, want the whole reply from %s", p.Reply.Source, p.Reply.Text, event.SourceResume)
			}
			return
		}
	}
	t.Fatal("no model.message_complete event")
}
