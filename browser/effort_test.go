package browser

import (
	"strings"
	"testing"

	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/messages"
)

// TestEffortSelection selects (mode, effort) requests on the mock's three
// picker generations: the effort after the model on both 2026 pickers
// (and an effort tier given as the mode on the 2026-06 slider)
// (Pro rate-limited falls back to the highest tier offered), kept with a
// reason on the 2025 menu, which has no effort control; and checks the
// model and effort the page then posts.
func TestEffortSelection(t *testing.T) {
	const legacy, mid, sep = mockchat.DOM2025, mockchat.DOM2026Mid, mockchat.DOM2026Sep
	for _, tc := range []struct {
		gen, mode, effort string
		limited           bool
		mode2             messages.Choice // the mode part, when one is asked for
		effort2           messages.Choice
		model, posted     string // the posted model and effort
	}{
		{sep, "", "extended", false, messages.Choice{}, choice("extended", "selected", "extended", ""), "gpt-5-5", "extended"},
		{sep, "", "standard", false, messages.Choice{}, choice("standard", "already", "standard", ""), "gpt-5-5", "standard"},
		{sep, "thinking", "extra-high", false, choice("thinking", "selected", "gpt-5-5-thinking", ""),
			choice("extra-high", "selected", "extra-high", ""), "gpt-5-5-thinking", "extra-high"},
		{sep, "", "pro", false, messages.Choice{}, choice("pro", "selected", "pro", ""), "gpt-5-5", "pro"},
		{sep, "", "pro", true, messages.Choice{}, choice("pro", "fallback", "extra-high", "not offered"), "gpt-5-5", "extra-high"},
		{sep, "instant", "light", false, choice("instant", "selected", "gpt-5-5-instant", ""),
			choice("light", "selected", "light", ""), "gpt-5-5-instant", "light"},
		{mid, "", "extended", false, messages.Choice{}, choice("extended", "selected", "extended", ""), "gpt-5-5", "extended"},
		{mid, "thinking", "extra-high", false, choice("thinking", "selected", "gpt-5-5-thinking", ""),
			choice("extra-high", "selected", "extra-high", ""), "gpt-5-5-thinking", "extra-high"},
		{mid, "", "pro", false, messages.Choice{}, choice("pro", "selected", "pro", ""), "gpt-5-5-pro", "standard"}, // Pro's trigger
		{mid, "", "pro", true, messages.Choice{}, choice("pro", "fallback", "extra-high", "not offered"), "gpt-5-5", "extra-high"},
		{mid, "Extra high", "", false, choice("Extra high", "selected", "extra-high", ""), messages.Choice{}, "gpt-5-5", "extra-high"}, // a tier as --mode: the slider
		{legacy, "thinking", "extended", false, choice("thinking", "selected", "gpt-5-2-thinking", ""),
			choice("extended", "kept", "", "no effort control"), "gpt-5-2-thinking", ""},
	} {
		gen := tc.gen
		name := gen + "/" + tc.mode + "+" + tc.effort
		if tc.limited {
			name += "/pro-limited"
		}
		t.Run(name, func(t *testing.T) {
			srv, m := selectRequest(t, mockchat.Options{LoggedIn: true, DOM: tc.gen, ProLimited: tc.limited}, tc.mode, tc.effort)
			if m.Picker != gen {
				t.Errorf("picker %q, want %q", m.Picker, gen)
			}
			if !sameChoice(m.Choice, tc.mode2) {
				t.Errorf("mode part %+v, want %+v", m.Choice, tc.mode2)
			}
			if (tc.effort == "") != (m.Effort == nil) || m.Effort != nil && !sameChoice(*m.Effort, tc.effort2) {
				t.Errorf("effort part %+v, want %+v", m.Effort, tc.effort2)
			}
			if r := srv.Received()[0]; r.Model != tc.model || r.Effort != tc.posted {
				t.Errorf("the page sent model %q effort %q, want %q %q", r.Model, r.Effort, tc.model, tc.posted)
			}
		})
	}
}

// choice is a Choice whose Reason is a part of the expected reason.
func choice(requested, outcome, selected, reason string) messages.Choice {
	return messages.Choice{Requested: requested, Outcome: outcome, Selected: selected, Reason: reason}
}

// sameChoice compares a reported choice with a wanted one whose Reason is
// a part of the reported reason ("" for none).
func sameChoice(got, want messages.Choice) bool {
	return got.Requested == want.Requested && got.Outcome == want.Outcome && got.Selected == want.Selected &&
		(want.Reason == "") == (got.Reason == "") && strings.Contains(got.Reason, want.Reason)
}
