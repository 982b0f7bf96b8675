package supervisor

import (
	"errors"
	"fmt"
	"runtime/debug"
)

// Sentinel errors; test with errors.Is. Replies carry them wrapped with the
// child's path and cause.
var (
	// ErrChildFailed is the reply to a Request the child was handling, or
	// had queued, when it failed.
	ErrChildFailed = errors.New("supervisor: child failed")
	// ErrRestarting is the reply to a Request sent to a child that has
	// exited and is waiting to be restarted.
	ErrRestarting = errors.New("supervisor: child is restarting")
	// ErrNoChild: no child with that ID (or it has exited for good).
	ErrNoChild = errors.New("supervisor: no such child")
	// ErrDuplicateChild: a child with that ID already exists.
	ErrDuplicateChild = errors.New("supervisor: duplicate child ID")
	// ErrTooManyRestarts: the restart intensity was exceeded.
	ErrTooManyRestarts = errors.New("supervisor: restart intensity exceeded")
	// ErrStuck: a child did not leave the registry after its context was
	// cancelled.
	ErrStuck = errors.New("supervisor: child did not stop")
	// ErrShuttingDown: the supervisor is stopping and takes no new child.
	ErrShuttingDown = errors.New("supervisor: shutting down")
	// ErrBadSpec: an invalid Spec or ChildSpec (or a Call with a
	// ReplyTo).
	ErrBadSpec = errors.New("supervisor: invalid spec")
	// ErrTimeout: a Call's context reached its deadline before the reply
	// came.
	ErrTimeout = errors.New("supervisor: no reply in time")
)

// PanicError is the error of a child that panicked.
type PanicError struct {
	// Value is what was passed to panic.
	Value any
	// Stack is the panicking goroutine's stack.
	Stack []byte
}

func newPanicError(v any) *PanicError {
	return &PanicError{Value: v, Stack: debug.Stack()}
}

// Error returns "panic: <value>".
func (e *PanicError) Error() string { return fmt.Sprintf("panic: %v", e.Value) }

// Unwrap returns the panic value if it is an error.
func (e *PanicError) Unwrap() error {
	err, _ := e.Value.(error)
	return err
}
