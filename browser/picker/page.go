package picker

import (
	"context"
	"errors"
	"time"

	"charm.land/log/v2"
)

// Page is what the picker needs of the ChatGPT tab: the page helper's
// calls and trusted input. The adapter's session implements it.
type Page interface {
	// Call runs the page helper's fn(args...) (one step) and decodes its
	// answer into out.
	Call(ctx context.Context, out any, fn string, args ...any) error
	// Click clicks the target with trusted mouse events.
	Click(ctx context.Context, t Target) error
	// Hover moves the pointer over the target.
	Hover(ctx context.Context, t Target) error
	// ClickAt clicks the viewport point (x, y) with trusted mouse events.
	ClickAt(ctx context.Context, x, y float64) error
	// Key presses and releases one key (Escape, arrows) with no char event.
	Key(ctx context.Context, key string, code int64) error
	// Snap reads the page state the picker needs.
	Snap(ctx context.Context) (Snap, error)
	// WaitSnap polls the page state until ok accepts it or d passes.
	WaitSnap(ctx context.Context, d time.Duration, ok func(Snap) bool) error
}

// Target is a click target for the page helper's center(): a locator
// name or a menu item's index.
type Target struct {
	Loc  string `json:"loc,omitempty"`
	Item *int   `json:"item,omitempty"`
}

// Snap is the part of the page state the picker reads.
type Snap struct {
	// Switcher is the model picker's trigger (nil: none on the page).
	Switcher *Switcher
	// LastSlug is the model slug of the last reply on the page.
	LastSlug string
}

// Switcher is the model picker's trigger, as the page helper's snap()
// reports it.
type Switcher struct {
	Label   string `json:"label"`
	Current string `json:"current"`
	Aria    string `json:"aria"`
	// Gen is the picker generation: 2025, 2026-06 or 2026-09.
	Gen string `json:"gen"`
	// Effort is the trigger's data-selected-reasoning-effort (2026-09).
	Effort string `json:"effort"`
}

// NamesModel is true when the trigger names the model (the 2025
// switcher); the 2026 triggers show the effort.
func (sw *Switcher) NamesModel() bool {
	return sw != nil && (sw.Current != "" || sw.Gen == "2025")
}

// Model is the model the switcher shows.
func (sw *Switcher) Model() string {
	if sw == nil {
		return ""
	}
	if sw.Current != "" {
		return sw.Current
	}
	return sw.Label
}

// errNoTarget means a submenu's trigger was not on the page.
var errNoTarget = errors.New("not on the page")

// Picker selects modes and effort tiers on one page.
type Picker struct {
	page Page
	log  *log.Logger
	step time.Duration
	// offered is what the picker listed when a mode matched nothing.
	offered []string
}

// Offered lists the models the picker offered when the last Select's
// mode matched none of them (nil otherwise): what a usage error lists.
func (pk *Picker) Offered() []string { return pk.offered }

// New returns a picker working on page, logging to logger. step is the
// adapter's step timeout: how long a picker view may take to open (the
// page helper answers as soon as it shows).
func New(page Page, logger *log.Logger, step time.Duration) *Picker {
	return &Picker{page: page, log: logger, step: step}
}

// view is the page helper's waitView answer: whether the view showed, and
// the picker state or the menu list it last read.
type view struct {
	OK    bool        `json:"ok"`
	State pickerState `json:"state"`
	List  menuList    `json:"list"`
}

// How long a nested menu may take to open on hover (then on a click), and
// a menu to close on Escape: bounds of event-based waits, not delays.
const (
	submenuWait = 1500 * time.Millisecond
	closeWait   = 500 * time.Millisecond
)

// waitCount waits, at most bound, until more than n menus are open (kind
// "submenu", answering the list) or fewer than n menus and picker
// contents (kind "closed"); see waitView.
func (pk *Picker) waitCount(ctx context.Context, kind string, n int, bound time.Duration) (view, error) {
	return pk.askView(ctx, kind, bound.Milliseconds(), n)
}

// waitView waits until the picker shows the view kind: "content" (the
// 2026-06 intelligence content), "panes" (the 2026-09 panes) or "items"
// (an open menu lists items). The page helper checks at each DOM mutation
// (its own MutationObserver), never by polling; the step timeout bounds
// the call, ctx ends it sooner. A view that does not show within the step
// answers OK false, also when the call's bound ends first.
func (pk *Picker) waitView(ctx context.Context, kind string) (view, error) {
	return pk.askView(ctx, kind, pk.step.Milliseconds())
}

// askView calls the page helper's waitView with args; a call whose own
// bound passes first answers a view that did not show.
func (pk *Picker) askView(ctx context.Context, args ...any) (view, error) {
	var v view
	err := pk.page.Call(ctx, &v, "waitView", args...)
	if err != nil && ctx.Err() == nil && errors.Is(err, context.DeadlineExceeded) {
		return view{}, nil
	}
	return v, err
}
