package app

import (
	"context"
	"errors"
	"os"
	"sync/atomic"

	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/lineedit"
	"github.com/wtagent/wtagent/session"
)

// ClosingInput is an Input that holds resources.
type ClosingInput interface {
	Input
	Close() error
}

// NewInput returns the terminal input for prompts and approvals: on an
// interactive terminal (stdin and stdout, no --json) the tui program that
// owns it, with persistent history; plain lines otherwise.
func NewInput(f *cmdutil.Factory, h session.Home) (ClosingInput, error) {
	ios := f.IOStreams
	in := ios.InFile
	if in == nil {
		in = os.Stdin
	}
	var hist lineedit.History = lineedit.NewMemoryHistory(lineedit.DefaultHistorySize)
	var fh *lineedit.FileHistory
	if ios.IsStdinTTY() {
		var err error
		if fh, err = lineedit.OpenFileHistory(h.HistoryFile(), lineedit.DefaultHistorySize); err == nil {
			hist = fh
		}
	}
	if out, ok := ios.Out.(*os.File); ok && ios.IsStdinTTY() && ios.IsStdoutTTY() && !f.Global.JSON {
		return newScreenInput(f, in, out, fh), nil
	}
	ei := &editorInput{hist: fh}
	if root, err := f.ProjectRoot(); err == nil {
		ei.root.Store(root)
	}
	complete := func(before string) (int, []string) {
		root, _ := ei.root.Load().(string)
		return CompleteAttachment(root, before)
	}
	ei.ed = lineedit.New(in, ios.Out, lineedit.Options{Prompt: "you › ", LivePrompt: "queue › ", Continuation: "    ", History: hist,
		Width: ios.TerminalWidth, Color: ios.ColorEnabled(), Complete: complete})
	return ei, nil
}

// editorInput adapts the line editor to Input.
type editorInput struct {
	ed   *lineedit.Editor
	hist *lineedit.FileHistory
	// root is the project root @path completes in (a resume's may differ
	// from the working directory's).
	root atomic.Value
}

// SetRoot sets the project root that Tab completes @path mentions in.
func (e *editorInput) SetRoot(root string) { e.root.Store(root) }

func (e *editorInput) ReadLine(ctx context.Context) (string, error) {
	s, err := e.ed.ReadLine(ctx)
	if errors.Is(err, lineedit.ErrInterrupted) {
		return "", ErrInterrupted
	}
	return s, err
}

// HoldInput keeps the terminal's input raw between reads (see
// lineedit.Editor.HoldInput).
func (e *editorInput) HoldInput() (func() error, error) { return e.ed.HoldInput() }

// ReadLineLive reads a line below a run's live view.
func (e *editorInput) ReadLineLive(ctx context.Context) (string, error) {
	s, err := e.ed.ReadLineLive(ctx)
	switch {
	case errors.Is(err, lineedit.ErrInterrupted):
		return "", ErrInterrupted
	case errors.Is(err, lineedit.ErrLiveKey):
		return "", ErrLiveKey
	}
	return s, err
}

func (e *editorInput) ReadKey(ctx context.Context, prompt, keys string) (rune, error) {
	k, err := e.ed.ReadKey(ctx, prompt, keys)
	if errors.Is(err, lineedit.ErrInterrupted) {
		return 0, ErrInterrupted
	}
	return k, err
}

func (e *editorInput) Close() error {
	err := e.ed.Close()
	if e.hist != nil {
		err = errors.Join(err, e.hist.Close())
	}
	return err
}
