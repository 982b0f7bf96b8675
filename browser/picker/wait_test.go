package picker

import (
	"context"
	"io"
	"testing"
	"time"

	"github.com/charmbracelet/log"
)

// stuckPage is a 2026-09 page whose picker trigger takes the click but
// whose panes never open.
type stuckPage struct{ polls int }

func (p *stuckPage) Call(_ context.Context, out any, fn string, _ ...any) error {
	if fn == "pickerState" {
		p.polls++
		*out.(*pickerState) = pickerState{}
	}
	return nil
}
func (p *stuckPage) Click(context.Context, Target) error             { return nil }
func (p *stuckPage) Hover(context.Context, Target) error             { return nil }
func (p *stuckPage) ClickAt(context.Context, float64, float64) error { return nil }
func (p *stuckPage) Key(context.Context, string, int64) error        { return nil }
func (p *stuckPage) Sleep(ctx context.Context, d time.Duration) error {
	select {
	case <-time.After(d):
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
func (p *stuckPage) Snap(context.Context) (Snap, error) {
	return Snap{Switcher: &Switcher{Gen: "2026-09", Label: "Thinking"}}, nil
}
func (p *stuckPage) WaitSnap(context.Context, time.Duration, func(Snap) bool) error { return nil }

// A picker whose view never opens keeps the mode and says so, naming the
// wait it gave the view.
func TestSelectPaneNeverOpens(t *testing.T) {
	page := &stuckPage{}
	res := New(page, log.New(io.Discard), time.Second).Select(context.Background(), "gpt-5-2-thinking", "")
	if res.Choice.Outcome != "kept" {
		t.Fatalf("outcome %q, want kept", res.Choice.Outcome)
	}
	if want := "the model picker did not open: the picker did not show the expected view within 5s"; res.Choice.Reason != want {
		t.Fatalf("reason %q, want %q", res.Choice.Reason, want)
	}
	if page.polls < 2 {
		t.Fatalf("the picker was polled %d times", page.polls)
	}
}
