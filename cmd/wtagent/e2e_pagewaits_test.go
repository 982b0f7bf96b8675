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
