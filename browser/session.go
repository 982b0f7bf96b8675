package browser

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	goruntime "runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/chromedp/cdproto/inspector"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/wtagent/wtagent/browser/wire/netstream"
)

// session is one launched Chrome with its ChatGPT tab. A crash ends the
// session for good; the Transport starts a new one.
type session struct {
	opts  *Options // a copy of the Transport's, taken at launch
	found Found

	allocCancel context.CancelFunc
	tab         context.Context // the tab's chromedp context (no deadline)
	tabCancel   context.CancelFunc
	// life is tab, canceled when the session dies or closes; every call
	// derives from it.
	life       context.Context
	lifeCancel context.CancelCauseFunc

	// lost and detached close when Chrome goes or the tab detaches.
	lost, detached <-chan struct{}

	dead     chan struct{}
	deadOnce sync.Once
	deadErr  error
	closing  atomic.Bool

	wg  sync.WaitGroup
	obs *observer
	net *netstream.Tracker
	pid int
}

// launch starts Chrome with the dedicated profile and attaches the tab.
// Chrome's lifetime is the session's, not ctx's: ctx only bounds the
// start.
func launch(ctx context.Context, opts *Options) (*session, error) {
	found := Found{Path: opts.ChromePath, Kind: kindOf(opts.ChromePath)}
	if found.Path == "" {
		f, err := Discover(os.Getenv, goruntime.GOOS)
		if err != nil {
			return nil, err
		}
		found = f
	}
	if err := ensureProfileDir(opts.ProfileDir); err != nil {
		return nil, err
	}
	// The session keeps its own copy: its goroutines read the options
	// while the Transport's methods run.
	own := *opts
	s := &session{opts: &own, found: found, dead: make(chan struct{}), obs: newObserver()}
	s.net = netstream.New(s.spawn)

	allocCtx, allocCancel := chromedp.NewExecAllocator(context.Background(), allocatorOptions(found.Path, opts)...)
	s.allocCancel = allocCancel
	logf := func(format string, args ...any) { opts.Logger.Debugf("chromedp: "+format, args...) }
	s.tab, s.tabCancel = chromedp.NewContext(allocCtx,
		chromedp.WithListener(s.onEvent), chromedp.WithLogf(logf), chromedp.WithErrorf(logf))
	s.life, s.lifeCancel = context.WithCancelCause(s.tab)

	// The first Do binds Chrome's lifetime to its context, so it runs on the
	// tab context and ctx bounds only the wait.
	ctx, cancel := context.WithTimeout(ctx, 3*opts.StepTimeout)
	defer cancel()
	started := make(chan error, 1)
	go func() { started <- chromedp.Do(s.tab) }()
	select {
	case err := <-started:
		if err != nil {
			s.teardown()
			if errors.Is(err, chromedp.ErrNoDisplay) {
				return nil, ErrNoDisplay
			}
			return nil, fmt.Errorf("browser: start %s: %w", found.Path, err)
		}
	case <-ctx.Done():
		s.teardown()
		<-started
		return nil, fmt.Errorf("browser: start %s: %w", found.Path, ctx.Err())
	}
	c := chromedp.FromContext(s.tab)
	if p := c.Browser.Process(); p != nil {
		s.pid = p.Pid
	}
	detached, err := chromedp.Detached(s.tab)
	if err != nil {
		s.teardown()
		return nil, err
	}
	s.lost, s.detached = c.Browser.LostConnection, detached
	s.wg.Go(func() {
		select {
		case <-s.lost:
			s.die(errors.New("the browser exited or its connection to Chrome dropped"))
		case <-s.detached:
			s.die(errors.New("the ChatGPT tab was closed"))
		case <-s.life.Done():
			s.checkLost()
		}
	})
	if err := s.install(ctx); err != nil {
		s.teardown()
		return nil, err
	}
	return s, nil
}

// install adds the observer binding and the page helper to every
// document of the tab.
func (s *session) install(ctx context.Context) error {
	cctx, cancel := s.bind(ctx, s.opts.StepTimeout)
	defer cancel()
	if _, err := chromedp.Call(cctx, runtime.AddBinding, runtime.AddBindingParams{Name: observeBinding}); err != nil {
		return fmt.Errorf("browser: add binding: %w", s.wrap(ctx, err))
	}
	src := pageScript()
	if _, err := chromedp.Call(cctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: src, RunImmediately: new(true)}); err != nil {
		return fmt.Errorf("browser: add page script: %w", s.wrap(ctx, err))
	}
	return nil
}

// spawn runs f on a session goroutine with the session's life context.
func (s *session) spawn(f func(ctx context.Context)) {
	if s.life.Err() != nil {
		return
	}
	s.wg.Go(func() {
		ctx, cancel := context.WithTimeout(s.life, s.opts.StepTimeout)
		defer cancel()
		f(ctx)
	})
}

// onEvent is the tab's listener. It runs on the tab's event loop: it only
// records and signals.
func (s *session) onEvent(ev any) {
	switch e := ev.(type) {
	case *runtime.EventBindingCalled:
		if e.Name == observeBinding {
			s.obs.push(e.Payload)
		}
	case *inspector.EventTargetCrashed:
		s.die(errors.New("the ChatGPT page crashed"))
	case *inspector.EventDetached:
		s.die(fmt.Errorf("the inspector detached (%s)", e.Reason))
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

// die ends the session after a crash.
func (s *session) die(cause error) {
	if s.closing.Load() {
		return
	}
	s.deadOnce.Do(func() {
		s.deadErr = cause
		close(s.dead)
		s.lifeCancel(cause)
		s.opts.Logger.Warn("browser session lost", "cause", cause)
	})
}

// gone reports whether the session crashed or is closing.
func (s *session) gone() bool { return s.life.Err() != nil }

// checkLost notices a lost browser at once, before the watcher goroutine
// does: chromedp cancels the tab's context when the connection drops, so
// a call can fail before the session is marked dead.
func (s *session) checkLost() {
	if s.isDead() || s.closing.Load() {
		return
	}
	select {
	case <-s.lost:
		s.die(errors.New("the browser exited or its connection to Chrome dropped"))
		return
	case <-s.detached:
		s.die(errors.New("the ChatGPT tab was closed"))
		return
	default:
	}
	if s.tab.Err() != nil {
		s.die(errors.New("the browser context ended"))
	}
}

// isDead reports whether the session crashed.
func (s *session) isDead() bool {
	select {
	case <-s.dead:
		return true
	default:
		return false
	}
}

// close shuts Chrome down gracefully (so it saves cookies), then kills
// what is left.
func (s *session) close() {
	s.closing.Store(true)
	if !s.isDead() {
		ctx, cancel := context.WithTimeout(s.tab, 10*time.Second)
		_ = chromedp.Cancel(ctx)
		cancel()
	}
	s.teardown()
}

// teardown cancels everything and waits for the session's goroutines and
// for Chrome to exit.
func (s *session) teardown() {
	s.closing.Store(true)
	if s.lifeCancel != nil {
		s.lifeCancel(ErrClosed)
	}
	if s.tabCancel != nil {
		s.tabCancel()
	}
	if s.allocCancel != nil {
		s.allocCancel()
	}
	s.wg.Wait()
}

// bind returns a context for one step: derived from the session (so
// chromedp finds its tab and a crash cancels it), canceled when ctx is
// done, and bounded by d when d > 0.
func (s *session) bind(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	cctx, cancel := context.WithCancel(s.life)
	if d > 0 {
		var c2 context.CancelFunc
		cctx, c2 = context.WithTimeout(cctx, d)
		prev := cancel
		cancel = func() { c2(); prev() }
	}
	stop := context.AfterFunc(ctx, cancel)
	return cctx, func() { stop(); cancel() }
}

// wrap maps a step's error: a dead session is a crash, a done ctx is
// ctx's error.
func (s *session) wrap(ctx context.Context, err error) error {
	if err == nil {
		return nil
	}
	s.checkLost()
	if s.isDead() {
		return crashError(s.deadErr)
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if s.closing.Load() {
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
			if _, err := chromedp.Run(cctx, chromedp.Evaluate[chromedp.Void](pageScript())); err != nil {
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
