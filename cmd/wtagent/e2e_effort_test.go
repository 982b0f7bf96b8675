//go:build linux

package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/model"
)

// modeSelections are a session's conversation.mode_selected payloads.
func modeSelections(evs []event.Event) []event.ModeSelected {
	var out []event.ModeSelected
	for _, ev := range evs {
		var p event.ModeSelected
		if ev.Type == event.EvConversationMode && json.Unmarshal(ev.Payload, &p) == nil {
			out = append(out, p)
		}
	}
	return out
}

// TestEffortSelectedAndReselectedOnResume: a bad --effort is a usage error
// that lists the tiers and the page's words for them; `--effort extended` selects the tier on the
// 2026-09 picker of the mock in real Chromium before the first message
// (recorded in conversation.mode_selected, shown by `wtagent status` while
// the reply streams, posted by the page as its own "high"), and `wtagent
// resume ID` selects it again in its new Chrome without being told. The
// picker is standard Chat's (the effort slider only, its input a hidden
// zero-width span, the effort on the trigger), in a Turkish UI.
func TestEffortSelectedAndReselectedOnResume(t *testing.T) {
	needChromium(t)
	e := newEnv(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--effort", "huge"}, `unknown effort tier "huge"; want one of light (instant, low), standard (medium), extended (high), extra-high (xhigh), pro (max)`},
		{[]string{"--mode", "pro", "--effort", "light"}, "the mode pro names the effort tier pro, the effort asks for light"},
	} {
		if code, _, errOut := e.run(append(c.args, "read a")...); code != 2 || !strings.Contains(errOut, c.want) {
			t.Fatalf("%v: exit %d, stderr %q; want 2 and %q", c.args, code, errOut, c.want)
		}
	}
	if len(e.sessions()) != 0 {
		t.Fatal("a usage error left a session")
	}

	os.WriteFile(filepath.Join(e.root, "a.txt"), []byte("alpha\n"), 0o644)
	srv := mockchat.New(mockchat.Options{LoggedIn: true, DOM: mockchat.DOM2026Sep, SliderOnly: true, Lang: mockchat.LangTurkish, Script: []model.ScriptLine{
		{Line: 1, Reply: agentReply(false, "Read.", callXML("fs.read", el("path", "a.txt")))},
		{Line: 2, Expect: "alpha", Reply: agentReply(true, "a.txt says alpha.", "")},
	}})
	url, err := srv.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	release := srv.HoldStream(1)
	t.Cleanup(release)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := e.command(ctx, "--chatgpt-url", url, "--headless", "--effort", "extended", "--max-turns", "1", "read a")
	var out syncBuffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	if err := srv.WaitStreaming(ctx, 1); err != nil {
		t.Fatalf("the first reply never streamed: %v; output:\n%s", err, out.String())
	}
	id := e.waitFor("the mode selection", func(evs []event.Event) bool { return len(modeSelections(evs)) > 0 })
	code, status, errOut := e.run("status", id)
	if code != 0 || !strings.Contains(status, "chatgpt   effort extended: selected extended") {
		t.Fatalf("status: exit %d\n%s\n%s", code, status, errOut)
	}
	release()
	if ee, ok := cmd.Wait().(*exec.ExitError); !ok || ee.ExitCode() != 3 {
		t.Fatalf("first run: %v, want exit 3 (the turn limit)\n%s", ee, out.String())
	}
	if !strings.Contains(out.String(), "effort extended: selected extended") {
		t.Fatalf("the live view does not show the selection:\n%s", out.String())
	}

	code, resumed, errOut := e.run("resume", id, "--chatgpt-url", url, "--headless")
	if code != 0 || !strings.Contains(resumed, "a.txt says alpha.") {
		t.Fatalf("resume: exit %d\n%s\n%s", code, resumed, errOut)
	}
	sel := modeSelections(e.events(id))
	if len(sel) != 2 {
		t.Fatalf("%d mode selections, want one per run:\n%s", len(sel), eventTrace(e.events(id)))
	}
	// The resumed run asks for the recorded effort; the page may still
	// be on it (already) or not (selected).
	for i, m := range sel {
		if m.Picker != mockchat.DOM2026Sep || m.Requested != "" || m.Effort == nil || m.Effort.Requested != "extended" ||
			m.Effort.Selected != "extended" || m.Effort.Outcome != "selected" && (i == 0 || m.Effort.Outcome != "already") {
			t.Errorf("run %d: mode selection %+v (effort %+v), want extended selected on the 2026-09 picker", i+1, m, m.Effort)
		}
	}
	got := srv.Received()
	if len(got) != 2 || got[0].Effort != "high" || got[1].Effort != "high" {
		t.Fatalf("the page received %d messages, efforts %v", len(got), efforts(got))
	}
}

// efforts lists the thinking efforts the page received.
func efforts(rs []mockchat.Received) []string {
	var out []string
	for _, r := range rs {
		out = append(out, r.Effort)
	}
	return out
}
