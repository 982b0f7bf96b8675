package browser

import (
	"context"
	"time"

	"github.com/wtagent/wtagent/messages"
)

// selectModeIfDue selects Options.Mode once per opened conversation and
// reports the outcome. It never fails the send: a mode it cannot select
// keeps the current one.
func (t *Transport) selectModeIfDue(ctx context.Context, s *session) {
	t.mu.Lock()
	due, mode := t.mode, t.opts.Mode
	t.mode = false
	t.mu.Unlock()
	if !due || mode == "" {
		return
	}
	res := t.selectMode(ctx, s)
	t.opts.Logger.Info("mode selection", "requested", res.Requested, "outcome", res.Outcome, "selected", res.Selected)
	if t.opts.OnMode != nil {
		t.opts.OnMode(res)
	}
}

// SetMode asks for another mode, selected before the next message (the
// user's /mode between runs).
func (t *Transport) SetMode(mode string) {
	t.mu.Lock()
	t.opts.Mode, t.mode = mode, true
	t.mu.Unlock()
}

// menuList is the page helper's menuItems() answer.
type menuList struct {
	Menus int        `json:"menus"`
	Items []menuItem `json:"items"`
}

// selectMode opens the model switcher, finds the requested mode by its
// stable slot (opening nested submenus), and clicks it or its fallback.
func (t *Transport) selectMode(ctx context.Context, s *session) messages.ModeSelected {
	req := t.opts.Mode
	out := messages.ModeSelected{Requested: req, Outcome: "kept"}
	p, err := s.snap(ctx)
	if err != nil {
		t.opts.Logger.Warn("mode selection: page state", "err", err)
		return out
	}
	if p.Switcher == nil {
		t.opts.Logger.Warn("mode selection: no model switcher on the page; keeping the current mode")
		return out
	}
	lastSlug := ""
	if p.Thread.LastAssistant != nil {
		lastSlug = p.Thread.LastAssistant.Slug
	}
	if alreadyOn(req, p.Switcher, lastSlug) {
		out.Outcome, out.Selected = "already", firstLine(p.Switcher.Label)
		return out
	}
	defer t.closeMenus(ctx, s)
	for attempt := 0; attempt < 2; attempt++ {
		list, err := t.openSwitcher(ctx, s)
		if err != nil {
			t.opts.Logger.Warn("mode selection: open the switcher", "err", err)
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
		if !dec.Found {
			t.opts.Logger.Warn("mode selection: no menu item matches; keeping the current mode", "requested", req)
			return out
		}
		out.Outcome = dec.Outcome
		if dec.Chosen != nil {
			out.Selected = dec.Chosen.name()
		}
		if dec.Click != nil {
			before := p.Switcher.Label
			idx := dec.Click.Index
			if err := s.click(ctx, clickSpec{Item: &idx}); err != nil {
				t.opts.Logger.Warn("mode selection: click", "err", err)
				out.Outcome, out.Selected = "kept", ""
				return out
			}
			t.awaitModeApplied(ctx, s, before)
		}
		return out
	}
	return out
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
