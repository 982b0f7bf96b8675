//go:build linux

package main

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/session/event"
)

// tabAgentLines are a run on the mock page that asks two read sub-agents,
// alpha and beta, for the words of a.txt and b.txt: the main
// conversation's two lines (3 and 4 are alpha's, 5 and 6 beta's).
func tabAgentLines() []model.ScriptLine {
	lines := []model.ScriptLine{{
		Reply: agentReply(false, "Two sub-agents.",
			agentRunXML("alpha: read a.txt and report its word")+agentRunXML("beta: read b.txt and report its word")),
	}, {
		Expect: `<tool_results calls="2">`, Reply: agentReply(true, "The words are alpha and beta.", ""),
	}}
	for _, a := range []struct{ name, file string }{{"alpha", "a.txt"}, {"beta", "b.txt"}} {
		lines = append(lines,
			model.ScriptLine{Agent: a.name + ":", Expect: a.name + ": read", Reply: agentReply(false, "Reading "+strings.Repeat("slowly ", 30), readXML(a.file)), StreamMS: 10},
			model.ScriptLine{Agent: a.name + ":", Expect: a.name + "-content", Reply: agentReply(true, "The word is "+a.name+"-from-tab.", "")})
	}
	return lines
}

// agentMessages counts the messages the mock got per conversation route
// ("" is the main conversation) and fails on one posted twice.
func agentMessages(t *testing.T, srv *mockchat.Server) map[string]int {
	t.Helper()
	postedOnce(t, srv, nil)
	n := map[string]int{}
	for _, r := range srv.Received() {
		n[r.Agent]++
	}
	return n
}

// browserProcesses counts the Chrome browser processes (not its renderers
// and helpers) directly under pid.
func browserProcesses(t *testing.T, pid int) int {
	t.Helper()
	n := 0
	for _, k := range chromeChildren(t, pid) {
		if line, _ := k.Cmdline(); strings.Contains(line, "--user-data-dir=") && !strings.Contains(line, "--type=") {
			n++
		}
	}
	return n
}

// checkTabRun checks a finished run of tabAgentLines: each conversation
// got its own messages once, and the results carry both words and each
// sub-agent's conversation URL on the page.
func checkTabRun(t *testing.T, e *env, srv *mockchat.Server, chat string) string {
	t.Helper()
	if got := agentMessages(t, srv); got[""] != 2 || got["alpha:"] != 2 || got["beta:"] != 2 {
		t.Fatalf("messages per conversation %v, want 2 each", got)
	}
	id := e.onlySession()
	msgs := resultTexts(t, e.events(id))
	if len(msgs) != 1 {
		t.Fatalf("%d tool-result messages, want 1", len(msgs))
	}
	for _, want := range []string{"The word is alpha-from-tab", "The word is beta-from-tab", `"conversation":"` + chat + `/c/`} {
		if !strings.Contains(msgs[0].Text, want) {
			t.Errorf("the results lack %q:\n%s", want, msgs[0].Text)
		}
	}
	return id
}

// TestBrowserSubAgentsInTabs: on ChatGPT (the mock page in headless
// Chromium) two read sub-agents get a tab each in the one dedicated
// Chrome and run at once: beta's whole conversation goes through while
// alpha's first reply is held mid-stream on the page.
func TestBrowserSubAgentsInTabs(t *testing.T) {
	needChromium(t)
	e := batchEnv(t, "8")
	srv, chat := mockPage(t, tabAgentLines(), 0)
	release := srv.HoldLine(3)
	t.Cleanup(release)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd, out := e.startRun(ctx, "--chatgpt-url", chat, "--headless", "--approvals", "deny", "ask two sub-agents for the words")
	if err := srv.WaitLineStreaming(ctx, 3); err != nil {
		t.Fatalf("alpha's reply never streamed: %v\n%s", err, out.String())
	}
	// Beta's second message arrives while alpha's reply still streams.
	if err := waitAgentMessages(ctx, srv, "beta:", 2); err != nil {
		t.Fatalf("beta did not go on while alpha waited: %v\n%s", err, out.String())
	}
	if n := browserProcesses(t, cmd.Process.Pid); n != 1 {
		t.Errorf("%d Chrome browser processes under wtagent with three conversations open, want 1 (a tab each)", n)
	}
	release()
	if err := cmd.Wait(); err != nil {
		t.Fatalf("run: %v\n%s", err, out.String())
	}
	id := checkTabRun(t, e, srv, chat)
	for name, sub := range e.subAgents(id) {
		if count(sub.events, event.EvRunCompleted) != 1 {
			t.Errorf("%s: its run did not complete in its own log", name)
		}
	}
}

// waitAgentMessages waits until the mock got n messages in the
// conversation of agent route.
func waitAgentMessages(ctx context.Context, srv *mockchat.Server, route string, n int) error {
	for k := 1; ; k++ {
		rec, err := srv.WaitReceived(ctx, k)
		if err != nil {
			return err
		}
		got := 0
		for _, r := range rec {
			if r.Agent == route {
				got++
			}
		}
		if got >= n {
			return nil
		}
		k = len(rec)
	}
}

// TestBrowserSubAgentTabClosedMidReply: the tab of one sub-agent is closed
// (Target.closeTarget, through the DevTools endpoint of the user's Chrome
// given by --chrome-url) while its reply streams: that sub-agent's tab is
// restarted, reopens its conversation and finishes, posting each message
// once; the other sub-agent and the main conversation are untouched.
func TestBrowserSubAgentTabClosedMidReply(t *testing.T) {
	needChromium(t)
	e := batchEnv(t, "8")
	srv, chat := mockPage(t, tabAgentLines(), 0)
	release := srv.HoldLine(3)
	t.Cleanup(release)
	u := startUserChrome(t, "", "")
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd, out := e.startRun(ctx, "--chatgpt-url", chat, "--chrome-url", u.endpoint(), "--approvals", "deny", "ask two sub-agents for the words")
	if err := srv.WaitLineStreaming(ctx, 3); err != nil {
		t.Fatalf("alpha's reply never streamed: %v\n%s", err, out.String())
	}
	// Alpha's tab is the one on the page that shows neither the main
	// conversation nor beta's once beta is on its second message (a new
	// chat's URL names its conversation only once the page has it).
	if err := waitAgentMessages(ctx, srv, "beta:", 2); err != nil {
		t.Fatalf("beta did not go on while alpha waited: %v\n%s", err, out.String())
	}
	others := map[string]bool{}
	for _, r := range srv.Received() {
		if r.Agent != "alpha:" {
			others[r.ConversationID] = true
		}
	}
	var alpha []devtoolsTarget
	for _, p := range u.pages() {
		_, conv, _ := strings.Cut(p.URL, "/c/")
		if strings.HasPrefix(p.URL, chat) && !others[conv] {
			alpha = append(alpha, p)
		}
	}
	if len(alpha) != 1 {
		t.Fatalf("%d tabs that could be alpha's, want 1: %+v\nmessages %+v", len(alpha), u.pages(), srv.Received())
	}
	res, err := http.Get(u.endpoint() + "/json/close/" + alpha[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	release()
	if err := cmd.Wait(); err != nil {
		t.Fatalf("run after alpha's tab closed: %v\n%s", err, out.String())
	}
	id := checkTabRun(t, e, srv, chat)
	subs := e.subAgents(id)
	if count(subs["alpha"].events, event.EvBrowserCrashed) == 0 {
		t.Errorf("alpha's log shows no lost tab:\n%s", eventTrace(subs["alpha"].events))
	}
	if n := count(subs["beta"].events, event.EvBrowserCrashed) + count(e.events(id), event.EvBrowserCrashed); n != 0 {
		t.Errorf("beta or the main conversation lost their tab too (%d browser.crashed)", n)
	}
	for _, p := range u.pages() {
		if strings.HasPrefix(p.URL, chat) {
			t.Errorf("wtagent left a tab open on %s", p.URL)
		}
	}
}
