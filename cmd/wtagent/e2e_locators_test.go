//go:build linux

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/browser/pagescript"
	"github.com/wtagent/wtagent/model"
)

// TestLocatorOverrideRoutesAroundRenamedSend: on a 2026-09 page whose send
// control was renamed (no submit type, no label: nothing the built-in
// table knows names it) a run stops with the adapter error and sends
// nothing; page-locators.json in the config directory, naming the control,
// routes around the change and the same run goes through; doctor --page
// says which strategy matched and that the override is in force. A
// malformed file given by --locators is a usage error naming the entry,
// before any session exists.
func TestLocatorOverrideRoutesAroundRenamedSend(t *testing.T) {
	needChromium(t)
	e := newEnv(t)
	os.Chmod(e.home, 0o700)
	bad := filepath.Join(e.root, "bad-locators.json")
	os.WriteFile(bad, []byte(`{"version": 1, "locators": {"send": ["form button[data-mode=send"]}}`), 0o600)
	code, _, errOut := e.run("--locators", bad, "say hello")
	if code != 2 || !strings.Contains(errOut, `--locators: page locators `+bad+`: locator "send", strategy 1: bad CSS selector "form button[data-mode=send": unclosed [`) {
		t.Fatalf("a malformed locator file: exit %d, stderr %q", code, errOut)
	}
	if len(e.sessions()) != 0 {
		t.Fatal("a malformed locator file left a session")
	}

	srv := mockchat.New(mockchat.Options{LoggedIn: true, DOM: mockchat.DOM2026Sep, Script: []model.ScriptLine{
		{Line: 1, Reply: agentReply(true, "Hello.", "")},
	}})
	url, err := srv.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Close)
	if err := srv.BreakLocator(mockchat.LocatorSendButton); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := e.run("--chatgpt-url", url, "--headless", "say hello")
	if code == 0 || !strings.Contains(out+errOut, "the ChatGPT page adapter needs an update") || len(srv.Received()) != 0 {
		t.Fatalf("the renamed send control without the file: exit %d, %d messages received\n%s\n%s", code, len(srv.Received()), out, errOut)
	}

	file := filepath.Join(e.home, pagescript.OverridesFile)
	os.WriteFile(file, []byte(`{"version": 1, "locators": {"send": ["form[data-chatgpt-composer] button.composer-submit-btn[data-mode=\"send\"]"]}}`), 0o600)
	code, out, errOut = e.run("--chatgpt-url", url, "--headless", "say hello")
	if code != 0 || len(srv.Received()) != 1 {
		t.Fatalf("with %s: exit %d, %d messages received\n%s\n%s", file, code, len(srv.Received()), out, errOut)
	}

	_, out, _ = e.run("doctor", "--page", "--headless", "--chatgpt-url", url, "--json", "--timeout", "3m")
	for _, want := range []string{
		`"name":"locators","level":"ok","detail":"overrides from ` + file + ` in force for send"`,
		`"name":"send","level":"warning","detail":"not on the page now (the 2026-09 page has no testid: see the send check); override from ` + file + `"`,
		`"name":"composer","level":"ok","detail":"form[data-chatgpt-composer] div.ProseMirror[contenteditable=\"true\"][role=\"textbox\"] (1; strategy 2 of 6)"`,
	} {
		if !strings.Contains(out, want) {
			t.Errorf("doctor --page lacks %s:\n%s", want, out)
		}
	}
}
