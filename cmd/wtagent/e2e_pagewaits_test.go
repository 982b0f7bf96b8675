//go:build linux

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/session/event"
)

// TestCoveredComposerDismissed: a non-modal pop-up covers the message box
// of a Turkish 2026-09 page (its send control takes only a real press):
// the run sees the composer is not hit-testable, dismisses the pop-up
// before typing, says so, and the message goes out.
func TestCoveredComposerDismissed(t *testing.T) {
	needChromium(t)
	e := newEnv(t)
	srv := mockchat.New(mockchat.Options{LoggedIn: true, DOM: mockchat.DOM2026Sep, Lang: mockchat.LangTurkish, CoverComposer: true,
		Script: []model.ScriptLine{{Line: 1, Reply: agentReply(true, "Hello.", "")}}})
	url, err := srv.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	code, out, errOut := e.run("--chatgpt-url", url, "--headless", "say hello")
	if code != 0 || len(srv.Received()) != 1 {
		t.Fatalf("exit %d, %d messages received\n%s\n%s", code, len(srv.Received()), out, errOut)
	}
	if want := `a pop-up covered the message box (dialog: "Yeni: GPT-6.2 Sol ×"): dismissed it before typing`; !strings.Contains(out+errOut, want) {
		t.Errorf("the output does not say %q:\n%s\n%s", want, out, errOut)
	}
}

// TestImageOnlyReplyCompletes: a reply that holds only an image completes
// when its stream ends it and reaches the model loop as "the reply holds
// no text (an image)" (no empty-reply failure, no wait for text); the
// loop asks again and the run ends with the next reply.
func TestImageOnlyReplyCompletes(t *testing.T) {
	needChromium(t)
	e := newEnv(t)
	raw, err := os.ReadFile(filepath.Join("..", "..", "browser", "wire", "sse", "testdata", "sse2026", "image-only.sse"))
	if err != nil {
		t.Fatal(err)
	}
	// The fixture's ids become the mock's placeholders.
	sse := strings.NewReplacer(`"a11"`, `"{{assistant_message_id}}"`, `"c11"`, `"{{conversation_id}}"`).Replace(string(raw))
	srv := mockchat.New(mockchat.Options{LoggedIn: true, DOM: mockchat.DOM2026Sep, Script: []model.ScriptLine{
		{Line: 1, SSE: sse},
		{Line: 2, Reply: agentReply(true, "Hello.", "")},
	}})
	url, err := srv.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	code, out, errOut := e.run("--chatgpt-url", url, "--headless", "say hello")
	if code != 0 || len(srv.Received()) != 2 {
		t.Fatalf("exit %d, %d messages received\n%s\n%s", code, len(srv.Received()), out, errOut)
	}
	ids := e.sessions()
	if len(ids) != 1 {
		t.Fatalf("sessions %v", ids)
	}
	var image, empty bool
	for _, ev := range e.events(ids[0].ID) {
		image = image || ev.Type == event.EvModelMessageComplete && strings.Contains(string(ev.Payload), "the reply holds no text (an image)")
		empty = empty || ev.Type == event.EvModelFailed && strings.Contains(string(ev.Payload), `"empty"`)
	}
	if !image || empty {
		t.Fatalf("image-only reply recorded %v, empty-reply failure %v:\n%s", image, empty, eventTrace(e.events(ids[0].ID)))
	}
}

// TestRateLimitedHistoryReadWaitsAsAsked: wtagent is killed with SIGKILL
// after a new chat's first POST left but before the page named the
// conversation, on an Arabic 2026-09 page whose history and conversation
// reads are rate-limited for a second once a message arrived (429,
// Retry-After: 1, the body's clears_in). `wtagent resume` must read the
// history to find the message: the refused read is waited out for as
// long as the response asks, the live line says so (the event this test
// observes), and the run completes with each message posted once.
func TestRateLimitedHistoryReadWaitsAsAsked(t *testing.T) {
	r := runFirstPostHeld(t, mockchat.Options{Lang: mockchat.LangArabic, ReadRetryAfter: 1})
	id := r.killUnrecorded()
	code, out, errOut := r.e.run("resume", id, "--chatgpt-url", r.url, "--headless")
	if code != 0 {
		t.Fatalf("resume: exit %d\n%s\n%s\nevents:\n%s", code, out, errOut, eventTrace(r.e.events(id)))
	}
	if want := "ChatGPT limits history reads: waiting 1s, as it asks, before looking for turn 1's conversation again"; !strings.Contains(out+errOut, want) {
		t.Errorf("the output does not say %q:\n%s\n%s", want, out, errOut)
	}
	if n := r.srv.ReadsLimited(); n != 1 {
		t.Errorf("%d reads were refused, want 1: the read after the wait is served", n)
	}
	r.checkRecordedOnce()
}

// TestRateLimitedHistoryReadLongerThanTheTurn: the same restart, but the
// page asks for an hour's wait, longer than the turn's limit (2 minutes):
// `wtagent resume` does not wait; it stops at once with the rate-limit
// error naming both, and posts nothing again.
func TestRateLimitedHistoryReadLongerThanTheTurn(t *testing.T) {
	r := runFirstPostHeld(t, mockchat.Options{Lang: mockchat.LangTurkish, ReadRetryAfter: 3600})
	id := r.killUnrecorded()
	code, out, errOut := r.e.run("resume", id, "--chatgpt-url", r.url, "--headless", "--turn-timeout", "2m")
	if code == 0 {
		t.Fatalf("resume exited 0 through an hour's read limit:\n%s\n%s", out, errOut)
	}
	if want := "ChatGPT limits history reads for 1h0m0s, longer than the"; !strings.Contains(out+errOut, want) {
		t.Errorf("exit %d; the output does not say %q:\n%s\n%s", code, want, out, errOut)
	}
	if strings.Contains(out+errOut, "waiting 1h") {
		t.Errorf("the run said it waits an hour:\n%s\n%s", out, errOut)
	}
	if n := len(r.srv.Received()); n != 1 {
		t.Errorf("the page received %d messages, want 1 (nothing sent again)", n)
	}
}
