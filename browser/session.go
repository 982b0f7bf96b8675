package browser

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/wtagent/wtagent/browser/chrome"
	"github.com/wtagent/wtagent/browser/pagescript"
	"github.com/wtagent/wtagent/browser/wire/netstream"
)

// session is one launched Chrome with its ChatGPT tab. A crash ends the
// session for good; the Transport starts a new one.
type session struct {
	opts *Options // a copy of the Transport's, taken at launch
	c    *chrome.Chrome
	obs  *observer
	net  *netstream.Tracker
}

// launch starts Chrome with the dedicated profile and attaches the tab.
// Chrome's lifetime is the session's, not ctx's: ctx only bounds the
// start.
func launch(ctx context.Context, opts *Options) (*session, error) {
	// The session keeps its own copy: its goroutines read the options
	// while the Transport's methods run.
	own := *opts
	s := &session{opts: &own, obs: newObserver()}
	var remote chrome.Endpoint
	if opts.ChromeURL != "" {
		ep, err := chrome.ResolveRemote(ctx, opts.ChromeURL)
		if err != nil {
			return nil, err
		}
		remote = ep
	}
	s.c = chrome.New(chrome.Config{Path: opts.ChromePath, ProfileDir: opts.ProfileDir, Headless: opts.Headless,
		StepTimeout: opts.StepTimeout, Logger: opts.Logger, Listener: s.onEvent, Remote: remote, Tabs: opts.Tabs, Host: opts.Host})
	s.net = netstream.New(s.c.Spawn)
	ctx, cancel := context.WithTimeout(ctx, 3*opts.StepTimeout)
	defer cancel()
	if err := s.c.Start(ctx); err != nil {
		return nil, err
	}
	if err := s.install(ctx); err != nil {
		s.c.Teardown()
		return nil, err
	}
	return s, nil
}

// install adds the observer binding and the page helper to every
// document of the tab.
func (s *session) install(ctx context.Context) error {
	cctx, cancel := s.bind(ctx, s.opts.StepTimeout)
	defer cancel()
	if _, err := chromedp.Call(cctx, runtime.AddBinding, runtime.AddBindingParams{Name: pagescript.ObserveBinding}); err != nil {
		return fmt.Errorf("browser: add binding: %w", s.wrap(ctx, err))
	}
	src := pagescript.ScriptFor(s.opts.Locators)
	if _, err := chromedp.Call(cctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: src, RunImmediately: new(true)}); err != nil {
		return fmt.Errorf("browser: add page script: %w", s.wrap(ctx, err))
	}
	return nil
}

// spawn runs f on a session goroutine with the session's life context.
func (s *session) spawn(f func(ctx context.Context)) { s.c.Spawn(f) }

// onEvent is the tab's listener (chrome handles the crash events). It runs
// on the tab's event loop: it only records and signals.
func (s *session) onEvent(ev any) {
	switch e := ev.(type) {
	case *runtime.EventBindingCalled:
		if e.Name == pagescript.ObserveBinding {
			s.obs.push(e.Payload)
		}
	case *page.EventJavascriptDialogOpening:
		// A beforeunload prompt or an alert would block every later step.
		accept := e.Type == page.DialogTypeBeforeunload
		s.spawn(func(ctx context.Context) {
			_, _ = chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: accept})
		})
	case *network.EventRequestWillBeSent, *network.EventResponseReceived, *network.EventDataReceived,
		*network.EventLoadingFinished, *network.EventLoadingFailed, *network.EventWebSocketFrameReceived:
		s.net.Handle(ev)
	}
}

// gone reports whether the session crashed or is closing.
func (s *session) gone() bool { return s.c.Gone() }

// isDead reports whether the session crashed.
func (s *session) isDead() bool { return s.c.Dead() }

// close shuts Chrome down gracefully (so it saves cookies), then kills
// what is left.
func (s *session) close() { s.c.Close() }

// bind returns a context for one step: derived from the session (so
// chromedp finds its tab and a crash cancels it), canceled when ctx is
// done, and bounded by d when d > 0.
func (s *session) bind(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	return s.c.Bind(ctx, d)
}

// wrap maps a step's error: a dead session is a crash, a done ctx is
// ctx's error.
func (s *session) wrap(ctx context.Context, err error) error {
	if err == nil {
		return nil
	}
	s.c.CheckLost()
	if s.isDead() {
		return crashError(s.c.Cause())
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if s.c.Closing() {
		return ErrClosed
	}
	return err
}

// callResult is the page helper's reply envelope.
type callResult struct {
	Missing bool            `json:"missing"`
	V       json.RawMessage `json:"v"`
}

// call runs window.__wtagent[fn](args...) in the page, awaiting a promise,
// and decodes its result into out (which may be nil). It injects the
// helper when the document lacks it. d bounds the call (0: StepTimeout).
func (s *session) call(ctx context.Context, d time.Duration, out any, fn string, args ...any) error {
	if d <= 0 {
		d = s.opts.StepTimeout
	}
	if args == nil {
		args = []any{}
	}
	argJSON, err := json.Marshal(args)
	if err != nil {
		return err
	}
	ver, _ := json.Marshal(AdapterVersion)
	name, _ := json.Marshal(fn)
	expr := fmt.Sprintf(`(async () => { const w = window.__wtagent; if (!w || w.version !== %s) return {missing: true}; return {v: await w[%s](...%s)}; })()`, ver, name, argJSON)
	cctx, cancel := s.bind(ctx, d)
	defer cancel()
	for attempt := 0; ; attempt++ {
		raw, err := chromedp.Run(cctx, chromedp.Evaluate[[]byte](expr, chromedp.EvalAwaitPromise))
		if err != nil {
			return s.wrap(ctx, fmt.Errorf("page %s: %w", fn, err))
		}
		var res callResult
		if err := json.Unmarshal(raw, &res); err != nil {
			return fmt.Errorf("page %s: %w", fn, err)
		}
		if res.Missing {
			if attempt > 0 {
				return fmt.Errorf("page %s: the page helper did not install", fn)
			}
			if _, err := chromedp.Run(cctx, chromedp.Evaluate[chromedp.Void](pagescript.ScriptFor(s.opts.Locators))); err != nil {
				return s.wrap(ctx, fmt.Errorf("install page helper: %w", err))
			}
			continue
		}
		if out == nil || len(res.V) == 0 {
			return nil
		}
		if err := json.Unmarshal(res.V, out); err != nil {
			return fmt.Errorf("page %s: decode: %w", fn, err)
		}
		return nil
	}
}
