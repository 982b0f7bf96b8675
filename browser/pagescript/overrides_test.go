package pagescript

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestParseOverrides validates the override file: a good file merges its
// strategies before the built-in ones; every bad entry is an error that
// names it.
func TestParseOverrides(t *testing.T) {
	good := `{"version": 1, "locators": {"send": ["form button.composer-submit-btn[data-mode=\"send\"]", {"text": "^(send|gönder)$", "in": "form button"}]}}`
	over, err := ParseOverrides([]byte(good))
	if err != nil {
		t.Fatal(err)
	}
	send := Merged(over)["send"]
	if len(send) != 2+len(Locators()["send"]) || send[0] != `form button.composer-submit-btn[data-mode="send"]` ||
		send[1] != `::text {"in":"form button","re":"^(send|gönder)$"}` || send[2] != Locators()["send"][0] {
		t.Fatalf("merged send locator %q", send)
	}
	if !strings.Contains(ScriptFor(over), `composer-submit-btn`) || strings.Contains(Script(), `composer-submit-btn`) {
		t.Fatal("the page script does not carry the override (or the built-in one does)")
	}
	for _, tc := range []struct{ file, want string }{
		{`{"version": 1, "locators": {"sendd": ["button"]}}`, `locator "sendd": unknown (known: `},
		{`{"version": 1, "locators": {"send": ["button[type=submit"]}}`, `locator "send", strategy 1: bad CSS selector "button[type=submit": unclosed [`},
		{`{"version": 1, "locators": {"send": ["button", "form >"]}}`, `locator "send", strategy 2: bad CSS selector "form >": ends with a combinator`},
		{`{"version": 1, "locators": {"stop": [{"text": "(stop"}]}}`, `locator "stop", strategy 1: text pattern "(stop"`},
		{`{"version": 1, "locators": {"stop": [{"css": "a", "text": "b"}]}}`, `locator "stop", strategy 1: give a CSS selector or a text pattern, not both`},
		{`{"version": 1, "locators": {"stop": []}}`, `locator "stop": no strategy`},
		{`{"version": 1, "locators": {"stop": [{"xpath": "//a"}]}}`, `unknown field "xpath"`},
		{`{"version": 2, "locators": {}}`, `version 2: this wtagent reads version 1`},
		{`{"version": 1, "locators": {}} {}`, `trailing data`},
		{`[]`, `not a locator file`},
	} {
		if _, err := ParseOverrides([]byte(tc.file)); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseOverrides(%s) = %v, want an error with %q", tc.file, err, tc.want)
		}
	}
}

// TestLoadOverrides: no file in the config directory is no override; a
// file named by the flag must exist; errors name the file.
func TestLoadOverrides(t *testing.T) {
	dir := t.TempDir()
	if over, path, err := LoadOverrides(dir, ""); over != nil || path != "" || err != nil {
		t.Fatalf("no file: %v %q %v", over, path, err)
	}
	if _, _, err := LoadOverrides(dir, filepath.Join(dir, "missing.json")); err == nil || !strings.Contains(err.Error(), "missing.json") {
		t.Fatalf("a missing --locators file: %v", err)
	}
	p := filepath.Join(dir, OverridesFile)
	if err := os.WriteFile(p, []byte(`{"version": 1, "locators": {"nope": ["a"]}}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, _, err := LoadOverrides(dir, ""); err == nil || !strings.Contains(err.Error(), p+`: locator "nope": unknown`) {
		t.Fatalf("a bad file in the config directory: %v", err)
	}
}
