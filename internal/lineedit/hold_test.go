//go:build linux

package lineedit

import (
	"context"
	"io"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestHoldInputKeepsKeysBetweenCalls: a Ctrl+D typed while no call reads
// (a run ending, the next prompt not up yet) stays a key under HoldInput
// — in the line discipline's cooked mode it would be an end of file that
// a later raw read sees as a NUL — and the next call quits on it.
func TestHoldInputKeepsKeysBetweenCalls(t *testing.T) {
	p := newPTY(t, 40)
	e := p.editor(Options{Width: func() int { return 40 }})
	release, err := e.HoldInput()
	if err != nil {
		t.Fatal(err)
	}
	defer release()
	p.send("\x04")
	// The byte is waiting in the terminal's input queue (in cooked mode
	// the queue would hold no readable byte until a line ends).
	deadline := time.Now().Add(waitLimit)
	for {
		n, err := unix.IoctlGetInt(int(p.tty.Fd()), unix.TIOCINQ)
		if err != nil {
			t.Fatal(err)
		}
		if n > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the Ctrl+D typed between calls is not a readable key")
		}
		time.Sleep(time.Millisecond) // waits for the kernel's line discipline, bounded by the hang guard
	}
	if r := await(t, readLineAsync(context.Background(), e)); r.err != io.EOF {
		t.Fatalf("ReadLine = %q, %v; want io.EOF from the held Ctrl+D", r.line, r.err)
	}
	if err := release(); err != nil {
		t.Fatal(err)
	}
}
