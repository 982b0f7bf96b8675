package browser

import (
	"context"
	"slices"

	"github.com/wtagent/wtagent/messages"
)

// effortTiers are the 2026 pickers' effort tiers, lowest first (the
// values of data-selected-reasoning-effort).
func effortTiers() []string { return []string{"light", "standard", "extended", "extra-high", "pro"} }

// effortTier reports whether a requested mode names an effort tier (pro,
// extra-high…) rather than a model.
func effortTier(req string) (string, bool) {
	want := compact(req)
	for _, tier := range effortTiers() {
		if compact(tier) == want {
			return tier, true
		}
	}
	return "", false
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
func (t *Transport) setEffort(ctx context.Context, s *session, tier string, out messages.ModeSelected) messages.ModeSelected {
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
	want := slices.Index(effortTiers(), tier)
	start := sl.Effort
	for steps := 0; steps <= len(effortTiers()); steps++ {
		cur := slices.Index(effortTiers(), sl.Effort)
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
	got := slices.Index(effortTiers(), sl.Effort)
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
