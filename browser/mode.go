package browser

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/wtagent/wtagent/messages"
)

// selectModeIfDue selects Options.Mode and Options.Effort once per opened
// conversation and reports the outcome. It never fails the send: a mode
// or effort it cannot select keeps the current one.
func (t *Transport) selectModeIfDue(ctx context.Context, s *session) {
	t.mu.Lock()
	due, mode, effort := t.mode, t.opts.Mode, t.opts.Effort
	t.mode = false
	t.mu.Unlock()
	if !due || mode == "" && effort == "" {
		return
	}
	res := t.selectMode(ctx, s, mode, effort)
	t.opts.Logger.Info("mode selection", "picker", res.Picker, "outcome", res.String())
	if t.opts.OnMode != nil {
		t.opts.OnMode(res)
	}
}

// SetMode asks for another mode and effort, selected before the next
// message (the user's /mode or /effort between runs).
func (t *Transport) SetMode(mode, effort string) {
	t.mu.Lock()
	t.opts.Mode, t.opts.Effort, t.mode = mode, effort, true
	t.mu.Unlock()
}

// menuList is the page helper's menuItems() answer.
type menuList struct {
	Menus int        `json:"menus"`
	Items []menuItem `json:"items"`
}

// selectMode selects the requested (mode, effort) on the page's model
// picker, of whichever generation the page shows: the model first, then
// the effort. An empty part is not asked for.
func (t *Transport) selectMode(ctx context.Context, s *session, mode, effort string) messages.ModeSelected {
	var out messages.ModeSelected
	if mode != "" {
		out.Choice = messages.Choice{Requested: mode, Outcome: "kept"}
	}
	if effort != "" {
		out.Effort = &messages.Choice{Requested: effort, Outcome: "kept"}
	}
	keep := func(reason string) messages.ModeSelected {
		t.opts.Logger.Warn("mode selection: keeping the current mode", "reason", reason)
		for _, c := range []*messages.Choice{&out.Choice, out.Effort} {
			if c != nil && c.Requested != "" {
				c.Reason = reason
			}
		}
		return out
	}
	p, err := s.snap(ctx)
	if err != nil {
		return keep("the page state could not be read: " + err.Error())
	}
	if p.Switcher == nil {
		return keep("no model picker on the page")
	}
	out.Picker = p.Switcher.Gen
	if mode != "" {
		out.Choice = t.selectModel(ctx, s, p, out.Choice)
		t.closeMenus(ctx, s)
	}
	if effort != "" {
		c := t.selectEffort(ctx, s, p.Switcher.Gen, effort)
		out.Effort = &c
		t.closeMenus(ctx, s)
	}
	return out
}

// selectModel selects the mode part of a request.
func (t *Transport) selectModel(ctx context.Context, s *session, p pageSnap, out messages.Choice) messages.Choice {
	switch p.Switcher.Gen {
	case "2026-09":
		return t.selectIntelligence(ctx, s, out)
	case "2026-06":
		return t.selectFromPill(ctx, s, out)
	}
	return t.selectFromMenu(ctx, s, p, out)
}

// selectFromMenu selects on the 2025 model-switcher menu: the requested
// item by its stable slot, opening nested submenus.
func (t *Transport) selectFromMenu(ctx context.Context, s *session, p pageSnap, out messages.Choice) messages.Choice {
	req := out.Requested
	lastSlug := ""
	if p.Thread.LastAssistant != nil {
		lastSlug = p.Thread.LastAssistant.Slug
	}
	if alreadyOn(req, p.Switcher, lastSlug) {
		out.Outcome, out.Selected = "already", firstLine(p.Switcher.Label)
		return out
	}
	for attempt := 0; attempt < 2; attempt++ {
		list, err := t.openSwitcher(ctx, s)
		if err != nil {
			t.opts.Logger.Warn("mode selection: open the switcher", "err", err)
			out.Reason = "the model menu did not open: " + err.Error()
			return out
		}
		if len(list.Items) == 0 {
			t.closeMenus(ctx, s) // an empty render: retry once
			continue
		}
		dec := chooseMode(req, list.Items)
		for i := 0; !dec.Found && i < len(list.Items); i++ {
			it := list.Items[i]
			if !it.Sub || it.Menu != 0 {
				continue
			}
			sub, err := t.openSubmenu(ctx, s, it)
			if err != nil {
				t.opts.Logger.Debug("mode selection: submenu", "label", it.Label, "err", err)
				continue
			}
			dec = chooseMode(req, sub)
		}
		return t.applyDecision(ctx, s, dec, p.Switcher.Label, out)
	}
	out.Reason = "the model menu stayed empty"
	return out
}

// applyDecision clicks the chosen item of a model list and reports it.
func (t *Transport) applyDecision(ctx context.Context, s *session, dec modeDecision, before string, out messages.Choice) messages.Choice {
	if !dec.Found {
		t.opts.Logger.Warn("mode selection: no model matches; keeping the current mode", "requested", out.Requested)
		out.Reason = "no model on the picker matches " + out.Requested
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
	if err := s.click(ctx, clickSpec{Item: &idx}); err != nil {
		t.opts.Logger.Warn("mode selection: click", "err", err)
		return messages.Choice{Requested: out.Requested, Outcome: "kept", Reason: "the click on " + out.Selected + " failed: " + err.Error()}
	}
	t.awaitModeApplied(ctx, s, before)
	return out
}

// selectFromPill selects on the 2026-06 picker: the pill opens the
// intelligence content; Pro is its Pro trigger, another effort tier a
// position of its slider, everything else (and Pro when the trigger is
// disabled) a row of its Advanced view.
func (t *Transport) selectFromPill(ctx context.Context, s *session, out messages.Choice) messages.Choice {
	tier, isTier := EffortTier(out.Requested)
	if isTier && tier != "pro" {
		return asRequested(t.selectEffort(ctx, s, "2026-06", tier), out.Requested)
	}
	if err := t.openPicker(ctx, s, "2026-06"); err != nil {
		out.Reason = "the model picker did not open: " + err.Error()
		return out
	}
	// Pro has its own trigger; a disabled one (rate-limited) leaves the
	// choice to the model list's fallback.
	if isTier && t.clickPro(ctx, s) {
		out.Outcome, out.Selected = "selected", "pro"
		return out
	}
	list, err := t.openModelList(ctx, s, "pickerAdvanced")
	if err != nil {
		out.Reason = "the picker's Advanced view did not open: " + err.Error()
		return out
	}
	return t.applyDecision(ctx, s, chooseMode(out.Requested, list.Items), "", out)
}

// selectIntelligence selects on the 2026-09 picker: a model on the
// advanced pane, or Pro (and the other effort tiers) on the simple pane's
// power slider.
func (t *Transport) selectIntelligence(ctx context.Context, s *session, out messages.Choice) messages.Choice {
	if tier, ok := EffortTier(out.Requested); ok {
		return asRequested(t.selectEffort(ctx, s, "2026-09", tier), out.Requested)
	}
	if err := t.openPicker(ctx, s, "2026-09"); err != nil {
		out.Reason = "the model picker did not open: " + err.Error()
		return out
	}
	var ps pickerState
	if err := s.call(ctx, 0, &ps, "pickerState"); err == nil && !ps.Toggle {
		out.Reason = "the picker offers only the effort slider (standard Chat): no model to choose"
		return out
	}
	list, err := t.openModelList(ctx, s, "pickerToggle")
	if err != nil {
		out.Reason = "the picker's advanced pane did not open: " + err.Error()
		return out
	}
	return t.applyDecision(ctx, s, chooseMode(out.Requested, list.Items), "", out)
}

// asRequested reports c as the answer to a request spelled req (a mode
// naming an effort tier: "Extra high" for extra-high).
func asRequested(c messages.Choice, req string) messages.Choice {
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
func (t *Transport) openPicker(ctx context.Context, s *session, gen string) error {
	if err := s.click(ctx, clickSpec{Loc: "switcher"}); err != nil {
		return err
	}
	open := func(p pickerState) bool { return p.Content }
	if gen == "2026-09" {
		open = func(p pickerState) bool { return p.Panes > 0 }
	}
	return t.waitPicker(ctx, s, open)
}

// waitPicker polls the picker until ok, for a few seconds.
func (t *Transport) waitPicker(ctx context.Context, s *session, ok func(pickerState) bool) error {
	deadline := time.Now().Add(5 * time.Second)
	for {
		var p pickerState
		if err := s.call(ctx, 0, &p, "pickerState"); err != nil {
			return err
		}
		if ok(p) {
			return nil
		}
		if time.Now().After(deadline) {
			return errors.New("the picker did not show the expected view")
		}
		if err := s.sleep(ctx, 60*time.Millisecond); err != nil {
			return err
		}
	}
}

// openModelList clicks the control (a locator) that shows the picker's
// model list and waits for its items.
func (t *Transport) openModelList(ctx context.Context, s *session, control string) (menuList, error) {
	var list menuList
	if err := s.click(ctx, clickSpec{Loc: control}); err != nil {
		return list, fmt.Errorf("%s: %w", control, err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		if err := s.call(ctx, 0, &list, "menuItems"); err != nil {
			return list, err
		}
		if len(list.Items) > 0 {
			return list, nil
		}
		if time.Now().After(deadline) {
			return list, errors.New("no model listed")
		}
		if err := s.sleep(ctx, 60*time.Millisecond); err != nil {
			return list, err
		}
	}
}

// openSwitcher clicks the switcher and waits for its (async portal) menu
// to list items and stop moving.
func (t *Transport) openSwitcher(ctx context.Context, s *session) (menuList, error) {
	var list menuList
	if err := s.click(ctx, clickSpec{Loc: "switcher"}); err != nil {
		return list, err
	}
	deadline := time.Now().Add(3 * time.Second)
	for {
		if err := s.call(ctx, 0, &list, "menuItems"); err != nil {
			return list, err
		}
		if len(list.Items) > 0 || time.Now().After(deadline) {
			break
		}
		if err := s.sleep(ctx, 60*time.Millisecond); err != nil {
			return list, err
		}
	}
	if len(list.Items) == 0 {
		return list, nil
	}
	var stable bool
	if err := s.call(ctx, 0, &stable, "menuStable", 1500); err != nil {
		return list, err
	}
	err := s.call(ctx, 0, &list, "menuItems")
	return list, err
}

// openSubmenu opens a nested menu by moving the pointer over its trigger
// (clicking it when hovering does nothing) and returns the new items.
func (t *Transport) openSubmenu(ctx context.Context, s *session, trigger menuItem) ([]menuItem, error) {
	var list menuList
	if err := s.call(ctx, 0, &list, "menuItems"); err != nil {
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
		func() error { return s.hover(ctx, clickSpec{Item: &idx}) },
		func() error { return s.click(ctx, clickSpec{Item: &idx}) },
	} {
		if err := open(); err != nil {
			return nil, err
		}
		deadline := time.Now().Add(1500 * time.Millisecond)
		for time.Now().Before(deadline) {
			if err := s.call(ctx, 0, &list, "menuItems"); err != nil {
				return nil, err
			}
			if list.Menus > base {
				var stable bool
				_ = s.call(ctx, 0, &stable, "menuStable", 1000)
				if err := s.call(ctx, 0, &list, "menuItems"); err != nil {
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
			if err := s.sleep(ctx, 60*time.Millisecond); err != nil {
				return nil, err
			}
		}
	}
	return nil, errNoTarget
}

// awaitModeApplied waits briefly for the switcher's label to change.
func (t *Transport) awaitModeApplied(ctx context.Context, s *session, before string) {
	_, err := s.waitSnap(ctx, 3*time.Second, func(p pageSnap) bool {
		return p.Switcher != nil && p.Switcher.Label != before
	})
	if err != nil {
		t.opts.Logger.Debug("mode selection: the switcher label did not change", "err", err)
	}
}

// closeMenus presses Escape until no menu is open.
func (t *Transport) closeMenus(ctx context.Context, s *session) {
	for i := 0; i < 3; i++ {
		var n int
		if err := s.call(ctx, 0, &n, "menus"); err != nil || n == 0 {
			return
		}
		_ = s.key(ctx, "Escape", 27)
		_ = s.sleep(ctx, 80*time.Millisecond)
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
