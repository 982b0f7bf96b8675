package browser

import (
	"slices"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/browser/mockchat"
)

// TestEffortSelection selects (mode, effort) requests on the mock's three
// picker generations: the effort after the model on both 2026 pickers
// (and an effort tier given as the mode on the 2026-06 slider)
// (Pro rate-limited falls back to the highest tier offered), kept with a
// reason on the 2025 menu, which has no effort control; and checks the
// model and effort the page then posts, in the page's own vocabulary
// (2026-09: low … max). On 2026-09 the effort is read from the trigger and
// the slider is the menu row with its hidden zero-width input: moved with
// the keys, or by a press on its track when it ignores the keys (from the
// right in a right-to-left language, where Right steps down), in any UI
// language; a slider-only picker (standard Chat) takes the effort but has
// no model.
func TestEffortSelection(t *testing.T) {
	const legacy, mid, sep = mockchat.DOM2025, mockchat.DOM2026Mid, mockchat.DOM2026Sep
	for _, tc := range []struct {
		gen, mode, effort string
		variant           string       // pro-limited, slider-only, pointer-only
		mode2             event.Choice // the mode part, when one is asked for
		effort2           event.Choice
		model, posted     string // the posted model and effort
	}{
		{sep, "", "extended", "", event.Choice{}, choice("extended", "selected", "extended", ""), "gpt-5-5", "high"},
		{sep, "", "standard", "", event.Choice{}, choice("standard", "already", "standard", ""), "gpt-5-5", "medium"},
		{sep, "thinking", "extra-high", "", choice("thinking", "selected", "gpt-5-5-thinking", ""),
			choice("extra-high", "selected", "extra-high", ""), "gpt-5-5-thinking", "xhigh"},
		{sep, "", "pro", "", event.Choice{}, choice("pro", "selected", "pro", ""), "gpt-5-5", "max"},
		{sep, "", "pro", "pro-limited", event.Choice{}, choice("pro", "fallback", "extra-high", "not offered"), "gpt-5-5", "xhigh"},
		{sep, "instant", "light", "", choice("instant", "selected", "gpt-5-5-instant", ""),
			choice("light", "selected", "light", ""), "gpt-5-5-instant", "low"},
		{sep, "", "extra-high", "pointer-only", event.Choice{}, choice("extra-high", "selected", "extra-high", ""), "gpt-5-5", "xhigh"},
		{sep, "", "light", "pointer-only", event.Choice{}, choice("light", "selected", "light", ""), "gpt-5-5", "low"},
		{sep, "", "pro", "slider-only", event.Choice{}, choice("pro", "selected", "pro", ""), "gpt-5-5", "max"},
		{sep, "thinking", "extended", "slider-only", choice("thinking", "kept", "", "only the effort slider"),
			choice("extended", "selected", "extended", ""), "gpt-5-5", "high"},
		{sep, "thinking", "pro", "ar", choice("thinking", "selected", "gpt-5-5-thinking", ""),
			choice("pro", "selected", "pro", ""), "gpt-5-5-thinking", "max"}, // right to left: Right steps down
		{sep, "", "light", "ar", event.Choice{}, choice("light", "selected", "light", ""), "gpt-5-5", "low"},
		{sep, "", "extra-high", "ar/pointer-only", event.Choice{}, choice("extra-high", "selected", "extra-high", ""), "gpt-5-5", "xhigh"},
		{sep, "", "extended", "tr", event.Choice{}, choice("extended", "selected", "extended", ""), "gpt-5-5", "high"},
		{sep, "instant", "extra-high", "babble", choice("instant", "selected", "gpt-5-5-instant", ""),
			choice("extra-high", "selected", "extra-high", ""), "gpt-5-5-instant", "xhigh"}, // made-up words
		{mid, "", "extended", "", event.Choice{}, choice("extended", "selected", "extended", ""), "gpt-5-5", "extended"},
		{mid, "thinking", "extra-high", "", choice("thinking", "selected", "gpt-5-5-thinking", ""),
			choice("extra-high", "selected", "extra-high", ""), "gpt-5-5-thinking", "extra-high"},
		{mid, "", "pro", "", event.Choice{}, choice("pro", "selected", "pro", ""), "gpt-5-5-pro", "standard"}, // Pro's trigger
		{mid, "", "pro", "pro-limited", event.Choice{}, choice("pro", "fallback", "extra-high", "not offered"), "gpt-5-5", "extra-high"},
		{mid, "Extra high", "", "", choice("Extra high", "selected", "extra-high", ""), event.Choice{}, "gpt-5-5", "extra-high"}, // a tier as --mode: the slider
		{legacy, "thinking", "extended", "", choice("thinking", "selected", "gpt-5-2-thinking", ""),
			choice("extended", "kept", "", "no effort control"), "gpt-5-2-thinking", ""},
	} {
		gen := tc.gen
		name := gen + "/" + tc.mode + "+" + tc.effort
		if tc.variant != "" {
			name += "/" + tc.variant
		}
		t.Run(name, func(t *testing.T) {
			lang, _, _ := strings.Cut(tc.variant, "/")
			opts := mockchat.Options{LoggedIn: true, DOM: tc.gen, ProLimited: tc.variant == "pro-limited",
				SliderOnly: tc.variant == "slider-only", SliderPointerOnly: strings.HasSuffix(tc.variant, "pointer-only")}
			switch {
			case lang == "babble":
				opts.Labels = babbleLabels()
			case slices.Contains(mockchat.Langs(), lang):
				opts.Lang = lang
			}
			srv, m := selectRequest(t, opts, tc.mode, tc.effort)
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
func choice(requested, outcome, selected, reason string) event.Choice {
	return event.Choice{Requested: requested, Outcome: outcome, Selected: selected, Reason: reason}
}

// sameChoice compares a reported choice with a wanted one whose Reason is
// a part of the reported reason ("" for none).
func sameChoice(got, want event.Choice) bool {
	return got.Requested == want.Requested && got.Outcome == want.Outcome && got.Selected == want.Selected &&
		(want.Reason == "") == (got.Reason == "") && strings.Contains(got.Reason, want.Reason)
}
