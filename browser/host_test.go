package browser

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/session/event"
)

// awaited is an Await's outcome.
type awaited struct {
	text string
	err  error
}

// awaitAsync runs Await on its own goroutine.
func awaitAsync(ctx context.Context, tr *Transport, b event.Binding) <-chan awaited {
	ch := make(chan awaited, 1)
	go func() {
		r, err := tr.Await(ctx, b, nil)
		ch <- awaited{r.Text, err}
	}()
	return ch
}

// TestHostTabsCrashOneTab: three Transports share one Chrome (a tab each,
// one ChatGPT conversation each); two conversations' replies are in
// flight at once, and the tab of one is crashed mid-reply (Page.crash):
// only that Transport fails, its Start opens a new tab in the same Chrome,
// Open and Await find the reply without posting again, and the other tabs
// go on untouched. The last Close closes Chrome.
func TestHostTabsCrashOneTab(t *testing.T) {
	alpha := strings.Repeat("alpha streams ", 40) + "<done>true</done>"
	srv, url := newMock(t, mockchat.Options{LoggedIn: true, Script: script(
		model.ScriptLine{Reply: "main reply"},
		model.ScriptLine{Agent: "alpha", Reply: alpha, StreamMS: 5},
		model.ScriptLine{Agent: "beta", Reply: "beta reply one"},
		model.ScriptLine{Agent: "beta", Reply: "beta reply two"},
	)})
	opts := testOptions(t, url)
	host := NewHost(opts)
	t.Cleanup(host.Close)
	opts.Host = host
	ctx := ctxFor(t, hangGuard)
	tabs := map[string]*Transport{}
	for _, name := range []string{"main", "alpha", "beta"} {
		tabs[name] = startTransport(t, opts, nil)
		if _, err := tabs[name].Open(ctx, ""); err != nil {
			t.Fatalf("%s: Open: %v", name, err)
		}
	}
	pid := host.PID()
	for name, tr := range tabs {
		if tr.BrowserPID() != pid || pid == 0 {
			t.Fatalf("%s runs in Chrome %d, the host's is %d: not one shared Chrome", name, tr.BrowserPID(), pid)
		}
	}
	if _, r := roundTrip(t, tabs["main"], 1, "start two sub-agents"); r.Text != "main reply" {
		t.Fatalf("main: %q", r.Text)
	}

	release := srv.HoldLine(2) // alpha's reply stops halfway
	t.Cleanup(release)
	ba, err := tabs["alpha"].Send(ctx, messages.Outbound{Turn: 1, Text: "alpha: explore"})
	if err != nil {
		t.Fatalf("alpha: Send: %v", err)
	}
	alphaDone := awaitAsync(ctx, tabs["alpha"], ba)
	if err := srv.WaitLineStreaming(ctx, 2); err != nil {
		t.Fatal(err)
	}
	// beta's conversation runs while alpha's reply is in flight.
	if _, r := roundTrip(t, tabs["beta"], 1, "beta: explore"); r.Text != "beta reply one" {
		t.Fatalf("beta: %q", r.Text)
	}

	// The renderer dies before it answers: the call's error says nothing.
	_, _ = chromedp.Call(tabs["alpha"].sess.c.Life(), page.Crash, cdp.Empty{})
	got := <-alphaDone
	if !errors.Is(got.err, model.ErrCrash) {
		t.Fatalf("alpha's Await after its tab crashed: %q, %v; want ErrCrash", got.text, got.err)
	}
	for _, name := range []string{"main", "beta"} {
		if tabs[name].BrowserPID() != pid {
			t.Fatalf("%s lost its tab when alpha's crashed", name)
		}
	}
	if err := tabs["alpha"].Start(ctx, nil); err != nil {
		t.Fatalf("alpha: restart: %v", err)
	}
	if tabs["alpha"].BrowserPID() != pid {
		t.Fatalf("alpha's new tab is in Chrome %d, not the shared %d", tabs["alpha"].BrowserPID(), pid)
	}
	if _, err := tabs["alpha"].Open(ctx, ba.Cursor); err != nil {
		t.Fatalf("alpha: Open(%s): %v", ba.Cursor, err)
	}
	release()
	r, err := tabs["alpha"].Await(ctx, ba, nil)
	if err != nil || r.Text != alpha {
		t.Fatalf("alpha after its restart: %v: %s", err, firstDiff(r.Text, alpha))
	}
	if _, r := roundTrip(t, tabs["beta"], 2, "beta: go on"); r.Text != "beta reply two" {
		t.Fatalf("beta after alpha's crash: %q", r.Text)
	}
	perAgent := map[string]int{}
	for _, m := range srv.Received() {
		perAgent[m.Agent]++
	}
	if perAgent["alpha"] != 1 || perAgent["beta"] != 2 || perAgent[""] != 1 {
		t.Fatalf("messages per conversation %v: want main 1, alpha 1 (never posted twice), beta 2", perAgent)
	}
	for _, tr := range tabs {
		tr.Close()
	}
	if host.PID() != 0 {
		t.Fatal("Chrome still runs after its last tab closed")
	}
}
