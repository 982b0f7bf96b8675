//go:build unix

package lineedit

import (
	"os"
	"os/signal"

	"golang.org/x/sys/unix"
)

// watchResize delivers SIGWINCH, so the editor redraws when the terminal
// is resized, until stop is called.
func watchResize() (resize <-chan os.Signal, stop func()) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, unix.SIGWINCH)
	return ch, func() { signal.Stop(ch) }
}
