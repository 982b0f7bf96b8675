package sandbox

import "errors"

var (
	// ErrBadMode is a mode that is not one of Modes.
	ErrBadMode = errors.New("unknown sandbox mode")
	// ErrUnsupported means the kernel cannot confine programs here.
	ErrUnsupported = errors.New("the kernel cannot sandbox commands here")
	// ErrSetup is a failure to confine one program; the program did not
	// start.
	ErrSetup = errors.New("sandbox setup failed")
)
