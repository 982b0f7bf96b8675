package nsinit

import (
	"errors"
	"syscall"
)

// This package imports only syscall, errors, strconv, time and unsafe
// (not even strings, which waits for unicode's tables): its init
// function then runs before any package that needs os, fmt or reflect,
// so an init process skips most of the binary's initialisation.

// opError is a failed step and the errno it failed with.
type opError struct {
	op  string
	err error
}

func (e *opError) Error() string { return e.op + ": " + e.err.Error() }
func (e *opError) Unwrap() error { return e.err }

func wrap(op string, err error) error { return &opError{op: op, err: err} }

// errnoOf is err's errno, or 0.
func errnoOf(err error) int {
	var e syscall.Errno
	if errors.As(err, &e) {
		return int(e)
	}
	return 0
}
