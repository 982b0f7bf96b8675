// Package iostreams carries the standard streams of a command together with
// what is known about them (terminal or not, colour allowed or not), so
// commands never reach for os.Stdout and tests can fake a terminal.
package iostreams

import (
	"bytes"
	"io"
	"os"

	"golang.org/x/term"
)

// IOStreams is the I/O of one command invocation.
type IOStreams struct {
	In     io.Reader
	Out    io.Writer
	ErrOut io.Writer

	// InFile is In as a file when it is one (for raw mode on a terminal).
	InFile *os.File

	stdinTTY, stdoutTTY, stderrTTY bool
	noColor                        bool
	width                          int
}

// System returns the process's standard streams. getenv reads NO_COLOR and
// TERM.
func System(getenv func(string) string) *IOStreams {
	s := &IOStreams{
		In: os.Stdin, Out: os.Stdout, ErrOut: os.Stderr, InFile: os.Stdin,
		stdinTTY:  term.IsTerminal(int(os.Stdin.Fd())),
		stdoutTTY: term.IsTerminal(int(os.Stdout.Fd())),
		stderrTTY: term.IsTerminal(int(os.Stderr.Fd())),
		noColor:   getenv("NO_COLOR") != "" || getenv("TERM") == "dumb",
	}
	if s.stdoutTTY {
		if w, _, err := term.GetSize(int(os.Stdout.Fd())); err == nil {
			s.width = w
		}
	}
	return s
}

// Test returns streams backed by buffers: the input to read from, and the
// captured stdout and stderr. Nothing is a terminal until the Set methods say
// so.
func Test() (s *IOStreams, in *bytes.Buffer, out *bytes.Buffer, errOut *bytes.Buffer) {
	in, out, errOut = &bytes.Buffer{}, &bytes.Buffer{}, &bytes.Buffer{}
	return &IOStreams{In: in, Out: out, ErrOut: errOut, noColor: true}, in, out, errOut
}

// IsStdinTTY reports whether standard input is a terminal.
func (s *IOStreams) IsStdinTTY() bool { return s.stdinTTY }

// IsStdoutTTY reports whether standard output is a terminal.
func (s *IOStreams) IsStdoutTTY() bool { return s.stdoutTTY }

// IsStderrTTY reports whether standard error is a terminal.
func (s *IOStreams) IsStderrTTY() bool { return s.stderrTTY }

// SetStdinTTY overrides the terminal check of standard input (tests).
func (s *IOStreams) SetStdinTTY(v bool) { s.stdinTTY = v }

// SetStdoutTTY overrides the terminal check of standard output (tests).
func (s *IOStreams) SetStdoutTTY(v bool) { s.stdoutTTY = v }

// SetStderrTTY overrides the terminal check of standard error (tests).
func (s *IOStreams) SetStderrTTY(v bool) { s.stderrTTY = v }

// SetColorEnabled overrides the colour decision (tests, --color flags).
func (s *IOStreams) SetColorEnabled(v bool) { s.noColor = !v }

// ColorEnabled reports whether output may be styled: stdout is a terminal and
// NO_COLOR is not set.
func (s *IOStreams) ColorEnabled() bool { return s.stdoutTTY && !s.noColor }

// TerminalWidth is the width of the output terminal, or 80.
func (s *IOStreams) TerminalWidth() int {
	if s.width > 0 {
		return s.width
	}
	return 80
}
