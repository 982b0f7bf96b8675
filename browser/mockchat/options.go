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
	FaultThoughts   = "thoughts"
	FaultDOMDiffers = "dom_differs"
)

// Faults lists every fault name, in CONTRACT.md's order.
func Faults() []string {
	return []string{FaultRateLimit, FaultErrorRetry, FaultEmpty, FaultCut, FaultTooLong,
		FaultLogout, FaultChallenge, FaultModal, FaultThoughts, FaultDOMDiffers}
}

// The stable locators BreakLocator can remove from the page.
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
	// (the message div gets data-role and data-id instead).
	LocatorMessage = "message"
	// LocatorCopyButton drops data-testid="copy-turn-action-button".
	LocatorCopyButton = "copy-button"
	// LocatorModelSwitcher drops data-testid="model-switcher-dropdown-button".
	LocatorModelSwitcher = "model-switcher"
	// LocatorUpload drops the id "upload-files" from the file input.
	LocatorUpload = "upload"
)

// Locators lists every name BreakLocator accepts.
func Locators() []string {
	return []string{LocatorComposer, LocatorSendButton, LocatorStopButton, LocatorTurn,
		LocatorMessage, LocatorCopyButton, LocatorModelSwitcher, LocatorUpload}
}
