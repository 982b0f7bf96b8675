package app

import (
	"context"
	"errors"
	"io"
	"os"
	"sync/atomic"

	"github.com/wtagent/wtagent/internal/lineedit"
	"github.com/wtagent/wtagent/internal/tui"
	"github.com/wtagent/wtagent/internal/ui"
)

// screenInput is the Input of an interactive terminal: the tui program
// owns it, for the prompts, the approvals and the live view alike, and
// the command's output streams write through it while it runs.
type screenInput struct {
	p    *tui.Program
	hist *lineedit.FileHistory
	// root is the project root @path completes in.
	root atomic.Value
	// restore puts the command's output streams back.
	restore func()
}

// newScreenInput starts the tui program on the terminal.
func newScreenInput(env Env, in, out *os.File, hist *lineedit.FileHistory) *screenInput {
	s := &screenInput{hist: hist}
	if root, err := env.ProjectRoot(); err == nil {
		s.root.Store(root)
	}
	opts := tui.Options{Prompt: "you › ", LivePrompt: "queue › ", Continuation: "    ",
		Width: env.IO.TerminalWidth(), Complete: s.complete}
	if hist != nil {
		opts.History = hist
	} else {
		// No history file (unwritable): ↑ still recalls this run's lines.
		opts.History = lineedit.NewMemoryHistory(lineedit.DefaultHistorySize)
	}
	s.p = tui.Start(in, out, opts)
	ios := env.IO
	oldOut, oldErr := ios.Out, ios.ErrOut
	w := s.p.Writer()
	ios.Out, ios.ErrOut = w, w
	s.restore = func() { ios.Out, ios.ErrOut = oldOut, oldErr }
	return s
}

// complete is Tab: a slash command's name at the start of the line, else
// an @path mention.
func (s *screenInput) complete(before string) (int, []string) {
	if start, names := CompleteSlash(before); start >= 0 {
		return start, names
	}
	root, _ := s.root.Load().(string)
	return CompleteAttachment(root, before)
}

// Screen is the renderer's way to the terminal.
func (s *screenInput) Screen() ui.Screen { return s.p }

// SetRoot sets the project root that Tab completes @path mentions in.
func (s *screenInput) SetRoot(root string) { s.root.Store(root) }

func (s *screenInput) ReadLine(ctx context.Context) (string, error) {
	return mapInputErr(s.p.ReadLine(ctx, false))
}

// ReadLineLive reads a line below a run's live view (`queue › `).
func (s *screenInput) ReadLineLive(ctx context.Context) (string, error) {
	return mapInputErr(s.p.ReadLine(ctx, true))
}

func (s *screenInput) ReadKey(ctx context.Context, prompt, keys string) (rune, error) {
	k, err := s.p.ReadKey(ctx, prompt, keys)
	_, err = mapInputErr("", err)
	return k, err
}

// waitCtrlC returns when the user presses Ctrl+C (a key, the program
// keeping the terminal raw) or ctx ends.
func (s *screenInput) waitCtrlC(ctx context.Context) {
	s.p.ReadKey(ctx, "", "")
}

func (s *screenInput) Close() error {
	s.restore()
	err := s.p.Close()
	if s.hist != nil {
		err = errors.Join(err, s.hist.Close())
	}
	return err
}

// mapInputErr turns the program's errors into the Input's.
func mapInputErr(line string, err error) (string, error) {
	switch {
	case errors.Is(err, tui.ErrInterrupted):
		return "", ErrInterrupted
	case errors.Is(err, tui.ErrLiveKey):
		return "", ErrLiveKey
	case errors.Is(err, tui.ErrClosed):
		return "", io.EOF
	}
	return line, err
}
