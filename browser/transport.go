package browser

import (
	"context"
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/wtagent/wtagent/session/event"

	"github.com/chromedp/cdproto/network"

	"github.com/wtagent/wtagent/browser/chrome"
	"github.com/wtagent/wtagent/browser/pagescript"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
)

// Transport is the ChatGPT web adapter: a model.Transport that drives the
// user's ChatGPT session in a dedicated Chrome.
//
// Its methods are meant to be called by one goroutine (the model actor's
// worker); Close may be called from any goroutine and interrupts a call in
// progress.
//
// After a crash (model.ErrCrash) the same Transport can be started again:
// Start relaunches Chrome with the same profile, Open(cursor) reopens the
// conversation and Await(binding) finds the reply to the message already
// sent, without sending it again. A new Transport with the same Options
// does the same, provided the old one was closed (the profile is locked
// while its Chrome runs).
type Transport struct {
	opts Options

	mu      sync.Mutex
	sess    *session
	state   func(messages.ModelStateChanged)
	mode    bool                  // a mode selection is due before the next send
	sent    map[string]sentRecord // by Binding key
	openSeq int                   // network mark when the page was last opened
	// inlineCap is a composer limit learned from a page that cut a
	// message (0: none seen).
	inlineCap int
	// takenModel is the model the page showed when the user took it over.
	takenModel string
	// watchSeq makes the page's watch keys unique.
	watchSeq atomic.Uint64
}

// maxInline is the longest text entered inline.
func (t *Transport) maxInline() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.inlineCap > 0 && t.inlineCap < t.opts.MaxInline {
		return t.inlineCap - 1
	}
	return t.opts.MaxInline
}

// sentRecord is what this process knows about a message it sent: the
// network mark before the send and the stream that carried its reply.
type sentRecord struct {
	mark   int
	stream network.RequestID
}

var _ model.Transport = (*Transport)(nil)

// New returns a Transport; nothing starts until Start.
func New(opts Options) *Transport {
	return &Transport{opts: opts.withDefaults(), sent: make(map[string]sentRecord)}
}

// Name implements model.Transport.
func (t *Transport) Name() string { return "chatgpt" }

// BrowserPID returns the running Chrome's process id, or 0.
func (t *Transport) BrowserPID() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.sess == nil || t.sess.isDead() {
		return 0
	}
	return t.sess.c.PID()
}

// Browser returns the browser binary the running session uses.
func (t *Transport) Browser() chrome.Found {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.sess == nil {
		return chrome.Found{}
	}
	return t.sess.c.Found()
}

// report sends a state change to the Start callback.
func (t *Transport) report(st event.ModelState, detail, cursor string) {
	t.reportState(messages.ModelStateChanged{State: st, Detail: detail, Cursor: cursor})
}

// reportPhase reports what the model does while a reply is awaited (the
// live status line's phase).
func (t *Transport) reportPhase(phase, detail, cursor string) {
	t.reportState(messages.ModelStateChanged{State: event.ModelThinking, Detail: detail, Cursor: cursor, Phase: phase})
}

func (t *Transport) reportState(m messages.ModelStateChanged) {
	t.mu.Lock()
	f := t.state
	t.mu.Unlock()
	t.opts.Logger.Info("model state", "state", m.State, "detail", m.Detail, "phase", m.Phase)
	if f != nil {
		f(m)
	}
}

// live returns the running session.
func (t *Transport) live() (*session, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	switch {
	case t.sess == nil:
		return nil, ErrClosed
	case t.sess.isDead():
		return nil, crashError(t.sess.c.Cause())
	}
	return t.sess, nil
}

// Start implements model.Transport: it launches Chrome (or relaunches it
// after a crash) with the dedicated profile, opens ChatGPT and waits for
// the user to log in or solve a challenge when needed.
func (t *Transport) Start(ctx context.Context, state func(messages.ModelStateChanged)) error {
	t.mu.Lock()
	if state != nil {
		t.state = state
	}
	old := t.sess
	if old != nil && !old.isDead() {
		t.mu.Unlock()
		return t.ensureLoggedIn(ctx, old, t.opts.BaseURL+"/")
	}
	t.sess = nil
	t.mu.Unlock()
	verb, again := "launching Chrome", "relaunching Chrome"
	if t.opts.remote() {
		verb = "attaching to the Chrome at " + t.opts.ChromeURL
		again = "reattaching to the Chrome at " + t.opts.ChromeURL
	} else if t.opts.Host != nil {
		again = "reopening the tab (relaunching Chrome if it is gone)"
	}
	if old != nil {
		t.report(event.ModelRecovering, again+" after: "+old.c.Cause().Error(), "")
		old.c.Teardown()
	}
	t.report(event.ModelStarting, verb, "")
	switch {
	case t.opts.remote():
		t.opts.note("%s (a tab of wtagent's own)", verb)
	case t.opts.Host != nil && t.opts.Host.Running():
		t.opts.note("opening a tab in the Chrome with profile %s", t.opts.ProfileDir)
	default:
		t.opts.note("launching Chrome with profile %s", t.opts.ProfileDir)
	}
	s, err := t.connect(ctx)
	if err != nil {
		return err
	}
	t.mu.Lock()
	t.sess = s
	t.mode = t.opts.Mode != "" || t.opts.Effort != ""
	t.mu.Unlock()
	home := t.opts.BaseURL + "/"
	if err := s.navigate(ctx, home); err != nil {
		return err
	}
	if err := t.ensureLoggedIn(ctx, s, home); err != nil {
		return err
	}
	t.minimise(ctx, s)
	t.report(event.ModelReady, fmt.Sprintf("ChatGPT ready (%s %s, adapter %s)", s.c.Found().Kind, s.c.Found().Version, AdapterVersion), "")
	return nil
}

// Close implements model.Transport: it closes Chrome gracefully, so the
// profile keeps the login.
func (t *Transport) Close() error {
	t.mu.Lock()
	s := t.sess
	t.sess = nil
	t.mu.Unlock()
	if s == nil {
		return nil
	}
	s.close()
	if t.opts.remote() {
		t.report(event.ModelClosed, "wtagent's tab closed (the Chrome at "+t.opts.ChromeURL+" keeps running)", "")
		return nil
	}
	if s.c.Hosted() {
		t.report(event.ModelClosed, "tab closed", "")
		return nil
	}
	t.report(event.ModelClosed, "Chrome closed", "")
	return nil
}

// conversationID returns the conversation id of a cursor URL, or "".
func conversationID(cursor string) string {
	u, err := url.Parse(cursor)
	if err != nil {
		return ""
	}
	m := regexp.MustCompile(pagescript.ConversationPathRE).FindStringSubmatch(u.Path)
	if m == nil {
		return ""
	}
	return m[1]
}

// checkCursor validates a conversation URL: it must be on BaseURL's origin
// and name a conversation.
func (t *Transport) checkCursor(cursor string) (string, error) {
	u, err := url.Parse(cursor)
	if err != nil || !u.IsAbs() {
		return "", fmt.Errorf("browser: cursor %q is not a ChatGPT conversation URL", cursor)
	}
	if origin(cursor) != origin(t.opts.BaseURL) {
		return "", fmt.Errorf("browser: cursor %q is not on %s", cursor, t.opts.BaseURL)
	}
	if conversationID(cursor) == "" {
		return "", fmt.Errorf("browser: cursor %q names no conversation (/c/<id>)", cursor)
	}
	u.Fragment = ""
	return u.String(), nil
}

// Open implements model.Transport: it opens the conversation at cursor,
// or a fresh one when cursor is empty (context rollover). For a fresh
// conversation it returns the new-chat URL; the conversation URL appears
// in the Binding of the first Send.
func (t *Transport) Open(ctx context.Context, cursor string) (string, error) {
	s, err := t.live()
	if err != nil {
		return "", err
	}
	target := t.opts.BaseURL + "/"
	if cursor != "" && strings.TrimRight(cursor, "/") != t.opts.BaseURL {
		if target, err = t.checkCursor(cursor); err != nil {
			return "", err
		}
	} else {
		cursor = ""
	}
	t.mu.Lock()
	t.openSeq = s.net.Mark()
	t.mode = t.opts.Mode != "" || t.opts.Effort != ""
	t.mu.Unlock()
	if err := s.navigate(ctx, target); err != nil {
		return "", err
	}
	if err := t.ensureLoggedIn(ctx, s, target); err != nil {
		return "", err
	}
	p, err := s.waitSnap(ctx, t.opts.StepTimeout, func(p pageSnap) bool {
		if !p.Composer {
			return false
		}
		return cursor == "" && p.Thread.Count == 0 || cursor != "" && p.Thread.Count > 0
	})
	if err != nil {
		if s.gone() || ctx.Err() != nil {
			return "", s.wrap(ctx, err)
		}
		switch {
		case !p.Composer:
			return "", s.adapterError(ctx, "composer", "open the conversation", "no composer after loading "+target)
		case cursor == "":
			return "", s.adapterError(ctx, "message", "open a new conversation", fmt.Sprintf("the new chat shows %d messages", p.Thread.Count))
		case conversationID(p.URL) != conversationID(target):
			return "", fmt.Errorf("browser: conversation %s did not open (the page went to %s)", target, p.URL)
		default:
			return "", s.adapterError(ctx, "message", "open the conversation", "no messages rendered")
		}
	}
	t.logGeneration(ctx, s)
	if cursor == "" {
		t.report(event.ModelReady, "new conversation", p.URL)
		return p.URL, nil
	}
	t.report(event.ModelReady, "conversation opened", target)
	return target, nil
}

// logGeneration logs which page generation this page load shows (the
// locators cover all three; the log tells a bug report which one ran).
func (t *Transport) logGeneration(ctx context.Context, s *session) {
	var g struct {
		Gen     string   `json:"gen"`
		Signals []string `json:"signals"`
	}
	if err := s.call(ctx, 0, &g, "generation"); err != nil {
		return
	}
	t.opts.Logger.Info("ChatGPT page", "generation", g.Gen, "signals", g.Signals, "adapter", AdapterVersion)
}

// bindingKey identifies a binding in the in-memory send records.
func bindingKey(b event.Binding) string {
	if b.UserMessageID != "" {
		return "id:" + b.UserMessageID
	}
	return fmt.Sprintf("h:%s:%d", b.TextSHA256, b.TurnIndex)
}

// errNotSent wraps model.ErrNotSent.
func errNotSent(detail string) error {
	return fmt.Errorf("%w: %s", model.ErrNotSent, detail)
}
