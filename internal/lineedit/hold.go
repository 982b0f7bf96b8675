package lineedit

import (
	"fmt"
	"sync"

	"golang.org/x/term"
)

// HoldInput keeps the terminal's input raw between calls until release is
// called: keys typed while no call reads (as a run ends, before the next
// prompt is up) stay keys for the next call — Ctrl+D is not the line
// discipline's end of file (which a later raw read sees as a NUL), Ctrl+C
// is not a signal. Output processing stays on, so what is printed between
// calls looks as usual. Calls made while it holds restore the held mode
// when they end. It must not be called during a call; on a non-terminal
// it does nothing.
func (e *Editor) HoldInput() (release func() error, err error) {
	if !e.tty {
		return func() error { return nil }, nil
	}
	if err := e.begin(); err != nil {
		return nil, err
	}
	defer e.mu.Unlock()
	state, err := term.MakeRaw(e.fd)
	if err != nil {
		return nil, fmt.Errorf("lineedit: raw mode: %w", err)
	}
	keepOutputProcessing(e.fd)
	var once sync.Once
	return func() error {
		var rerr error
		once.Do(func() {
			if err := term.Restore(e.fd, state); err != nil {
				rerr = fmt.Errorf("lineedit: restore terminal: %w", err)
			}
		})
		return rerr
	}, nil
}
