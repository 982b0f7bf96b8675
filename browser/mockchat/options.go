package mockchat

import (
	"time"

	"github.com/wtagent/wtagent/model"
)

// Options configures a Server. The zero value serves a logged-out page with
// an empty script (every message is answered with an "exhausted" error).
type Options struct {
	// Script holds the replies, one per user message, in order.
	Script []model.ScriptLine
	// ScriptPerChat serves each new conversation from the script's first
	// line (`wtagent mockchat`: every run starts a chat of its own); by
	// default all conversations share one cursor, as a run that rolls over
	// to a new chat needs.
	ScriptPerChat bool
	// LoggedIn starts the server with a logged-in session.
	LoggedIn bool
	// Models is the model menu; nil means DefaultModels().
	Models []Model
	// Model is the slug selected at first; empty means the first enabled
	// model of the top-level menu.
	Model string
	// StreamGap is the gap between streamed tokens for lines without
	// stream_ms (zero: no gap).
	StreamGap time.Duration
	// UploadDelay is how long a file upload takes; zero means
	// DefaultUploadDelay and a negative value means no delay.
	UploadDelay time.Duration
	// VirtualTurns, when positive, makes the page virtualise its thread:
	// only the newest VirtualTurns turns (and those scrolled into view)
	// stay mounted; older ones are replaced by empty placeholders.
	VirtualTurns int
	// TruncateAt, when positive, makes the page silently cut every sent
	// message to this many characters (UTF-16 code units, as the page
	// counts).
	TruncateAt int
	// FlashActionBar makes the page show the finished-turn action bar for a
	// moment while a reply is still streaming, as ChatGPT sometimes does.
	FlashActionBar bool
	// NoPageResume makes the page leave a stream that broke off without
	// [DONE] as it is, shown as finished, instead of resuming it (a page
	// whose resume failed or changed): the adapter must notice.
	NoPageResume bool
	// DOM is the page generation to render (DOM2025, DOM2026Mid,
	// DOM2026Sep, DOM2026Nov; empty means DefaultGeneration, the newest). A page URL's
	// ?dom= overrides it for that page load.
	DOM string
	// PasteThreshold is the paste length (in characters) above which the
	// page turns a paste into an attachment; zero means
	// PasteAttachmentThreshold.
	PasteThreshold int
	// WorkMode starts the 2026-09 page's Chat/Work switch on Work.
	WorkMode bool
	// ProLimited marks Pro rate-limited on the 2026 pickers: the 2026-06
	// Pro row and trigger are disabled, the 2026-09 power slider stops at
	// extra-high.
	ProLimited bool
	// SliderOnly makes the 2026-09 picker offer only its effort slider,
	// as standard paid Chat does: no advanced pane, no model list.
	SliderOnly bool
	// SliderPointerOnly makes the 2026-09 power slider ignore the
	// keyboard: only a press on its track moves it.
	SliderPointerOnly bool
	// Lang is the 2026-09 page's UI language (Langs; empty means English);
	// ?lang= on a page URL overrides it for that load.
	Lang string
	// Labels, when set, is the 2026-09 page's label table instead of a
	// built-in language's (every key of LabelKeys): a test's own words.
	Labels map[string]string
	// HiddenRoutes makes the 2026-09 page keep up to this many other
	// conversations (the newest) mounted as hidden routes beside the shown
	// one (display:none siblings), as the real app shell keeps visited
	// routes.
	HiddenRoutes int
	// FrozenCopy makes the 2026-09 page leave a zero-size frozen copy of the
	// new chat's route, with its own Stop, when the first send redirects
	// it to /c/<id>.
	FrozenCopy bool
	// Window, when positive, makes the 2026-09 page render only the newest
	// Window exchanges of its thread, recycling the oldest exchange's nodes
	// for each new one (counts stay flat around a send).
	Window int
	// CoverRow, "<slug>:<effort>", makes the 2026-11 menu show a
	// non-modal popover over that row as it opens (notes §8: a popover can
	// cover a menu row): a press there lands on the popover; the row is
	// still chosen with the keyboard.
	CoverRow string
	// ReadRetryAfter, when positive, rate-limits history and conversation
	// reads (notes §8): the first read after a message arrived opens a
	// window of this many seconds in which every read of the conversation
	// list (the history) or of a conversation answers 429 with
	// Retry-After and the body's clears_in (ReadsLimited counts them).
	// The page's own reads are served, so that it keeps working.
	ReadRetryAfter int
	// CoverComposer shows a non-modal pop-up over the whole composer form
	// once the page loaded (notes §8: a covered message box): a press
	// there lands on it, and the send control takes only a real press. It
	// closes on Escape or its one button.
	CoverComposer bool
	// LinearTurns, when positive, caps the turns the linear read
	// (GET /backend-api/conversations/<id>) returns, whatever num_turns
	// the page asks for: older ones are on a previous page.
	LinearTurns int
	// Logf, if set, receives one line per request and per script decision.
	Logf func(format string, args ...any)
}

// DefaultUploadDelay is the upload time when Options.UploadDelay is zero.
const DefaultUploadDelay = 250 * time.Millisecond

// PasteAttachmentThreshold is the paste length (in characters) above which
// the page turns a paste into a "pasted-text.txt" attachment, as ChatGPT
// does.
const PasteAttachmentThreshold = 5000

// Model is one entry of the model menu.
type Model struct {
	// Slug is the model's id: the POST body's "model", the message's
	// model_slug and the menu item's data-testid "model-switcher-<slug>".
	Slug string `json:"slug"`
	// Label is the menu item's title ("Thinking").
	Label string `json:"label"`
	// Short is what the switcher button shows ("5.2 Thinking"); its
	// aria-label is "Model selector, current model is <Short>".
	Short string `json:"short"`
	// Description is the item's second line.
	Description string `json:"description,omitempty"`
	// Disabled items are aria-disabled and cannot be chosen.
	Disabled bool `json:"disabled,omitempty"`
	// Legacy items live in the "Legacy models" submenu.
	Legacy bool `json:"legacy,omitempty"`
	// Pro marks the Pro model of the 2026 pickers (on 2026-09 Pro is the
	// power slider's last tier, not a row).
	Pro bool `json:"pro,omitempty"`
	// Family is the 2026-11 menu's family header the model's rows sit
	// under ("6.2 Sol"); Efforts are its rows there, one per effort value
	// (none: one row for the model itself, as Instant and Latest are),
	// and Off the efforts shown disabled. Retiring adds a localised
	// retirement notice to each row of the model.
	Family   string   `json:"family,omitempty"`
	Efforts  []string `json:"efforts,omitempty"`
	Off      []string `json:"off,omitempty"`
	Retiring bool     `json:"retiring,omitempty"`
}

// DefaultModels2026Nov returns the 2026-11 menu (notes §8): Latest, then
// three families — GPT-6.2 Sol (Medium, High, Extra High; its Instant its
// own row), GPT-6 (its bare version header repeated on each row; High and
// Pro, Instant its own row) and the retiring GPT-5.6 Sol. proLimited
// disables Extra High and Pro.
func DefaultModels2026Nov(proLimited bool) []Model {
	var off []string
	if proLimited {
		off = []string{"xhigh", "max"}
	}
	return []Model{
		{Slug: "gpt-latest", Label: "Latest", Short: "Latest"},
		{Slug: "gpt-6-2-sol", Label: "6.2 Sol", Short: "6.2 Sol", Family: "6.2 Sol", Efforts: []string{"medium", "high", "xhigh"}, Off: off},
		{Slug: "gpt-6-2-sol-instant", Label: "6.2 Sol Instant", Short: "6.2 Sol Instant", Family: "6.2 Sol"},
		{Slug: "gpt-6", Label: "6", Short: "6", Family: "6", Efforts: []string{"high", "max"}, Off: off},
		{Slug: "gpt-6-instant", Label: "6 Instant", Short: "6 Instant", Family: "6"},
		{Slug: "gpt-5-6-sol", Label: "5.6 Sol", Short: "5.6 Sol", Family: "5.6 Sol", Efforts: []string{"low", "medium", "high"}, Retiring: true},
	}
}

// DefaultModels2026 returns the models of the 2026 pickers: Latest,
// Instant, Thinking and Pro (disabled when proLimited).
func DefaultModels2026(proLimited bool) []Model {
	return []Model{
		{Slug: "gpt-5-5", Label: "Latest", Short: "5.5", Description: "Decides how long to think"},
		{Slug: "gpt-5-5-instant", Label: "Instant", Short: "5.5 Instant"},
		{Slug: "gpt-5-5-thinking", Label: "Thinking", Short: "5.5 Thinking"},
		{Slug: "gpt-5-5-pro", Label: "Pro", Short: "5.5 Pro", Pro: true, Disabled: proLimited},
	}
}

// Efforts returns the effort values of a generation's slider, in its own
// vocabulary (the values the page posts as thinking_effort): none on
// 2025; light to extra-high on 2026-06 (Pro has its own trigger); low,
// medium, high, xhigh and max (Pro) on 2026-09, without max when
// proLimited.
func Efforts(gen string, proLimited bool) []string {
	switch gen {
	case DOM2026Mid:
		return []string{"light", "standard", "extended", "extra-high"}
	case DOM2026Sep, DOM2026Nov:
		if proLimited {
			return []string{"low", "medium", "high", "xhigh"}
		}
		return []string{"low", "medium", "high", "xhigh", "max"}
	}
	return nil
}

// DefaultEffort is the effort a fresh page of the generation is on: the
// second stop of its slider (Standard, Medium).
func DefaultEffort(gen string) string {
	if e := Efforts(gen, true); len(e) > 1 {
		return e[1]
	}
	return ""
}

// DefaultModels returns the default model menu: four top-level models (one
// disabled) and a "Legacy models" submenu (one disabled).
func DefaultModels() []Model {
	return []Model{
		{Slug: "gpt-5-2", Label: "Auto", Short: "5.2", Description: "Decides how long to think"},
		{Slug: "gpt-5-2-instant", Label: "Instant", Short: "5.2 Instant", Description: "Answers right away"},
		{Slug: "gpt-5-2-thinking", Label: "Thinking", Short: "5.2 Thinking", Description: "Thinks longer for better answers"},
		{Slug: "gpt-5-2-pro", Label: "Pro", Short: "5.2 Pro", Description: "Research-grade intelligence · Upgrade", Disabled: true},
		{Slug: "gpt-4o", Label: "GPT-4o", Short: "4o", Legacy: true},
		{Slug: "o3", Label: "o3", Short: "o3", Legacy: true},
		{Slug: "gpt-4-5", Label: "GPT-4.5", Short: "4.5", Description: "Upgrade to use", Legacy: true, Disabled: true},
	}
}

// The script faults the mock understands (ScriptLine.Fault). CONTRACT.md
// describes each.
const (
	FaultRateLimit  = "rate_limit"
	FaultErrorRetry = "error_retry"
	FaultEmpty      = "empty"
	FaultCut        = "cut"
	FaultTooLong    = "too_long"
	FaultLogout     = "logout"
	FaultChallenge  = "challenge"
	FaultModal      = "modal"
	// FaultRateLimitModal opens the conversation-history rate-limit modal
	// ("Too many requests") after the reply.
	FaultRateLimitModal = "rate_limit_modal"
	FaultThoughts       = "thoughts"
	FaultDOMDiffers     = "dom_differs"
	FaultMaxTokens      = "max_tokens"
	// FaultBlocked makes the reply's stream carry a moderation event with
	// blocked true and no text: the content policy removed the reply, and
	// the page shows its policy notice.
	FaultBlocked = "blocked"
	// FaultFlagged makes the reply's stream carry a moderation event with
	// flagged true, blocked false: the reply is shown as usual.
	FaultFlagged = "flagged"
)

// Faults lists every fault name, in CONTRACT.md's order.
func Faults() []string {
	return []string{FaultRateLimit, FaultErrorRetry, FaultEmpty, FaultCut, FaultTooLong,
		FaultLogout, FaultChallenge, FaultModal, FaultThoughts, FaultDOMDiffers, FaultRateLimitModal, FaultMaxTokens,
		FaultBlocked, FaultFlagged}
}

// modalKind is the kind of modal a fault opens after the reply, as the
// page's mock_notice names it ("" for none).
func modalKind(fault string) string {
	switch fault {
	case FaultModal:
		return "modal"
	case FaultRateLimitModal:
		return "rate_limit_modal"
	}
	return ""
}

// The stable locators BreakLocator can remove from the page. They are the
// 2025 page's ids and testids; the 2026 pages lose only those they have
// (the 2026-09 page, without testids or ids, loses the message and copy
// locators and the continue button; the others leave it as it is).
const (
	// LocatorComposer drops the composer's id "prompt-textarea" (the
	// editor keeps working, with id "composer-input").
	LocatorComposer = "composer"
	// LocatorSendButton drops data-testid="send-button" and the id
	// "composer-submit-button" from the send button (testid "composer-send").
	LocatorSendButton = "send-button"
	// LocatorStopButton drops data-testid="stop-button" (testid
	// "composer-stop").
	LocatorStopButton = "stop-button"
	// LocatorTurn renames article[data-testid="conversation-turn-N"] to
	// data-testid="chat-turn-N".
	LocatorTurn = "conversation-turn"
	// LocatorMessage drops data-message-author-role and data-message-id
	// (the message div gets data-role and data-id instead); on the 2026-09
	// page also the unit's data-content-search-unit-key (data-unit-key
	// instead) and data-chatgpt-selection-message-id.
	LocatorMessage = "message"
	// LocatorCopyButton drops data-testid="copy-turn-action-button" (on
	// the 2026-09 page, which has no testids, the Copy button's label).
	LocatorCopyButton = "copy-button"
	// LocatorModelSwitcher drops data-testid="model-switcher-dropdown-button".
	LocatorModelSwitcher = "model-switcher"
	// LocatorUpload drops the id "upload-files" from the file input.
	LocatorUpload = "upload"
	// LocatorContinueButton removes the "Continue generating" button (a
	// page that offers no way to continue a reply cut at the limit).
	LocatorContinueButton = "continue-button"
)

// Locators lists every name BreakLocator accepts.
func Locators() []string {
	return []string{LocatorComposer, LocatorSendButton, LocatorStopButton, LocatorTurn,
		LocatorMessage, LocatorCopyButton, LocatorModelSwitcher, LocatorUpload, LocatorContinueButton}
}
