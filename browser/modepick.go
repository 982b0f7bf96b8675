package browser

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/wtagent/wtagent/browser/picker"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/session/event"
)

// selectModeIfDue selects Options.Mode and Options.Effort once per opened
// conversation and reports the outcome. A part asked for that could not
// be applied stops the send before anything is typed (see notApplied);
// the request is then due again for the next message.
func (t *Transport) selectModeIfDue(ctx context.Context, s *session) error {
	t.mu.Lock()
	due, mode, effort := t.mode, t.opts.Mode, t.opts.Effort
	t.mode = false
	t.mu.Unlock()
	if !due || mode == "" && effort == "" {
		return nil
	}
	pk := t.picker(s)
	res := pk.Select(ctx, mode, effort)
	err := notApplied(ctx, s, res, pk.Offered())
	if re := (*RequestError)(nil); errors.As(err, &re) {
		// Not "kept": the run stops with the usage error.
		res.Choice.Outcome = OutcomeNotOffered
	}
	t.opts.Logger.Info("mode selection", "picker", res.Picker, "outcome", res.String())
	if t.opts.OnMode != nil {
		t.opts.OnMode(res)
	}
	if err != nil {
		t.mu.Lock()
		t.mode = true
		t.mu.Unlock()
		return err
	}
	return nil
}

// OutcomeNotOffered is the outcome of a mode request that names nothing
// the page's picker offers (a RequestError): nothing was selected or sent.
const OutcomeNotOffered = "not offered"

// notApplied is the error of a request a part of which was not applied:
// a mode that names nothing on the picker is a RequestError listing what
// it offers (offered); a choice the picker has but cannot take now (every fitting
// one disabled) is a rate limit; a picker the adapter could not drive is
// an adapter error with what was looked for, a DOM snapshot and a
// screenshot. A fallback (a rate-limited choice replaced by the nearest
// one) is applied and reported, not an error.
func notApplied(ctx context.Context, s *session, res event.ModeSelected, offered []string) error {
	parts := []struct {
		name string
		c    *event.Choice
	}{{"mode", &res.Choice}, {"effort", res.Effort}}
	for _, p := range parts {
		c := p.c
		if c == nil || c.Requested == "" {
			continue
		}
		switch {
		case c.Outcome == "kept" && p.name == "mode" && len(offered) > 0:
			return failure(messages.FailRequest, &RequestError{Part: p.name, Requested: c.Requested, Picker: res.Picker, Offered: offered})
		case c.Outcome == "unavailable":
			return failure(messages.FailRateLimit, fmt.Errorf("%w: the %s %s cannot be selected on the ChatGPT picker now: %s", model.ErrRateLimit, p.name, c.Requested, c.Reason))
		case c.Outcome == "kept":
			return s.adapterError(ctx, "switcher", "select the requested "+p.name,
				fmt.Sprintf("asked for the %s %q on the %s picker; %s; nothing was sent", p.name, c.Requested, cmp.Or(res.Picker, "page's"), c.Reason))
		}
	}
	return nil
}

// RequestError is a mode request that names nothing the page's picker
// offers: a usage error, with the picker's own list.
type RequestError struct {
	Part, Requested, Picker string
	Offered                 []string
}

// Error implements error.
func (e *RequestError) Error() string {
	return fmt.Sprintf("%s: --%s %s: the ChatGPT picker (%s) offers no such %s; it offers: %s",
		model.ErrRequest, e.Part, e.Requested, e.Picker, e.Part, strings.Join(e.Offered, ", "))
}

// Unwrap returns model.ErrRequest.
func (e *RequestError) Unwrap() error { return model.ErrRequest }

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
