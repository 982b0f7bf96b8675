package nsinit

import (
	"errors"
	"syscall"
)

// This package imports only errors, runtime, syscall, time and unsafe,
// which package os needs too (not even strconv or strings): see the
// package doc for why its init then runs before the binary's heavier
// packages.

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
