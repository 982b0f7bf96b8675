package browser

import (
	"context"
	"fmt"

	"github.com/wtagent/wtagent/messages"
)

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

// setEffort moves the open picker's effort slider to tier and reports
// the tier it ends on. A tier the slider does not reach (Pro on a
// rate-limited account) falls back to the nearest one it offers.
func (t *Transport) setEffort(ctx context.Context, s *session, tier string, out messages.Choice) messages.Choice {
	var sl sliderInfo
	if err := s.call(ctx, 0, &sl, "sliderState"); err != nil || !sl.Found {
		out.Reason = "no effort slider in the picker"
		return out
	}
	start, ok := sl.tier()
	if !ok {
		out.Reason = fmt.Sprintf("the picker shows an effort wtagent does not know (%q, stop %d of %d..%d)", sl.Effort, sl.Now, sl.Min, sl.Max)
		return out
	}
	if start != tier {
		var err error
		if sl, err = t.moveSlider(ctx, s, sl, tier); err != nil {
			out.Reason = "the effort slider did not move: " + err.Error()
			return out
		}
	}
	got, ok := sl.tier()
	if !ok {
		out.Reason = fmt.Sprintf("the effort slider shows an unknown effort %q", sl.Effort)
		return out
	}
	out.Selected = got
	want := tierIndex(tier)
	switch at := tierIndex(got); {
	case at == want && got == start:
		out.Outcome = "already"
	case at == want:
		out.Outcome = "selected"
	case at < want:
		out.Outcome = "fallback"
		out.Reason = tier + " is not offered (rate-limited or not in the plan): the highest effort offered"
	default:
		out.Outcome = "fallback"
		out.Reason = tier + " is not offered: the lowest effort offered"
	}
	return out
}
