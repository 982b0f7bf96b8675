package mcpserve

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/wtagent/wtagent/browser"
	"github.com/wtagent/wtagent/browser/picker"
	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/config"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/session/event"
)

// TestSettingsWithConfig: flags win over the config file, which fills in
// what they leave empty; the mode and effort are checked as a run's
// (a usage error); the wait follows the mode unless a timeout is given.
func TestSettingsWithConfig(t *testing.T) {
	d := config.Duration(5 * time.Minute)
	fc := config.File{ChatGPTURL: "http://mock:1/", Chrome: "/cfg/chrome", Mode: "pro", Effort: "", TurnTimeout: &d}
	s, err := Settings{Chrome: "/flag/chrome"}.withConfig(fc)
	if err != nil {
		t.Fatal(err)
	}
	if s.ChatGPTURL != "http://mock:1" || s.Chrome != "/flag/chrome" || s.Mode != "pro" || s.TurnTimeout != 5*time.Minute {
		t.Fatalf("settings %+v", s)
	}
	if s.turnWait("instant", "") != 5*time.Minute {
		t.Fatal("a turn-timeout does not bound the wait")
	}
	s, err = Settings{Mode: "thinking"}.withConfig(config.File{Mode: "pro", Effort: "light"})
	if err != nil || s.Mode != "thinking" || s.Effort != "" || s.ChatGPTURL != browser.DefaultBaseURL {
		t.Fatalf("a flag's mode keeps the config's effort out: %+v %v", s, err)
	}
	if s.turnWait("pro", "") != browser.TurnWaitFor("pro", "") {
		t.Fatal("the wait does not follow the mode")
	}
	_, err = Settings{Effort: "enormous"}.withConfig(config.File{})
	var fe *cmdutil.FlagError
	if !errors.As(err, &fe) || !strings.Contains(err.Error(), "unknown effort tier") {
		t.Fatalf("a bad effort: %v", err)
	}
}

// TestEffortDescriptionNamesEveryTier: the tool's effort argument lists
// the tiers --effort accepts (its schema's text is written by hand).
func TestEffortDescriptionNamesEveryTier(t *testing.T) {
	f, ok := reflect.TypeFor[Args]().FieldByName("Effort")
	if !ok {
		t.Fatal("no Effort")
	}
	desc := f.Tag.Get("jsonschema")
	for _, tier := range picker.EffortTiers() {
		if !strings.Contains(desc, tier) {
			t.Errorf("the effort's description %q lacks the tier %s", desc, tier)
		}
	}
}

// TestStateNote: a state change's progress message is its detail, said
// once, or the state in words.
func TestStateNote(t *testing.T) {
	for _, tc := range []struct {
		s    messages.ModelStateChanged
		want string
	}{
		{messages.ModelStateChanged{State: event.ModelSending, Detail: "sending turn 1 (2 bytes, 0 attachments)"}, "sending turn 1 (2 bytes, 0 attachments)"},
		{messages.ModelStateChanged{State: event.ModelReady, Detail: "ChatGPT is ready"}, "ChatGPT is ready"},
		{messages.ModelStateChanged{State: event.ModelRateLimited}, "ChatGPT: rate limited"},
	} {
		if got := stateNote(tc.s); got != tc.want {
			t.Errorf("stateNote(%+v) = %q, want %q", tc.s, got, tc.want)
		}
	}
}
