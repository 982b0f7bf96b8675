//go:build linux

package main

import (
	"strings"
	"testing"

	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/model"
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
