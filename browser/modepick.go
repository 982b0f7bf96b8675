package browser

import (
	"context"
	"time"

	"github.com/wtagent/wtagent/browser/picker"
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
	res := t.picker(s).Select(ctx, mode, effort)
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

// picker returns the model picker of the session's page.
func (t *Transport) picker(s *session) *picker.Picker {
	return picker.New(pickerPage{s}, t.opts.Logger, t.opts.StepTimeout)
}

// pickerPage is the session as the picker's Page.
type pickerPage struct{ s *session }

func (p pickerPage) Call(ctx context.Context, out any, fn string, args ...any) error {
	return p.s.call(ctx, 0, out, fn, args...)
}

func (p pickerPage) Click(ctx context.Context, t picker.Target) error {
	return p.s.click(ctx, clickSpec{Loc: t.Loc, Item: t.Item})
}

func (p pickerPage) Hover(ctx context.Context, t picker.Target) error {
	return p.s.hover(ctx, clickSpec{Loc: t.Loc, Item: t.Item})
}

func (p pickerPage) ClickAt(ctx context.Context, x, y float64) error { return p.s.clickAt(ctx, x, y) }

func (p pickerPage) Key(ctx context.Context, key string, code int64) error {
	return p.s.key(ctx, key, code)
}

func (p pickerPage) Snap(ctx context.Context) (picker.Snap, error) {
	snap, err := p.s.snap(ctx)
	return pickerSnap(snap), err
}

func (p pickerPage) WaitSnap(ctx context.Context, d time.Duration, ok func(picker.Snap) bool) error {
	_, err := p.s.waitSnap(ctx, d, func(snap pageSnap) bool { return ok(pickerSnap(snap)) })
	return err
}

// pickerSnap is the part of a page state the picker reads.
func pickerSnap(p pageSnap) picker.Snap {
	out := picker.Snap{Switcher: p.Switcher}
	if p.Thread.LastAssistant != nil {
		out.LastSlug = p.Thread.LastAssistant.Slug
	}
	return out
}
