//go:build linux

package main

import (
	"context"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/model"
)

// pickerPage starts a mock page of generation gen in UI language lang whose
// script answers one done reply.
func pickerPage(t *testing.T, gen, lang string) (*mockchat.Server, string) {
	t.Helper()
	srv := mockchat.New(mockchat.Options{LoggedIn: true, DOM: gen, Lang: lang, Script: []model.ScriptLine{
		{Line: 1, Reply: agentReply(true, "Hello.", "")},
	}})
	url, err := srv.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	return srv, url
}

// TestModeAndEffortOn2026NovPage: on the 2026-11 page (the trigger found
// by its reasoning navigation target in the composer form, the
// three-family menu) in English, Turkish and Arabic, `--effort high` and
// `--mode` name one row, chosen in real Chromium before the message: the
// conversation POST carries the chosen model and the page's own effort
// value. The effort takes the page's words (high, xhigh).
func TestModeAndEffortOn2026NovPage(t *testing.T) {
	needChromium(t)
	for _, c := range []struct {
		lang          string
		args          []string
		model, effort string
	}{
		{mockchat.LangEnglish, []string{"--effort", "high"}, "gpt-6-2-sol", "high"},
		{mockchat.LangTurkish, []string{"--mode", "GPT-6.2 Sol", "--effort", "xhigh"}, "gpt-6-2-sol", "xhigh"},
		{mockchat.LangArabic, []string{"--mode", "6", "--effort", "high"}, "gpt-6", "high"},
		{mockchat.LangArabic, []string{"--mode", "5.6 sol", "--effort", "medium"}, "gpt-5-6-sol", "medium"},
	} {
		t.Run(c.lang+"/"+strings.Join(c.args, " "), func(t *testing.T) {
			e := newEnv(t)
			srv, url := pickerPage(t, mockchat.DOM2026Nov, c.lang)
			args := append([]string{"--chatgpt-url", url, "--headless"}, c.args...)
			code, out, errOut := e.run(append(args, "say hello")...)
			if code != 0 {
				t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
			}
			got := srv.Received()
			if len(got) != 1 || got[0].Model != c.model || got[0].Effort != c.effort {
				t.Fatalf("the page received %d messages (%+v), want one with model %s effort %s", len(got), got, c.model, c.effort)
			}
		})
	}
}

// TestModeRequestNotAppliedStopsBeforeSending: `--mode nosuch` (and an
// MCP-less run of any kind) is a usage error, exit 2, listing the modes
// the page's picker offers; an effort the page's picker has no control
// for stops the run before sending with the adapter error (what was
// looked for, a DOM snapshot and a screenshot). Nothing reaches the page
// in either case: a request is never "kept" silently.
func TestModeRequestNotAppliedStopsBeforeSending(t *testing.T) {
	needChromium(t)
	for _, c := range []struct {
		gen  string
		args []string
		code int
		want []string
	}{
		{mockchat.DOM2026Nov, []string{"--mode", "nosuch"}, 2, []string{"--mode nosuch: the ChatGPT picker (2026-11) offers no such mode; it offers: gpt-latest, gpt-6-2-sol (standard/medium, extended/high, extra-high/xhigh)"}},
		{mockchat.DOM2026Sep, []string{"--mode", "bogus"}, 2, []string{"--mode bogus: the ChatGPT picker (2026-09) offers no such mode; it offers: gpt-5-5, gpt-5-5-instant, gpt-5-5-thinking"}},
		{mockchat.DOM2025, []string{"--effort", "high"}, 3, []string{`asked for the effort "extended" on the 2025 picker; the 2025 model picker has no effort control; nothing was sent`, "DOM snapshot", "screenshot"}},
	} {
		t.Run(c.gen+"/"+strings.Join(c.args, " "), func(t *testing.T) {
			e := newEnv(t)
			srv, url := pickerPage(t, c.gen, "")
			args := append([]string{"--chatgpt-url", url, "--headless"}, c.args...)
			code, out, errOut := e.run(append(args, "say hello")...)
			all := out + errOut
			if code != c.code {
				t.Fatalf("exit %d, want %d\n%s", code, c.code, all)
			}
			for _, w := range c.want {
				if !strings.Contains(all, w) {
					t.Errorf("the output lacks %q:\n%s", w, all)
				}
			}
			if c.code == 2 && strings.Contains(all, "kept") {
				t.Errorf("a mode the picker does not offer was reported kept before the usage error:\n%s", all)
			}
			if n := len(srv.Received()); n != 0 {
				t.Errorf("the page received %d messages", n)
			}
		})
	}
}

// TestMCPServeModeNotOffered: an MCP call whose mode the page's picker
// does not offer is a tool error listing the modes, and nothing is sent;
// the next call, with the page's word for an effort, is applied (the POST
// carries it).
func TestMCPServeModeNotOffered(t *testing.T) {
	needChromium(t)
	e := newEnv(t)
	srv, url := mockPageGen(t, mockchat.DOM2026Nov, mcpReplies(1), 0)
	s := startMCPServer(t, e, url)
	res, err := s.call(context.Background(), map[string]any{"prompt": "hi", "mode": "bogus"}, nil)
	if err != nil || !res.IsError || !strings.Contains(mcpText(res), "--mode bogus: the ChatGPT picker (2026-11) offers no such mode; it offers: gpt-latest, gpt-6-2-sol") {
		t.Fatalf("a mode the picker lacks: %v %+v", err, res)
	}
	if n := len(srv.Received()); n != 0 {
		t.Fatalf("the page received %d messages for a mode it does not offer", n)
	}
	if got, _ := s.reply(map[string]any{"prompt": "hi", "effort": "high"}); got != replyText(0) {
		t.Fatalf("reply %q", got)
	}
	if rec := srv.Received(); len(rec) != 1 || rec[0].Model != "gpt-6-2-sol" || rec[0].Effort != "high" {
		t.Fatalf("the page received %+v, want one message at gpt-6-2-sol high", rec)
	}
}
