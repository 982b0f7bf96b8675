package model

import (
	"errors"
	"fmt"

	"github.com/wtagent/wtagent/messages"
)

// Sentinel errors that transports wrap, so callers can test with errors.Is.
var (
	// ErrAdapter means the ChatGPT page adapter needs an update (a locator
	// failed).
	ErrAdapter = errors.New("the ChatGPT page adapter needs an update")
	// ErrRequest means the user asked for a mode the ChatGPT picker does
	// not offer: a usage error, nothing was sent.
	ErrRequest = errors.New("the requested ChatGPT mode is not on the page")
	// ErrTimeout means the reply did not complete in time.
	ErrTimeout = errors.New("model reply timed out")
	// ErrEmpty means the model sent an empty reply.
	ErrEmpty = errors.New("model sent an empty reply")
	// ErrRateLimit means a usage limit or rate limit is in force.
	ErrRateLimit = errors.New("model usage limit reached")
	// ErrAuth means the user must log in.
	ErrAuth = errors.New("login required")
	// ErrTakeover means the user must solve a challenge in the window.
	ErrTakeover = errors.New("manual takeover required")
	// ErrTooLong means the conversation is too long to continue.
	ErrTooLong = errors.New("conversation too long")
	// ErrCrash means the browser crashed or was killed.
	ErrCrash = errors.New("browser crashed")
	// ErrScriptExhausted means the scripted model has no reply left.
	ErrScriptExhausted = errors.New("script exhausted")
	// ErrScriptExpect means an outbound message lacked a script line's
	// expected text.
	ErrScriptExpect = errors.New("script expectation failed")
	// ErrNotSent means a message was not found in the conversation, so it
	// may be sent (again).
	ErrNotSent = errors.New("message not in the conversation")
	// ErrRefused means ChatGPT refused the request: its content policy
	// blocked the message or the reply (a moderation event with blocked
	// true). Sending the same message again gets the same answer.
	ErrRefused = errors.New("ChatGPT refused the request (its content policy)")
)

// Error is a transport error with the failure kind the controller acts on.
type Error struct {
	Kind messages.ModelFailure
	Err  error
}

// Error implements error.
func (e *Error) Error() string { return fmt.Sprintf("%s: %v", e.Kind, e.Err) }

// Unwrap returns the wrapped error.
func (e *Error) Unwrap() error { return e.Err }

// Failure classifies any transport error; errors that wrap none of the
// sentinels are messages.FailOther.
func Failure(err error) messages.ModelFailure {
	var te *Error
	if errors.As(err, &te) {
		return te.Kind
	}
	for _, k := range []struct {
		err  error
		kind messages.ModelFailure
	}{
		{ErrAdapter, messages.FailAdapter}, {ErrRequest, messages.FailRequest}, {ErrTimeout, messages.FailTimeout},
		{ErrEmpty, messages.FailEmpty}, {ErrRateLimit, messages.FailRateLimit},
		{ErrAuth, messages.FailAuth}, {ErrTakeover, messages.FailTakeover},
		{ErrTooLong, messages.FailTooLong}, {ErrCrash, messages.FailCrash},
		{ErrScriptExhausted, messages.FailScript}, {ErrScriptExpect, messages.FailScript},
		{ErrNotSent, messages.FailNotSent}, {ErrRefused, messages.FailRefused},
	} {
		if errors.Is(err, k.err) {
			return k.kind
		}
	}
	return messages.FailOther
}
