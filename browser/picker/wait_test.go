package picker

import (
	"context"
	"errors"
	"fmt"
	"io"
	"testing"
	"time"

	"charm.land/log/v2"
)

// stuckPage is a 2026-09 page whose picker trigger takes the click but
// whose panes never open: its helper's waitView answers not shown, as the
// page helper does when its step passes.
type stuckPage struct{ waits [][]any }

func (p *stuckPage) Call(_ context.Context, out any, fn string, args ...any) error {
	switch fn {
	case "pickerState":
		*out.(*pickerState) = pickerState{}
	case "waitView":
		p.waits = append(p.waits, args)
		*out.(*view) = view{}
	}
	return nil
}
func (p *stuckPage) Click(context.Context, Target) error             { return nil }
func (p *stuckPage) Hover(context.Context, Target) error             { return nil }
func (p *stuckPage) ClickAt(context.Context, float64, float64) error { return nil }
func (p *stuckPage) Key(context.Context, string, int64) error        { return nil }
func (p *stuckPage) Snap(context.Context) (Snap, error) {
	return Snap{Switcher: &Switcher{Gen: "2026-09", Label: "Thinking"}}, nil
}
func (p *stuckPage) WaitSnap(context.Context, time.Duration, func(Snap) bool) error { return nil }

// A picker whose view never opens keeps the mode and says so, naming the
// wait it gave the view: the step, asked of the page helper's waitView
// (which waits on the page's mutations), with no floor of its own.
func TestSelectPaneNeverOpens(t *testing.T) {
	page := &stuckPage{}
	res := New(page, log.New(io.Discard), time.Second).Select(context.Background(), "gpt-5-2-thinking", "")
	if res.Choice.Outcome != "kept" {
		t.Fatalf("outcome %q, want kept", res.Choice.Outcome)
	}
	if want := "the model picker did not open: the picker did not show the expected view within 1s"; res.Choice.Reason != want {
		t.Fatalf("reason %q, want %q", res.Choice.Reason, want)
	}
	if len(page.waits) != 1 || len(page.waits[0]) != 2 || page.waits[0][0] != "panes" || page.waits[0][1] != int64(1000) {
		t.Fatalf("waitView calls %v, want one for the panes over the 1 s step", page.waits)
	}
}

// slowPage is a stuckPage whose waitView blocks until the call's context
// ends, as the real one does when the call's bound passes first.
type slowPage struct{ stuckPage }

func (p *slowPage) Call(ctx context.Context, out any, fn string, args ...any) error {
	if fn == "waitView" {
		<-ctx.Done()
		return fmt.Errorf("page waitView: %w", context.DeadlineExceeded)
	}
	return p.stuckPage.Call(ctx, out, fn, args...)
}

// A view wait ended by the caller's context gives the context's error,
// not a view that did not show.
func TestViewWaitEndsWithTheContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	page := &slowPage{}
	pk := New(page, log.New(io.Discard), time.Hour)
	done := make(chan error, 1)
	go func() { done <- pk.waitPicker(ctx, "panes") }()
	cancel()
	if err := <-done; !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("waitPicker after the context ended: %v", err)
	}
}
