package browser

import (
	"strings"
	"testing"

	"github.com/wtagent/wtagent/browser/mockchat"
)

// TestModeSelectionGenerations selects modes on the 2026 pickers of the
// mock (the 2026-06 pill with its Pro trigger and Advanced model list, the 2026-09
// intelligence trigger with its power slider and advanced pane; the page
// posts the effort in its own vocabulary), with Pro
// available and rate-limited, and checks the outcome, its reason, and the
// model and effort the page then posts. TestModeSelection covers the 2025
// menu. A mode the picker does not offer is a RequestError listing what
// it offers, and nothing is sent.
func TestModeSelectionGenerations(t *testing.T) {
	const mid, sep = mockchat.DOM2026Mid, mockchat.DOM2026Sep
	for _, tc := range []struct {
		gen, mode     string
		limited       bool
		outcome, sel  string
		model, effort string // posted
		reason        string // a part of the reason, "" for none
	}{
		{mid, "pro", false, "selected", "pro", "gpt-5-5-pro", "standard", ""}, // the Pro trigger
		{mid, "pro", true, "fallback", "gpt-5-5-thinking", "gpt-5-5-thinking", "standard", "not available"},
		{mid, "thinking", false, "selected", "gpt-5-5-thinking", "gpt-5-5-thinking", "standard", ""},
		{mid, "instant", false, "selected", "gpt-5-5-instant", "gpt-5-5-instant", "standard", ""},
		{mid, "gpt-5-5", false, "already", "gpt-5-5", "gpt-5-5", "standard", ""},
		{mid, "no-such-mode", false, OutcomeNotOffered, "", "", "", "no model on the picker matches"},
		{sep, "pro", false, "selected", "pro", "gpt-5-5", "max", ""},
		{sep, "pro", true, "fallback", "extra-high", "gpt-5-5", "xhigh", "not offered"},
		{sep, "thinking", false, "selected", "gpt-5-5-thinking", "gpt-5-5-thinking", "medium", ""},
		{sep, "instant", false, "selected", "gpt-5-5-instant", "gpt-5-5-instant", "medium", ""},
		{sep, "extended", false, "selected", "extended", "gpt-5-5", "high", ""},
		{sep, "standard", false, "already", "standard", "gpt-5-5", "medium", ""},
		{sep, "no-such-mode", false, OutcomeNotOffered, "", "", "", "no model on the picker matches"},
	} {
		name := tc.gen + "/" + tc.mode
		if tc.limited {
			name += "/pro-limited"
		}
		t.Run(name, func(t *testing.T) {
			srv, m, err := tryRequest(t, mockchat.Options{LoggedIn: true, DOM: tc.gen, ProLimited: tc.limited}, tc.mode, "")
			if m.Requested != tc.mode || m.Outcome != tc.outcome || m.Selected != tc.sel || m.Picker != tc.gen {
				t.Errorf("mode %+v, want outcome %s selected %q on picker %s", m, tc.outcome, tc.sel, tc.gen)
			}
			if (tc.reason == "") != (m.Reason == "") || !strings.Contains(m.Reason, tc.reason) {
				t.Errorf("reason %q, want one with %q", m.Reason, tc.reason)
			}
			if tc.model == "" {
				checkNoSuchMode(t, srv, err, "gpt-5-5, gpt-5-5-instant, gpt-5-5-thinking")
				return
			}
			if err != nil {
				t.Fatalf("Send: %v", err)
			}
			if r := srv.Received()[0]; r.Model != tc.model || r.Effort != tc.effort {
				t.Errorf("the page sent model %q effort %q, want %q %q", r.Model, r.Effort, tc.model, tc.effort)
			}
		})
	}
}
