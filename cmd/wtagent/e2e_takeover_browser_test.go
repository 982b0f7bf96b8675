//go:build linux

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/chromedp/chromedp/remote"

	"github.com/wtagent/wtagent/browser/chrome"
	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/model"
)

// debuggableChrome makes wtagent launch Chromium with a debugging port as
// well as its pipe (through WTAGENT_CHROME), so the test can act in the
// page as a user would.
func debuggableChrome(t *testing.T) {
	t.Helper()
	skipShort(t)
	found, err := chrome.Discover(os.Getenv, "linux")
	if err != nil {
		t.Fatal(err)
	}
	wrapper := filepath.Join(t.TempDir(), "chromium")
	script := fmt.Sprintf("#!/bin/sh\nexec %q --remote-debugging-port=0 \"$@\"\n", found.Path)
	if err := os.WriteFile(wrapper, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv(chrome.ChromeEnv, wrapper)
}

// attachPage connects to the page wtagent drives (through the port
// Chrome wrote into the profile) and returns a context on that tab.
// Cancelling it detaches without closing anything.
func (e *env) attachPage(ctx context.Context, pageURL string) context.Context {
	e.t.Helper()
	raw, err := os.ReadFile(filepath.Join(e.home, "chrome-profile", "DevToolsActivePort"))
	if err != nil {
		e.t.Fatalf("Chrome wrote no debugging port: %v", err)
	}
	port, _, _ := strings.Cut(strings.TrimSpace(string(raw)), "\n")
	res, err := http.Get("http://127.0.0.1:" + port + "/json/list")
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	var targets []struct {
		ID, Type, URL        string
		WebSocketDebuggerURL string
	}
	if err := json.NewDecoder(res.Body).Decode(&targets); err != nil {
		e.t.Fatal(err)
	}
	var id string
	for _, tg := range targets {
		if tg.Type == "page" && strings.HasPrefix(tg.URL, pageURL) {
			id = tg.ID
		}
	}
	if id == "" {
		e.t.Fatalf("no ChatGPT tab among %+v", targets)
	}
	alloc, cancelAlloc := remote.NewAllocator(ctx, "http://127.0.0.1:"+port+"/")
	tab, cancelTab := chromedp.NewContext(alloc, chromedp.WithTargetID(target.ID(id)), chromedp.WithDetachOnCancel())
	e.t.Cleanup(func() {
		cancelTab()
		cancelAlloc()
	})
	return tab
}

// handComposer is the composer a user clicks into, on every page
// generation: the 2025 and 2026-06 #prompt-textarea, the 2026-09 editor in
// form[data-chatgpt-composer].
const handComposer = `#prompt-textarea, form[data-chatgpt-composer] .ProseMirror[contenteditable="true"]`

// typeByHand clicks into the composer, types text key by key and presses
// Enter, as a user at the window would.
func typeByHand(t *testing.T, tab context.Context, text string) {
	t.Helper()
	composer := chromedp.CSS(handComposer)
	if err := chromedp.Do(tab,
		chromedp.Click(composer),
		chromedp.SendKeys(composer, text),
		chromedp.KeyEvent(kb.Enter),
	); err != nil {
		t.Fatalf("type into the page: %v", err)
	}
}

// TestBrowserTakeoverHandTypedMessageRunsOnce: /browser pauses a run on
// the mock page in real Chromium at the safe point after a tool; the test
// types a message into the page by hand; the scripted page answers it with
// a tool call; /resume reads the page, takes that reply as the model's,
// runs its call once, sends the held result with the new one, never sends
// the hand-typed message again, and finishes. The user left the
// conversation for a new chat before handing back: wtagent goes back.
func TestBrowserTakeoverHandTypedMessageRunsOnce(t *testing.T) {
	const typed = "hand-typed: also log the takeover"
	e, srv, url, tm, at := pausedForTakeover(t, typed, "Logging it as you asked.", "Logged once after your message.")
	id := e.waitFor("the takeover", func(evs []event.Event) bool { return takeoverCount(evs, event.TakeoverActive) == 1 })
	e.checkPausedStatus(id)

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	tab := e.attachPage(ctx, url)
	typeByHand(t, tab, typed)
	if err := srv.WaitReplies(ctx, 2); err != nil {
		t.Fatalf("the page did not answer the hand-typed message: %v", err)
	}
	// The user then leaves the conversation for a new chat.
	if err := chromedp.Do(tab, chromedp.Navigate(url+"/")); err != nil {
		t.Fatal(err)
	}
	tm.send("/resume\r")
	at = tm.waitFor("you (by hand in the page): "+typed, at)
	at = tm.waitFor("wtagent went back to the run's conversation", at)
	tm.waitFor("Logged once after your message.", at)
	if code := tm.exit(); code != 0 {
		t.Fatalf("exit %d; screen:\n%s", code, tm.screen())
	}
	got, _ := os.ReadFile(filepath.Join(e.root, "hand.log"))
	if string(got) != "hand\n" {
		t.Fatalf("hand.log = %q: the hand-typed message's tool call did not run exactly once", got)
	}
	rec := srv.Received()
	if len(rec) != 3 {
		t.Fatalf("the page received %d messages, want 3 (the task, the hand-typed one, the results)", len(rec))
	}
	if n := strings.Count(rec[1].Text, typed); rec[1].Text != typed || n != 1 {
		t.Fatalf("the second message is %q, want the hand-typed one", rec[1].Text)
	}
	if rec[1].ConversationID != rec[0].ConversationID || rec[2].ConversationID != rec[0].ConversationID {
		t.Fatalf("the messages went to different conversations: %q %q %q", rec[0].ConversationID, rec[1].ConversationID, rec[2].ConversationID)
	}
	if !strings.Contains(rec[2].Text, "released") || !strings.Contains(rec[2].Text, "hand.log has 1 line") {
		t.Fatalf("the last message does not carry both results:\n%s", rec[2].Text)
	}
	evs := e.events(id)
	if k := strings.Join(sentKinds(evs), " "); k != "bootstrap manual tool_result" {
		t.Fatalf("sent kinds %q; events:\n%s", k, eventTrace(evs))
	}
	if !e.rolloutHasUser(id, typed) {
		t.Fatal("the rollout has no user message with the hand-typed text")
	}
}

// TestBrowserTakeoverHeldReplySupersededByHand: /browser while the model
// thinks; its reply (a tool call) is held unparsed at the takeover; the
// user picks another model and answers it by hand in the page; on /resume
// the model change is noted (and kept) and the hand-typed message's reply
// wins: its call runs once and the held reply's call never runs. On the
// 2025 page the switcher names the model; the 2026-09 trigger shows only
// the effort, so the change is read from the reply to the hand-typed
// message.
func TestBrowserTakeoverHeldReplySupersededByHand(t *testing.T) {
	for _, tc := range []struct {
		name, gen, picked, effort, note string
		pick                            []chromedp.Action[chromedp.Void]
	}{
		{mockchat.DOM2025, mockchat.DOM2025, "gpt-5-2-thinking", "", "the model was changed by hand: 5.2 Thinking (was 5.2); it stays", []chromedp.Action[chromedp.Void]{
			chromedp.Click(chromedp.CSS(`[data-testid="model-switcher-dropdown-button"]`)),
			chromedp.Click(chromedp.CSS(`[data-testid="model-switcher-gpt-5-2-thinking"]`)),
		}},
		{mockchat.DOM2026Sep + " model", mockchat.DOM2026Sep, "gpt-5-5-thinking", "", "the model was changed by hand: gpt-5-5-thinking (was gpt-5-5); it stays", []chromedp.Action[chromedp.Void]{
			chromedp.Click(chromedp.CSS(`button[data-codex-intelligence-trigger="true"]`)),
			// A user clicks the pane's toggle with the pointer, at its
			// centre (the mock's layout keeps the power slider's track
			// off it: mockchat's TestPicker2026SepLayout).
			chromedp.Click(chromedp.CSS(`[data-model-picker-view="simple"] [data-model-picker-view-toggle]`)),
			chromedp.Click(chromedp.CSS(`[data-model-picker-view="advanced"][data-active="true"] [role="menuitemradio"][data-value="gpt-5-5-thinking"]`)),
		}},
		// The trigger shows the effort: moving the power slider (its menu
		// row takes the keys) is an effort change, never called a model
		// change.
		{mockchat.DOM2026Sep + " effort", mockchat.DOM2026Sep, "gpt-5-5", "high", "the effort was changed by hand: High (was Medium); it stays", []chromedp.Action[chromedp.Void]{
			chromedp.Click(chromedp.CSS(`button[data-codex-intelligence-trigger="true"]`)),
			chromedp.Focus(chromedp.CSS(`[data-model-picker-view="simple"] [role="menuitem"][data-reasoning-slider]`)),
			chromedp.KeyEvent(kb.ArrowRight),
		}},
	} {
		t.Run(tc.name, func(t *testing.T) { takeoverSupersededByHand(t, tc.gen, tc.picked, tc.effort, tc.note, tc.pick) })
	}
}

// takeoverSupersededByHand is one case of
// TestBrowserTakeoverHeldReplySupersededByHand: pick picks the model (and
// effort, when not "") by hand, note is what /resume then says.
func takeoverSupersededByHand(t *testing.T, gen, picked, effort, note string, pick []chromedp.Action[chromedp.Void]) {
	needChromium(t)
	debuggableChrome(t)
	e := newEnv(t)
	e.write("model.sh", "echo model >> calls.log\n")
	e.write("hand.sh", "echo hand >> calls.log; echo hand ran\n")
	const typed = "hand-typed: run hand.sh instead"
	srv, url := mockPageGen(t, gen, []model.ScriptLine{
		{Reply: agentReply(false, "Run model.sh.", callXML("terminal.exec", el("program", "sh"), items("argv", "model.sh")))},
		{Expect: typed, Reply: agentReply(false, "Running hand.sh as you asked.", callXML("terminal.exec", el("program", "sh"), items("argv", "hand.sh")))},
		{Expect: "hand ran", Reply: agentReply(true, "Ran hand.sh only.", "")},
	}, 0)
	release := srv.HoldReplies()
	defer release()
	tm := e.startPTY("--chatgpt-url", url, "--headless", "--approvals", "allow", "run a script")
	at := tm.waitFor("ChatGPT is thinking", 0)
	tm.send("/browser\r")
	at = tm.waitFor("/browser: the run pauses at the next safe point", at)
	release()
	at = tm.waitFor("paused: manual takeover", at)
	id := e.waitFor("the takeover", func(evs []event.Event) bool { return takeoverCount(evs, event.TakeoverActive) == 1 })

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	tab := e.attachPage(ctx, url)
	// The user picks another model in the picker, then writes.
	for i, a := range pick {
		if err := chromedp.Do(tab, a); err != nil {
			t.Fatalf("pick a model by hand: step %d: %v", i, err)
		}
	}
	typeByHand(t, tab, typed)
	if err := srv.WaitReplies(ctx, 2); err != nil {
		t.Fatalf("the page did not answer the hand-typed message: %v", err)
	}
	tm.send("/resume\r")
	at = tm.waitFor("you (by hand in the page): "+typed, at)
	at = tm.waitFor(note, at)
	tm.waitFor("Ran hand.sh only.", at)
	if code := tm.exit(); code != 0 {
		t.Fatalf("exit %d; screen:\n%s", code, tm.screen())
	}
	if got, _ := os.ReadFile(filepath.Join(e.root, "calls.log")); string(got) != "hand\n" {
		t.Fatalf("calls.log = %q: want the hand-typed message's call once and the held reply's never", got)
	}
	rec := srv.Received()
	if len(rec) != 3 {
		t.Fatalf("the page received %d messages, want 3", len(rec))
	}
	if rec[1].Model != picked || rec[2].Model != picked {
		t.Fatalf("models %q %q: the model the user picked (%s) did not stay", rec[1].Model, rec[2].Model, picked)
	}
	if effort != "" && (rec[1].Effort != effort || rec[2].Effort != effort) {
		t.Fatalf("efforts %q %q: the effort the user picked (%s) did not stay", rec[1].Effort, rec[2].Effort, effort)
	}
	evs := e.events(id)
	if k := strings.Join(sentKinds(evs), " "); k != "bootstrap manual tool_result" {
		t.Fatalf("sent kinds %q; events:\n%s", k, eventTrace(evs))
	}
}

// TestBrowserManualTurnSurvivesKill9: wtagent is killed while it waits for
// the reply to a message typed by hand; `wtagent resume` waits for that
// reply again (never sends the message), runs its call once and finishes.
func TestBrowserManualTurnSurvivesKill9(t *testing.T) {
	const typed = "hand-typed: log it"
	e, srv, url, tm, _ := pausedForTakeover(t, typed, "Logging it.", "Logged once across the crash.")

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	release := srv.HoldReplies()
	defer release()
	typeByHand(t, e.attachPage(ctx, url), typed)
	if _, err := srv.WaitReceived(ctx, 2); err != nil {
		t.Fatal(err)
	}
	tm.send("/resume\r")
	id := e.waitFor("the manual turn", func(evs []event.Event) bool {
		return strings.Contains(strings.Join(sentKinds(evs), " "), "manual")
	})
	if err := tm.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	tm.exit()
	release()
	code, out, errOut := e.run("resume", id, "--chatgpt-url", url, "--headless")
	if code != 0 || !strings.Contains(out+errOut, "Logged once across the crash.") {
		t.Fatalf("resume: exit %d\n%s\n%s\nevents:\n%s", code, out, errOut, eventTrace(e.events(id)))
	}
	if got, _ := os.ReadFile(filepath.Join(e.root, "hand.log")); string(got) != "hand\n" {
		t.Fatalf("hand.log = %q, want one line", got)
	}
	if n := len(srv.Received()); n != 3 {
		t.Fatalf("the page received %d messages, want 3 (nothing sent twice)", n)
	}
}

// TestBrowserTakeoverHeldReplyRunsAfterResume: a reply held at the
// takeover, with nothing written by hand, is handled on /resume: its call
// runs once.
func TestBrowserTakeoverHeldReplyRunsAfterResume(t *testing.T) {
	needChromium(t)
	e := newEnv(t)
	e.write("model.sh", "echo model >> calls.log; echo model ran\n")
	srv, url := mockPage(t, []model.ScriptLine{
		{Reply: agentReply(false, "Run model.sh.", callXML("terminal.exec", el("program", "sh"), items("argv", "model.sh")))},
		{Expect: "model ran", Reply: agentReply(true, "Ran model.sh once.", "")},
	}, 0)
	release := srv.HoldReplies()
	defer release()
	tm := e.startPTY("--chatgpt-url", url, "--headless", "--approvals", "allow", "run a script")
	at := tm.waitFor("ChatGPT is thinking", 0)
	tm.send("/browser\r")
	at = tm.waitFor("/browser: the run pauses at the next safe point", at)
	release()
	at = tm.waitFor("paused: manual takeover", at)
	if _, err := os.Stat(filepath.Join(e.root, "calls.log")); err == nil {
		t.Fatal("the held reply's call ran during the takeover")
	}
	tm.send("/resume\r")
	at = tm.waitFor("handed back", at)
	tm.waitFor("Ran model.sh once.", at)
	if code := tm.exit(); code != 0 {
		t.Fatalf("exit %d; screen:\n%s", code, tm.screen())
	}
	if got, _ := os.ReadFile(filepath.Join(e.root, "calls.log")); string(got) != "model\n" {
		t.Fatalf("calls.log = %q, want the held reply's call once", got)
	}
	evs := e.events(e.onlySession())
	if k := strings.Join(sentKinds(evs), " "); k != "bootstrap tool_result" {
		t.Fatalf("sent kinds %q; events:\n%s", k, eventTrace(evs))
	}
}

// TestBrowserTakeoverKilledAfterHandTypedMessage: wtagent is killed during
// a takeover after the user sent a message by hand; `wtagent resume` reads
// the page first: the hand-typed message's reply is taken (its call runs
// once) and the result held at the takeover goes with the next message.
func TestBrowserTakeoverKilledAfterHandTypedMessage(t *testing.T) {
	const typed = "hand-typed: log it before the crash"
	e, srv, url, tm, _ := pausedForTakeover(t, typed, "Logging it.", "Logged once; the wait was released.")
	id := e.waitFor("the takeover", func(evs []event.Event) bool { return takeoverCount(evs, event.TakeoverActive) == 1 })

	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	typeByHand(t, e.attachPage(ctx, url), typed)
	if err := srv.WaitReplies(ctx, 2); err != nil {
		t.Fatal(err)
	}
	if err := tm.cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	tm.exit()
	code, out, errOut := e.run("resume", id, "--chatgpt-url", url, "--headless")
	if code != 0 || !strings.Contains(out+errOut, "Logged once; the wait was released.") {
		t.Fatalf("resume: exit %d\n%s\n%s\nevents:\n%s", code, out, errOut, eventTrace(e.events(id)))
	}
	if got, _ := os.ReadFile(filepath.Join(e.root, "hand.log")); string(got) != "hand\n" {
		t.Fatalf("hand.log = %q, want one line", got)
	}
	rec := srv.Received()
	if len(rec) != 3 || !strings.Contains(rec[2].Text, "released") {
		t.Fatalf("the page received %d messages; the last does not carry the held result", len(rec))
	}
	if n := sentWith(e.events(id), "released"); n != 1 {
		t.Fatalf("the held result went out %d times, want once", n)
	}
}

// pausedForTakeover starts a run against the mock page whose first call
// (sh wait.sh) is released only after /browser was asked for, so the run
// pauses for a takeover at a known point; the page answers the message
// typed by hand with a call of sh log.sh (reply logging), then finishes
// with final. It returns when the screen says the run is paused.
func pausedForTakeover(t *testing.T, typed, logging, final string) (*env, *mockchat.Server, string, *term, int) {
	t.Helper()
	needChromium(t)
	debuggableChrome(t)
	e := newEnv(t)
	e.write("wait.sh", "while [ ! -f go ]; do sleep 0.05; done; echo released\n")
	e.write("log.sh", "echo hand >> hand.log; echo \"hand.log has $(wc -l < hand.log) line\"\n")
	srv, url := mockPage(t, []model.ScriptLine{
		{Reply: agentReply(false, "Wait.", callXML("terminal.exec", el("program", "sh"), items("argv", "wait.sh")))},
		{Expect: typed, Reply: agentReply(false, logging, callXML("terminal.exec", el("program", "sh"), items("argv", "log.sh")))},
		{Expect: "hand.log has 1 line", Reply: agentReply(true, final, "")},
	}, 0)
	tm := e.startPTY("--chatgpt-url", url, "--headless", "--approvals", "allow", "wait for me")
	at := tm.waitFor("terminal.exec sh wait.sh", 0)
	tm.send("/browser\r")
	at = tm.waitFor("/browser: the run pauses at the next safe point", at)
	os.WriteFile(filepath.Join(e.root, "go"), nil, 0o644)
	at = tm.waitFor("paused: manual takeover", at)
	return e, srv, url, tm, at
}
