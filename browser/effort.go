package browser

import (
	"context"
	"slices"

	"github.com/wtagent/wtagent/messages"
)

// EffortTiers are the 2026 pickers' effort tiers, lowest first (the
// values of data-selected-reasoning-effort): what --effort accepts.
func EffortTiers() []string { return []string{"light", "standard", "extended", "extra-high", "pro"} }

// EffortTier reports whether name names an effort tier (pro, "Extra
// high", extra_high…) rather than a model, and returns the tier's one
// spelling.
func EffortTier(name string) (string, bool) {
	want := compact(name)
	for _, tier := range EffortTiers() {
		if compact(tier) == want {
			return tier, true
		}
	}
	return "", false
}

// selectEffort selects an effort tier on a 2026 picker: its effort slider,
// or on 2026-06 Pro's own trigger (a disabled one leaves Pro to the
// slider, which falls back to the highest tier it offers). The 2025
// picker has no effort control: the effort is kept.
func (t *Transport) selectEffort(ctx context.Context, s *session, gen, tier string) messages.Choice {
	out := messages.Choice{Requested: tier, Outcome: "kept"}
	switch gen {
	case "2026-09", "2026-06":
		if err := t.openPicker(ctx, s, gen); err != nil {
			out.Reason = "the model picker did not open: " + err.Error()
			return out
		}
		if gen == "2026-06" && tier == "pro" && t.clickPro(ctx, s) {
			out.Outcome, out.Selected = "selected", "pro"
			return out
		}
	default:
		out.Reason = "the " + gen + " model picker has no effort control"
		return out
	}
	return t.setEffort(ctx, s, tier, out)
}

// clickPro clicks the 2026-06 picker's Pro trigger, if it is there and
// enabled (a rate-limited account has it disabled).
func (t *Transport) clickPro(ctx context.Context, s *session) bool {
	var ci clickInfo
	if err := s.call(ctx, 0, &ci, "center", clickSpec{Loc: "pickerPro"}); err != nil || !ci.Found || ci.Disabled {
		return false
	}
	return s.click(ctx, clickSpec{Loc: "pickerPro"}) == nil
}

// sliderInfo is the page helper's sliderState() answer.
type sliderInfo struct {
	Found  bool   `json:"found"`
	Effort string `json:"effort"`
	Now    int    `json:"now"`
	Min    int    `json:"min"`
	Max    int    `json:"max"`
	Text   string `json:"text"`
}

// setEffort moves the open picker's effort slider to tier with the arrow
// keys, reading the slider's effort value after each step. A tier the
// slider does not reach (Pro on a rate-limited account) falls back to the
// highest tier below it that the slider offers.
func (t *Transport) setEffort(ctx context.Context, s *session, tier string, out messages.Choice) messages.Choice {
	var sl sliderInfo
	if err := s.call(ctx, 0, &sl, "sliderState"); err != nil || !sl.Found {
		out.Reason = "no effort slider in the picker"
		return out
	}
	var focused bool
	if err := s.call(ctx, 0, &focused, "focus", clickSpec{Loc: "effortSlider"}); err != nil || !focused {
		out.Reason = "the effort slider cannot be focused"
		return out
	}
	want := slices.Index(EffortTiers(), tier)
	start := sl.Effort
	for steps := 0; steps <= len(EffortTiers()); steps++ {
		cur := slices.Index(EffortTiers(), sl.Effort)
		if cur < 0 {
			out.Reason = "the effort slider shows an unknown effort " + sl.Effort
			return out
		}
		if cur == want {
			break
		}
		key, code := "ArrowRight", int64(39)
		if cur > want {
			key, code = "ArrowLeft", 37
		}
		if err := s.key(ctx, key, code); err != nil {
			out.Reason = "the effort slider did not take the key: " + err.Error()
			return out
		}
		prev := sl.Effort
		if err := s.call(ctx, 0, &sl, "sliderState"); err != nil {
			out.Reason = "the effort slider went away: " + err.Error()
			return out
		}
		if sl.Effort == prev {
			break // the end of the slider
		}
	}
	got := slices.Index(EffortTiers(), sl.Effort)
	out.Selected = sl.Effort
	switch {
	case got == want && sl.Effort == start:
		out.Outcome = "already"
	case got == want:
		out.Outcome = "selected"
	case got < want:
		out.Outcome = "fallback"
		out.Reason = tier + " is not offered (rate-limited or not in the plan): the highest effort offered"
	default:
		out.Outcome = "fallback"
		out.Reason = tier + " is not offered: the lowest effort offered"
	}
	return out
}
