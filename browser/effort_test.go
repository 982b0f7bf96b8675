package browser

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/model"
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
//
// On 2026-11 the trigger is found by its reasoning navigation target in the
// composer form and the menu's rows are (model, effort) pairs of three
// families: a request picks one row by the model grammar and the row's
// effort value, in English, Turkish and Arabic (right to left), past a
// retirement notice, with a disabled effort falling back, Instant as its
// family's own row, and a row a popover covers chosen with the keyboard.
// A part that cannot be applied stops the send: nothing reaches the page.
func TestEffortSelection(t *testing.T) {
	const legacy, mid, sep, nov = mockchat.DOM2025, mockchat.DOM2026Mid, mockchat.DOM2026Sep, mockchat.DOM2026Nov
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
			choice("extended", "selected", "extended", ""), "", ""}, // the mode cannot be applied: nothing is sent
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
			choice("extended", "kept", "", "no effort control"), "", ""},
		{nov, "", "extended", "", event.Choice{}, choice("extended", "selected", "extended", ""), "gpt-6-2-sol", "high"},
		{nov, "", "extended", "tr", event.Choice{}, choice("extended", "selected", "extended", ""), "gpt-6-2-sol", "high"},
		{nov, "", "extended", "ar", event.Choice{}, choice("extended", "selected", "extended", ""), "gpt-6-2-sol", "high"},
		{nov, "", "standard", "", event.Choice{}, choice("standard", "already", "standard", ""), "gpt-6-2-sol", "medium"},
		{nov, "6", "pro", "", choice("6", "selected", "gpt-6", ""), choice("pro", "selected", "pro", ""), "gpt-6", "max"},
		{nov, "6", "pro", "pro-limited", choice("6", "selected", "gpt-6", ""), choice("pro", "fallback", "extended", "not offered"), "gpt-6", "high"},
		{nov, "GPT-6.2 Sol", "extra-high", "tr", choice("GPT-6.2 Sol", "already", "gpt-6-2-sol", ""),
			choice("extra-high", "selected", "extra-high", ""), "gpt-6-2-sol", "xhigh"},
		{nov, "", "light", "tr", event.Choice{}, choice("light", "selected", "light", ""), "gpt-6-2-sol-instant", "medium"}, // Instant's own row
		{nov, "5.6 sol", "extended", "ar", choice("5.6 sol", "selected", "gpt-5-6-sol", ""),
			choice("extended", "selected", "extended", ""), "gpt-5-6-sol", "high"}, // past the retirement notice
		{nov, "latest", "", "ar", choice("latest", "selected", "gpt-latest", ""), event.Choice{}, "gpt-latest", "medium"},
		{nov, "", "extended", "covered", event.Choice{}, choice("extended", "selected", "extended", ""), "gpt-6-2-sol", "high"}, // by the keyboard
		{nov, "no-such-mode", "", "", choice("no-such-mode", OutcomeNotOffered, "", "no model on the picker matches"), event.Choice{}, "", ""},
		{nov, "latest", "extended", "", choice("latest", "unavailable", "", "offers no effort"),
			choice("extended", "unavailable", "", "offers no effort"), "", ""},
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
			if tc.variant == "covered" {
				opts.CoverRow = "gpt-6-2-sol:high"
			}
			switch {
			case lang == "babble":
				opts.Labels = babbleLabels()
			case slices.Contains(mockchat.Langs(), lang):
				opts.Lang = lang
			}
			srv, m, err := tryRequest(t, opts, tc.mode, tc.effort)
			if m.Picker != gen {
				t.Errorf("picker %q, want %q", m.Picker, gen)
			}
			if !sameChoice(m.Choice, tc.mode2) {
				t.Errorf("mode part %+v, want %+v", m.Choice, tc.mode2)
			}
			if (tc.effort == "") != (m.Effort == nil) || m.Effort != nil && !sameChoice(*m.Effort, tc.effort2) {
				t.Errorf("effort part %+v, want %+v", m.Effort, tc.effort2)
			}
			if tc.model == "" {
				// Not applied: the send stops before anything is typed.
				if err == nil || !errors.Is(err, model.ErrAdapter) && !errors.Is(err, model.ErrRequest) && !errors.Is(err, model.ErrRateLimit) {
					t.Errorf("Send: %v, want the request's error", err)
				}
				if n := len(srv.Received()); n != 0 {
					t.Errorf("the page received %d messages for a request that was not applied", n)
				}
				return
			}
			if err != nil {
				t.Fatalf("Send: %v", err)
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
