package browser

import (
	"fmt"
	"github.com/wtagent/wtagent/browser/chrome"
	"github.com/wtagent/wtagent/browser/pagescript"
	"io"
	"strings"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"charm.land/log/v2"
)

// DefaultBaseURL is the ChatGPT web app.
const DefaultBaseURL = "https://chatgpt.com"

// Options configure a Transport. The zero value of every field but
// ProfileDir has a sensible default.
type Options struct {
	// ChromePath is the browser binary; empty means Discover.
	ChromePath string
	// ChromeURL, when set, is a Chrome the user started with remote
	// debugging (--chrome-url: an http://host:port DevTools endpoint or a
	// ws:// browser URL). wtagent opens its own tab there, never touches
	// the user's other tabs and on Close closes only its tab; ProfileDir,
	// ChromePath and Headless are then unused.
	ChromeURL string
	// WaitForLogin makes a ChromeURL page that is not logged in wait for
	// the user to log in there (wtagent login), as wtagent's own Chrome
	// does, instead of failing at once (a run's NotLoggedIn).
	WaitForLogin bool
	// Tabs, when set, records wtagent's tab in a ChromeURL browser, and
	// each attach closes the tabs a stopped (killed) wtagent left there.
	Tabs *chrome.TabRecords
	// ReconnectTimeout bounds the reconnection to a ChromeURL browser
	// after its connection was lost (default 2 min).
	ReconnectTimeout time.Duration
	// Host, when set, is the dedicated Chrome several Transports share
	// (NewHost): the main conversation and each sub-agent get a tab of
	// their own in it, and Close closes only this Transport's tab. Unused
	// with ChromeURL (each Transport opens its own tab in the user's
	// Chrome).
	Host *chrome.Host
	// ProfileDir is the dedicated, persistent Chrome profile (the lead passes
	// $WTAGENT_HOME/chrome-profile). It must never be the user's daily
	// profile. Required.
	ProfileDir string
	// DiagnosticsDir receives DOM snapshots and screenshots when a locator
	// fails. Empty means ProfileDir/../diagnostics.
	DiagnosticsDir string
	// BaseURL is the ChatGPT origin (default DefaultBaseURL); tests pass the
	// mock page's URL.
	BaseURL string
	// Mode is the ChatGPT mode to select for each conversation, matched by
	// normalised tokens against the model switcher's stable slugs ("pro",
	// "thinking", "gpt-5-2-thinking"). Empty keeps the current mode.
	Mode string
	// Effort is the effort tier (picker.EffortTiers) to select after Mode, on the
	// 2026 pickers' effort control. Empty keeps the current effort.
	Effort string

	// Headless runs Chrome without a window, for tests and CI only: a user
	// cannot log in or solve a challenge in it.
	Headless bool
	// NoMinimize keeps the visible window on screen instead of minimising it
	// while the user is not needed.
	NoMinimize bool

	// StableWindow is how long the reply text must stay unchanged on the DOM
	// path before it counts as complete (default 120 ms). The network path
	// adds nothing when the stream says the turn finished.
	StableWindow time.Duration
	// TurnTimeout bounds one Await (default 20 min).
	TurnTimeout time.Duration
	// LoginTimeout bounds a wait for the user to log in, solve a challenge or
	// close a blocking dialog (default 15 min).
	LoginTimeout time.Duration
	// StepTimeout bounds one page step: a navigation, a locator wait, a
	// script call (default 20 s).
	StepTimeout time.Duration
	// DeadRequestTimeout is how long Await waits for any sign of a reply
	// (an assistant message or the stop button) after the send (default 60 s).
	DeadRequestTimeout time.Duration
	// EmptyTimeout is how long an empty, finished assistant message is given
	// before Await reports model.ErrEmpty on the DOM path (default 10 s).
	EmptyTimeout time.Duration
	// UploadTimeout bounds the upload of each attachment (default 2 min).
	UploadTimeout time.Duration
	// MaxRetries is how many times Await clicks the page's retry button
	// after a "Something went wrong" card when the reply is absent
	// (default 2; negative means never).
	MaxRetries int
	// MaxInline is the longest text (in bytes) entered into the composer;
	// longer text is attached as a .txt file with a short inline
	// instruction (default 200 000).
	MaxInline int

	// Bundle makes CheckPage also capture the page for a bug report
	// (PageReport.Bundle: doctor --page --bundle).
	Bundle bool
	// Locators are the page locators a page-locators.json file sets
	// (pagescript.LoadOverrides), tried before the built-in ones;
	// LocatorsFile is that file, for reports.
	Locators     pagescript.Overrides
	LocatorsFile string
	// RecordTransport saves each turn's raw traffic (POST, resume POSTs,
	// WebSocket items; redacted) to DiagnosticsDir/transport.jsonl as a
	// mock script line. A turn that fails is recorded anyway.
	RecordTransport bool

	// Logger receives the adapter's log; nil discards it.
	Logger *log.Logger
	// OnMode, if set, receives the outcome of each mode selection.
	OnMode func(event.ModeSelected)
	// Progress, if set, receives short human notes about slow steps
	// (launching Chrome, uploading, waiting for the user, recovering).
	Progress func(note string)

	// domOnly makes Await ignore the network stream, and noDoc the
	// conversation document (tests and benchmarks of the fallbacks);
	// netOnly makes it answer from the network stream alone (tests of that
	// path, which a loaded machine would otherwise let a fallback win).
	domOnly, noDoc, netOnly bool
	// continueWait, when set, bounds the wait for the page's continue
	// control (else StepTimeout).
	continueWait time.Duration
}

// withDefaults returns o with every zero field set to its default.
func (o Options) withDefaults() Options {
	if o.BaseURL == "" {
		o.BaseURL = DefaultBaseURL
	}
	o.BaseURL = strings.TrimRight(o.BaseURL, "/")
	setDur := func(d *time.Duration, def time.Duration) {
		if *d <= 0 {
			*d = def
		}
	}
	setDur(&o.StableWindow, 120*time.Millisecond)
	setDur(&o.TurnTimeout, 20*time.Minute)
	setDur(&o.LoginTimeout, 15*time.Minute)
	setDur(&o.StepTimeout, 20*time.Second)
	setDur(&o.DeadRequestTimeout, 60*time.Second)
	setDur(&o.EmptyTimeout, 10*time.Second)
	setDur(&o.UploadTimeout, 2*time.Minute)
	setDur(&o.ReconnectTimeout, 2*time.Minute)
	if o.MaxRetries == 0 {
		o.MaxRetries = 2
	}
	if o.MaxRetries < 0 {
		o.MaxRetries = 0
	}
	if o.MaxInline <= 0 {
		o.MaxInline = 200_000
	}
	if o.Logger == nil {
		o.Logger = log.New(io.Discard)
	}
	return o
}

// note sends a progress note and logs it.
func (o *Options) note(format string, args ...any) {
	o.Logger.Infof(format, args...)
	if o.Progress != nil {
		o.Progress(fmt.Sprintf(format, args...))
	}
}
