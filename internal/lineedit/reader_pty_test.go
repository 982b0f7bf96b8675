//go:build linux

package lineedit

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"testing"

	"github.com/creack/pty"
	"golang.org/x/sys/unix"
	"golang.org/x/term"
)

// newCookedPTY returns a real pseudo-terminal in its default (cooked)
// mode; what the terminal echoes is read off the master and discarded.
func newCookedPTY(t *testing.T) (master, tty *os.File) {
	t.Helper()
	master, tty, err := pty.Open()
	if err != nil {
		t.Fatalf("pty.Open: %v", err)
	}
	drained := make(chan struct{})
	go func() {
		defer close(drained)
		io.Copy(io.Discard, master)
	}()
	t.Cleanup(func() {
		tty.Close()
		master.Close()
		<-drained
	})
	return master, tty
}

// TestReaderOnCookedTerminal: on a terminal the Reader leaves the kernel's
// line editing on (a line arrives only once Enter is pressed, an erase
// edits it), a cancelled read ends and the typed line goes to the next
// read, and nothing but the prompt is written.
func TestReaderOnCookedTerminal(t *testing.T) {
	master, tty := newCookedPTY(t)
	before, err := term.GetState(int(tty.Fd()))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	rd := NewReader(tty, &out)
	defer rd.Close()
	reading := signalReads(rd)

	ctx, cancel := context.WithCancel(context.Background())
	ch := readLineAsync(ctx, rd, "you › ")
	<-reading
	master.WriteString("typed ahaed\x7f\x7f\x7fead") // not a line yet: no Enter
	cancel()
	if res := await(t, ch); !errors.Is(res.err, context.Canceled) {
		t.Fatalf("cancelled read = %q, %v; want context.Canceled", res.line, res.err)
	}
	master.WriteString("\r") // Enter: ICRNL makes it "\n"
	if line, err := rd.ReadLine(context.Background(), "you › "); err != nil || line != "typed ahead" {
		t.Fatalf("ReadLine = %q, %v; want %q", line, err, "typed ahead")
	}
	master.WriteString("  Y\r")
	if k, err := rd.ReadKey(context.Background(), "ok? ", "yn"); err != nil || k != 'y' {
		t.Fatalf("ReadKey = %q, %v; want 'y'", k, err)
	}
	// The terminal echoes the Enter: the prompts get no newline of ours.
	if want := "you › you › ok? "; out.String() != want {
		t.Fatalf("output = %q, want %q", out.String(), want)
	}
	tios, err := unix.IoctlGetTermios(int(tty.Fd()), unix.TCGETS)
	if err != nil {
		t.Fatal(err)
	}
	if tios.Lflag&unix.ICANON == 0 || tios.Lflag&unix.ECHO == 0 {
		t.Fatalf("the terminal left cooked mode: lflag %#x", tios.Lflag)
	}
	if after, err := term.GetState(int(tty.Fd())); err != nil || *after != *before {
		t.Fatalf("the terminal's state changed (%v)", err)
	}
	master.WriteString("\x04") // Ctrl+D on an empty line: end of input
	if _, err := rd.ReadLine(context.Background(), ""); err != io.EOF {
		t.Fatalf("after Ctrl+D: %v, want io.EOF", err)
	}
}
