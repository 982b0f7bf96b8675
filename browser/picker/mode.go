package picker

import (
	"context"
	"fmt"
	"time"

	"github.com/wtagent/wtagent/session/event"
)

// menuList is the page helper's menuItems() answer.
type menuList struct {
	Menus int        `json:"menus"`
	Items []menuItem `json:"items"`
}

// Select selects the requested (mode, effort) on the page's model
// picker, of whichever generation the page shows: the model first, then
// the effort (on 2026-11 both with one row). An empty part is not asked
// for. It never fails: a mode or effort it cannot select keeps the
// current one, the outcome says why, and a mode that names nothing on
// the picker lists what it offers (Offered); the caller decides
// whether a part kept stops the run.
func (pk *Picker) Select(ctx context.Context, mode, effort string) event.ModeSelected {
	var out event.ModeSelected
	if mode != "" {
		out.Choice = event.Choice{Requested: mode, Outcome: "kept"}
	}
	if effort != "" {
		out.Effort = &event.Choice{Requested: effort, Outcome: "kept"}
	}
	keep := func(reason string) event.ModeSelected {
		pk.log.Warn("mode selection: keeping the current mode", "reason", reason)
		for _, c := range []*event.Choice{&out.Choice, out.Effort} {
			if c != nil && c.Requested != "" {
				c.Reason = reason
			}
		}
		return out
	}
	p, err := pk.page.Snap(ctx)
	if err != nil {
		return keep("the page state could not be read: " + err.Error())
	}
	if p.Switcher == nil {
		return keep("no model picker on the page")
	}
	out.Picker = p.Switcher.Gen
	if p.Switcher.Gen == "2026-11" {
		done, res := pk.selectRow(ctx, out, mode, effort)
		if done {
			return res
		}
		p.Switcher.Gen, out.Picker = "2026-09", "2026-09" // the trigger opened the 2026-09 panes
	}
	if mode != "" {
		out.Choice = pk.selectModel(ctx, p, out.Choice)
		pk.closeMenus(ctx)
	}
	if effort != "" {
		c := pk.selectEffort(ctx, p.Switcher.Gen, effort)
		out.Effort = &c
		pk.closeMenus(ctx)
	}
	return out
}

// selectModel selects the mode part of a request.
func (pk *Picker) selectModel(ctx context.Context, p Snap, out event.Choice) event.Choice {
	switch p.Switcher.Gen {
	case "2026-09":
		return pk.selectIntelligence(ctx, out)
	case "2026-06":
		return pk.selectFromPill(ctx, out)
	}
	return pk.selectFromMenu(ctx, p, out)
}

// selectFromMenu selects on the 2025 model-switcher menu: the requested
// item by its stable slot, opening nested submenus.
func (pk *Picker) selectFromMenu(ctx context.Context, p Snap, out event.Choice) event.Choice {
	req := out.Requested
	if alreadyOn(req, p.Switcher, p.LastSlug) {
		out.Outcome, out.Selected = "already", firstLine(p.Switcher.Label)
		return out
	}
	for attempt := 0; attempt < 2; attempt++ {
		list, err := pk.openSwitcher(ctx)
		if err != nil {
			pk.log.Warn("mode selection: open the switcher", "err", err)
			out.Reason = "the model menu did not open: " + err.Error()
			return out
		}
		if len(list.Items) == 0 {
			pk.closeMenus(ctx) // an empty render: retry once
			continue
		}
		dec := chooseMode(req, list.Items)
		for i := 0; !dec.Found && i < len(list.Items); i++ {
			it := list.Items[i]
			if !it.Sub || it.Menu != 0 {
				continue
			}
			sub, err := pk.openSubmenu(ctx, it)
			if err != nil {
				pk.log.Debug("mode selection: submenu", "label", it.Label, "err", err)
				continue
			}
			dec = chooseMode(req, sub)
		}
		return pk.applyDecision(ctx, dec, p.Switcher.Label, out, list.Items)
	}
	out.Reason = "the model menu stayed empty"
	return out
}

// applyDecision clicks the chosen item of a model list and reports it; a
// request that matches nothing lists the models of items (the top menu's).
func (pk *Picker) applyDecision(ctx context.Context, dec modeDecision, before string, out event.Choice, items []menuItem) event.Choice {
	if !dec.Found {
		pk.log.Warn("mode selection: no model matches; keeping the current mode", "requested", out.Requested)
		out.Reason = "no model on the picker matches " + out.Requested
		pk.offered = offered(items)
		return out
	}
	out.Outcome = dec.Outcome
	if dec.Chosen != nil {
		out.Selected = dec.Chosen.name()
	}
	switch dec.Outcome {
	case "fallback":
		out.Reason = out.Requested + " is not available (rate-limited or not in the plan): the nearest available choice before it"
	case "unavailable":
		out.Reason = out.Requested + " is not available and no choice before it is"
	}
	if dec.Click == nil {
		return out
	}
	idx := dec.Click.Index
	if err := pk.page.Click(ctx, Target{Item: &idx}); err != nil {
		pk.log.Warn("mode selection: click", "err", err)
		return event.Choice{Requested: out.Requested, Outcome: "kept", Reason: "the click on " + out.Selected + " failed: " + err.Error()}
	}
	pk.awaitModeApplied(ctx, before)
	return out
}

// selectFromPill selects on the 2026-06 picker: the pill opens the
// intelligence content; Pro is its Pro trigger, another effort tier a
// position of its slider, everything else (and Pro when the trigger is
// disabled) a row of its Advanced view.
func (pk *Picker) selectFromPill(ctx context.Context, out event.Choice) event.Choice {
	tier, isTier := EffortTier(out.Requested)
	if isTier && tier != "pro" {
		return asRequested(pk.selectEffort(ctx, "2026-06", tier), out.Requested)
	}
	if err := pk.openPicker(ctx, "2026-06"); err != nil {
		out.Reason = "the model picker did not open: " + err.Error()
		return out
	}
	// Pro has its own trigger; a disabled one (rate-limited) leaves the
	// choice to the model list's fallback.
	if isTier && pk.clickPro(ctx) {
		out.Outcome, out.Selected = "selected", "pro"
		return out
	}
	list, err := pk.openModelList(ctx, "pickerAdvanced")
	if err != nil {
		out.Reason = "the picker's Advanced view did not open: " + err.Error()
		return out
	}
	return pk.applyDecision(ctx, chooseMode(out.Requested, list.Items), "", out, list.Items)
}

// selectIntelligence selects on the 2026-09 picker: a model on the
// advanced pane, or Pro (and the other effort tiers) on the simple pane's
// power slider.
func (pk *Picker) selectIntelligence(ctx context.Context, out event.Choice) event.Choice {
	if tier, ok := EffortTier(out.Requested); ok {
		return asRequested(pk.selectEffort(ctx, "2026-09", tier), out.Requested)
	}
	if err := pk.openPicker(ctx, "2026-09"); err != nil {
		out.Reason = "the model picker did not open: " + err.Error()
		return out
	}
	var ps pickerState
	if err := pk.page.Call(ctx, &ps, "pickerState"); err == nil && !ps.Toggle {
		out.Reason = "the picker offers only the effort slider (standard Chat): no model to choose"
		return out
	}
	list, err := pk.openModelList(ctx, "pickerToggle")
	if err != nil {
		out.Reason = "the picker's advanced pane did not open: " + err.Error()
		return out
	}
	return pk.applyDecision(ctx, chooseMode(out.Requested, list.Items), "", out, list.Items)
}

// asRequested reports c as the answer to a request spelled req (a mode
// naming an effort tier: "Extra high" for extra-high).
func asRequested(c event.Choice, req string) event.Choice {
	c.Requested = req
	return c
}

// pickerState is the page helper's pickerState() answer.
type pickerState struct {
	Content bool   `json:"content"`
	Panes   int    `json:"panes"`
	Active  string `json:"active"`
	Slider  bool   `json:"slider"`
	// Toggle: the 2026-09 picker has a model list (a slider-only one has
	// not).
	Toggle bool `json:"toggle"`
}

// openPicker clicks the trigger of the gen picker (2026-06 or 2026-09)
// and waits until it shows its choices: the 2026-09 panes, the 2026-06
// intelligence content.
func (pk *Picker) openPicker(ctx context.Context, gen string) error {
	if err := pk.page.Click(ctx, Target{Loc: "switcher"}); err != nil {
		return err
	}
	switch gen {
	case "2026-09":
		return pk.waitPicker(ctx, "panes")
	case "2026-11":
		return pk.waitPicker(ctx, "opened")
	}
	return pk.waitPicker(ctx, "content")
}

// waitPicker waits until the picker shows the view kind ("content",
// "panes" or "opened"; see waitView).
func (pk *Picker) waitPicker(ctx context.Context, kind string) error {
	v, err := pk.waitView(ctx, kind)
	if err != nil {
		return err
	}
	if !v.OK {
		return fmt.Errorf("the picker did not show the expected view within %s", pk.step)
	}
	return nil
}

// openModelList clicks the control (a locator) that shows the picker's
// model list and waits for its items.
func (pk *Picker) openModelList(ctx context.Context, control string) (menuList, error) {
	if err := pk.page.Click(ctx, Target{Loc: control}); err != nil {
		return menuList{}, fmt.Errorf("%s: %w", control, err)
	}
	v, err := pk.waitView(ctx, "items")
	if err != nil {
		return v.List, err
	}
	if !v.OK {
		return v.List, fmt.Errorf("no model listed within %s", pk.step)
	}
	return v.List, nil
}

// openSwitcher clicks the switcher and waits for its (async portal) menu
// to list items and stop moving; a menu that lists none within the step
// gives an empty list.
func (pk *Picker) openSwitcher(ctx context.Context) (menuList, error) {
	if err := pk.page.Click(ctx, Target{Loc: "switcher"}); err != nil {
		return menuList{}, err
	}
	v, err := pk.waitView(ctx, "items")
	if err != nil || !v.OK {
		return v.List, err
	}
	var list menuList
	var stable bool
	if err := pk.page.Call(ctx, &stable, "menuStable", 1500); err != nil {
		return list, err
	}
	err = pk.page.Call(ctx, &list, "menuItems")
	return list, err
}

// openSubmenu opens a nested menu by moving the pointer over its trigger
// (clicking it when hovering does nothing) and returns the new items.
func (pk *Picker) openSubmenu(ctx context.Context, trigger menuItem) ([]menuItem, error) {
	var list menuList
	if err := pk.page.Call(ctx, &list, "menuItems"); err != nil {
		return nil, err
	}
	base := list.Menus
	idx := -1
	for _, it := range list.Items {
		if it.Sub && it.slot() == trigger.slot() && it.Label == trigger.Label {
			idx = it.Index
		}
	}
	if idx < 0 {
		return nil, errNoTarget
	}
	for _, open := range []func() error{
		func() error { return pk.page.Hover(ctx, Target{Item: &idx}) },
		func() error { return pk.page.Click(ctx, Target{Item: &idx}) },
	} {
		if err := open(); err != nil {
			return nil, err
		}
		v, err := pk.waitCount(ctx, "submenu", base, submenuWait)
		if err != nil {
			return nil, err
		}
		if !v.OK {
			continue
		}
		var stable bool
		_ = pk.page.Call(ctx, &stable, "menuStable", 1000)
		if err := pk.page.Call(ctx, &list, "menuItems"); err != nil {
			return nil, err
		}
		var sub []menuItem
		for _, it := range list.Items {
			if it.Menu >= base {
				sub = append(sub, it)
			}
		}
		return sub, nil
	}
	return nil, errNoTarget
}

// awaitModeApplied waits briefly for the switcher's label to change.
func (pk *Picker) awaitModeApplied(ctx context.Context, before string) {
	err := pk.page.WaitSnap(ctx, 3*time.Second, func(p Snap) bool {
		return p.Switcher != nil && p.Switcher.Label != before
	})
	if err != nil {
		pk.log.Debug("mode selection: the switcher label did not change", "err", err)
	}
}

// closeMenus presses Escape until no menu is open, each time waiting for
// one to close; a page that keeps its menus open through an Escape is
// left as it is.
func (pk *Picker) closeMenus(ctx context.Context) {
	for i := 0; i < 3; i++ {
		var n int
		if err := pk.page.Call(ctx, &n, "menus"); err != nil || n == 0 {
			return
		}
		if pk.page.Key(ctx, "Escape", 27) != nil {
			return
		}
		if v, err := pk.waitCount(ctx, "closed", n, closeWait); err != nil || !v.OK {
			return
		}
	}
}

func firstLine(s string) string {
	for i, r := range s {
		if r == '\n' {
			return s[:i]
		}
	}
	return s
}
