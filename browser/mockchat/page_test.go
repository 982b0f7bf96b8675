package mockchat

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"github.com/wtagent/wtagent/model"
)

// page drives one tab against one mock server, the way a user would.
type page struct {
	t   testing.TB
	tab context.Context
	srv *Server
	url string
}

// openPage starts a mock server for opts and drives the shared tab on it.
// Every server has its own port, so no page state (storage, cookies)
// carries over from one subtest to the next.
//
// These tests check the 2025 page CONTRACT.md describes first (its ids and
// testids), so a page renders DOM2025 unless opts names a generation; the
// newer generations are checked through the adapter's generation tables
// (package browser).
func openPage(t testing.TB, tab context.Context, opts Options) *page {
	t.Helper()
	if opts.DOM == "" {
		opts.DOM = DOM2025
	}
	srv := New(opts)
	t.Cleanup(srv.Close)
	url, err := srv.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	watchExceptions(t, tab)
	return &page{t: t, tab: tab, srv: srv, url: url}
}

// watchExceptions fails the test for every uncaught exception (or
// unhandled rejection) in the page.
func watchExceptions(t testing.TB, tab context.Context) {
	ctx, cancel := context.WithCancel(tab)
	msgs := chromedp.Console(ctx)
	var mu sync.Mutex
	var errs []string
	done := make(chan struct{})
	go func() {
		defer close(done)
		for m, err := range msgs {
			if err != nil {
				return
			}
			if m.IsException() {
				mu.Lock()
				errs = append(errs, m.String())
				mu.Unlock()
			}
		}
	}()
	t.Cleanup(func() {
		cancel()
		<-done
		mu.Lock()
		defer mu.Unlock()
		for _, e := range errs {
			t.Errorf("uncaught in the page: %s", e)
		}
	})
}

// ctx is a deadline for one browser call.
func (p *page) ctx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(p.tab, 2*time.Minute) // a hang guard: waits end on their event
}

// do runs steps or fails the test.
func (p *page) do(steps ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	ctx, cancel := p.ctx()
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		p.t.Fatalf("browser: %v", err)
	}
}

// eval evaluates js in the page.
func eval[T any](p *page, js string) T {
	p.t.Helper()
	ctx, cancel := p.ctx()
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("evaluate %s: %v", js, err)
	}
	return v
}

// waitJS waits until js is truthy in the page.
func (p *page) waitJS(what, js string) {
	p.t.Helper()
	ctx, cancel := p.ctx()
	defer cancel()
	for {
		_, err := chromedp.Run(ctx, chromedp.Poll[bool]("!!("+js+")", chromedp.WithPollingInterval(10*time.Millisecond)))
		if err == nil {
			return
		}
		// A navigation can replace the document's execution context
		// between the lookup of the context and the poll's call; the poll
		// starts again in the new document.
		if ctx.Err() == nil && strings.Contains(err.Error(), "Cannot find context with specified id") {
			continue
		}
		p.t.Fatalf("waiting for %s: %v\nbody: %s", what, err, p.bodyText())
	}
}

func (p *page) bodyText() string {
	ctx, cancel := context.WithTimeout(p.tab, 3*time.Second)
	defer cancel()
	s, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body ? document.body.innerText.slice(0, 2000) : ""`))
	return s
}

func (p *page) navigate(path string) {
	p.t.Helper()
	p.do(chromedp.Navigate(p.url + path))
}

// typeText focuses the composer (of any generation; on the 2026-09 page
// the shown route's) and enters s as trusted input.
func (p *page) typeText(s string) {
	p.t.Helper()
	p.do(chromedp.Focus(chromedp.CSS(`#prompt-textarea, main > .route:not([style]) form[data-chatgpt-composer] .ProseMirror`)))
	ctx, cancel := p.ctx()
	defer cancel()
	if _, err := chromedp.Call(ctx, input.InsertText, input.InsertTextParams{Text: s}); err != nil {
		p.t.Fatalf("insert text: %v", err)
	}
}

// key presses a key without a char event (Enter, with modifiers).
func (p *page) key(key string, code int64, modifiers int64) {
	p.t.Helper()
	p.do(chromedp.Func(func(ctx context.Context, t *chromedp.Target) error {
		for _, typ := range []input.DispatchKeyEventType{input.DispatchKeyEventTypeRawKeyDown, input.DispatchKeyEventTypeKeyUp} {
			if _, err := chromedp.Call(ctx, input.DispatchKeyEvent, input.DispatchKeyEventParams{
				Type: typ, Key: key, Code: key, WindowsVirtualKeyCode: code, NativeVirtualKeyCode: code, Modifiers: modifiers,
			}); err != nil {
				return err
			}
		}
		return nil
	}))
}

func (p *page) click(sel string) {
	p.t.Helper()
	p.do(chromedp.Click(chromedp.CSS(sel), chromedp.NodeVisible))
}

func script(t testing.TB, jsonl string) []model.ScriptLine {
	t.Helper()
	lines, err := model.ParseScript(strings.NewReader(jsonl))
	if err != nil {
		t.Fatal(err)
	}
	return lines
}

// The page's state as the adapter would read it.
const (
	jsSendEnabled = `(() => { const b = document.querySelector('[data-testid="send-button"]'); return b && !b.disabled && b.id === 'composer-submit-button'; })()`
	jsStop        = `document.querySelector('#composer-submit-button[data-testid="stop-button"][aria-label="Stop streaming"]')`
	jsIdle        = `!document.querySelector('[data-testid="stop-button"]') && document.querySelector('article:last-of-type [data-testid="copy-turn-action-button"]')`
	jsLastReply   = `(() => { const m = [...document.querySelectorAll('[data-message-author-role="assistant"]')].pop(); return m ? m.innerText : ""; })()`
)
