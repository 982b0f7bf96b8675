package picker

import (
	"cmp"
	"context"
	"fmt"

	"github.com/wtagent/wtagent/session/event"
)

// selectRow selects (mode, effort) on the 2026-11 menu with one row (see
// chooseRow). It answers false, having closed what it opened, when the
// trigger opened the 2026-09 panes instead: the caller selects there.
func (pk *Picker) selectRow(ctx context.Context, out event.ModeSelected, mode, effort string) (bool, event.ModeSelected) {
	fail := func(reason string) (bool, event.ModeSelected) {
		pk.log.Warn("mode selection: keeping the current mode", "reason", reason)
		for _, c := range []*event.Choice{&out.Choice, out.Effort} {
			if c != nil && c.Requested != "" {
				c.Reason = reason
			}
		}
		return true, out
	}
	failAs := func(outcome, reason string) (bool, event.ModeSelected) {
		for _, c := range []*event.Choice{&out.Choice, out.Effort} {
			if c != nil && c.Requested != "" {
				c.Outcome = outcome
			}
		}
		return fail(reason)
	}
	if err := pk.openPicker(ctx, "2026-11"); err != nil {
		return fail("the model picker did not open: " + err.Error())
	}
	defer pk.closeMenus(ctx)
	var ps pickerState
	if err := pk.page.Call(ctx, &ps, "pickerState"); err == nil && ps.Panes > 0 {
		pk.closeMenus(ctx)
		return false, out
	}
	var list menuList
	if err := pk.page.Call(ctx, &list, "menuItems"); err != nil {
		return fail("the model menu could not be read: " + err.Error())
	}
	model, tier := mode, effort
	if t, ok := EffortTier(mode); ok {
		model = "" // the mode names an effort tier (--mode pro)
		if tier == "" {
			tier = t
		}
	}
	d := chooseRow(model, tier, list.Items)
	switch {
	case !d.Found && model != "":
		pk.offered = offered(list.Items)
		return fail("no model on the picker matches " + mode)
	case !d.Found:
		return fail("the model menu shows no current choice to keep the model of")
	case d.Target == nil:
		return failAs("unavailable", cmp.Or(d.Reason, "nothing the request names is enabled on the picker (rate-limited or not in the plan)"))
	}
	row := *d.Target
	if !row.Checked {
		idx := row.Index
		if err := pk.page.Click(ctx, Target{Item: &idx}); err != nil {
			return fail("the press on the row " + row.name() + " " + row.Effort + " failed: " + err.Error())
		}
		if row.Effort != "" {
			err := pk.page.WaitSnap(ctx, pk.step, func(p Snap) bool { return p.Switcher != nil && p.Switcher.Effort == row.Effort })
			if err != nil {
				return fail(fmt.Sprintf("pressed the row %s %s, but the trigger does not show the effort %s", row.name(), row.Effort, row.Effort))
			}
		}
	}
	tierGot := rowTier(row)
	if mode != "" && model == "" {
		out.Choice = event.Choice{Requested: mode, Outcome: d.Effort, Selected: tierGot, Reason: d.Reason}
	} else if mode != "" {
		out.Choice.Outcome, out.Choice.Selected = d.Model, row.name()
	}
	if effort != "" {
		out.Effort.Outcome, out.Effort.Selected, out.Effort.Reason = d.Effort, tierGot, d.Reason
	}
	return true, out
}
