package browser

import (
	"errors"
	"fmt"
	"strings"

	"github.com/wtagent/wtagent/browser/pagescript"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
)

// ErrClosed means the transport was closed or never started.
var ErrClosed = errors.New("browser transport is not running")

// AdapterError is a locator failure: the ChatGPT page no longer looks the
// way the adapter expects. It wraps model.ErrAdapter, and names the
// diagnostics saved for the adapter update.
type AdapterError struct {
	// Locator is the locator name from package pagescript.
	Locator string
	// Step is what the adapter was doing ("enter the message").
	Step string
	// URL is the page's address.
	URL string
	// Snapshot and Screenshot are the saved files ("" if saving failed).
	Snapshot, Screenshot string
	// Detail is extra context.
	Detail string
}

// Error implements error.
func (e *AdapterError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (adapter %s): %s: locator %q failed", model.ErrAdapter, AdapterVersion, e.Step, e.Locator)
	if e.Detail != "" {
		fmt.Fprintf(&b, " (%s)", e.Detail)
	}
	if e.URL != "" {
		fmt.Fprintf(&b, " on %s", e.URL)
	}
	switch {
	case e.Snapshot != "" && e.Screenshot != "":
		fmt.Fprintf(&b, "; DOM snapshot %s, screenshot %s", e.Snapshot, e.Screenshot)
	case e.Snapshot != "":
		fmt.Fprintf(&b, "; DOM snapshot %s (no screenshot)", e.Snapshot)
	}
	return b.String()
}

// Unwrap returns model.ErrAdapter.
func (e *AdapterError) Unwrap() error { return model.ErrAdapter }

// failure wraps err as a model.Error of kind, keeping err's text.
func failure(kind messages.ModelFailure, err error) error {
	return &model.Error{Kind: kind, Err: err}
}

// crashError is the error of a call that failed because the browser or
// the tab died.
func crashError(cause error) error {
	if cause == nil {
		cause = errors.New("the browser is gone")
	}
	if errors.Is(cause, model.ErrCrash) {
		return failure(messages.FailCrash, cause)
	}
	return failure(messages.FailCrash, fmt.Errorf("%w: %w", model.ErrCrash, cause))
}

// AdapterVersion names the adapter's set of locators and page
// assumptions (pagescript.Version). Adapter errors and diagnostics carry
// it.
const AdapterVersion = pagescript.Version
