package picker

import (
	"context"
	"fmt"

	"github.com/wtagent/wtagent/session/event"
)

// selectEffort selects an effort tier on a 2026 picker: its effort slider,
// or on 2026-06 Pro's own trigger (a disabled one leaves Pro to the
// slider, which falls back to the highest tier it offers). The 2025
// picker has no effort control: the effort is kept.
func (pk *Picker) selectEffort(ctx context.Context, gen, tier string) event.Choice {
	out := event.Choice{Requested: tier, Outcome: "kept"}
	switch gen {
	case "2026-09", "2026-06":
		if err := pk.openPicker(ctx, gen); err != nil {
			out.Reason = "the model picker did not open: " + err.Error()
			return out
		}
		if gen == "2026-06" && tier == "pro" && pk.clickPro(ctx) {
			out.Outcome, out.Selected = "selected", "pro"
			return out
		}
	default:
		out.Reason = "the " + gen + " model picker has no effort control"
		return out
	}
	return pk.setEffort(ctx, tier, out)
}

// clickPro clicks the 2026-06 picker's Pro trigger, if it is there and
// enabled (a rate-limited account has it disabled).
func (pk *Picker) clickPro(ctx context.Context) bool {
	var ci struct {
		Found    bool `json:"found"`
		Disabled bool `json:"disabled"`
	}
	if err := pk.page.Call(ctx, &ci, "center", Target{Loc: "pickerPro"}); err != nil || !ci.Found || ci.Disabled {
		return false
	}
	return pk.page.Click(ctx, Target{Loc: "pickerPro"}) == nil
}

// setEffort moves the open picker's effort slider to tier and reports
// the tier it ends on. A tier the slider does not reach (Pro on a
// rate-limited account) falls back to the nearest one it offers.
func (pk *Picker) setEffort(ctx context.Context, tier string, out event.Choice) event.Choice {
	var sl Slider
	if err := pk.page.Call(ctx, &sl, "sliderState"); err != nil || !sl.Found {
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
		if sl, err = pk.moveSlider(ctx, sl, tier); err != nil {
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
