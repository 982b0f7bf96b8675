package app

import (
	"context"
	"errors"
	"os"
	"strings"

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
// owns it, with persistent history; plain lines otherwise, a terminal
// staying in cooked mode.
func NewInput(env Env, h session.Home) (ClosingInput, error) {
	ios := env.IO
	in := ios.InFile
	if in == nil {
		in = os.Stdin
	}
	var fh *lineedit.FileHistory
	if ios.IsStdinTTY() {
		if opened, err := lineedit.OpenFileHistory(h.HistoryFile(), lineedit.DefaultHistorySize); err == nil {
			fh = opened
		}
	}
	if out, ok := ios.Out.(*os.File); ok && ios.IsStdinTTY() && ios.IsStdoutTTY() && !env.JSON {
		return newScreenInput(env, in, out, fh), nil
	}
	out := ios.Out
	if env.JSON {
		out = ios.ErrOut // the event stream owns stdout
	}
	return &plainInput{r: lineedit.NewReader(in, out), hist: fh}, nil
}

// plainInput is the Input where no program owns the terminal: plain
// lines, the terminal (if any) in cooked mode, so the kernel edits the
// line and Ctrl+C is a signal.
type plainInput struct {
	r *lineedit.Reader
	// hist, when set, gets every submitted non-blank line.
	hist *lineedit.FileHistory
}

// ReadLine reads the next prompt; Ctrl+C returns ErrInterrupted,
// SIGTERM and SIGHUP io.EOF.
func (p *plainInput) ReadLine(ctx context.Context) (string, error) {
	ctx, stop := untilSignal(ctx)
	line, err := p.r.ReadLine(ctx, "you › ")
	if err = stop(err); err == nil && p.hist != nil {
		p.hist.Add(line)
	}
	return line, err
}

// ReadLineLive reads a line typed while a run works; Ctrl+C is the run's
// signal, not the read's.
func (p *plainInput) ReadLineLive(ctx context.Context) (string, error) {
	return p.r.ReadLine(ctx, "queue › ")
}

// ReadKey reads a line and takes its first key: a key, then Enter, which
// the prompt says. Ctrl+C returns ErrInterrupted, SIGTERM and SIGHUP
// io.EOF.
func (p *plainInput) ReadKey(ctx context.Context, prompt, keys string) (rune, error) {
	ctx, stop := untilSignal(ctx)
	k, err := p.r.ReadKey(ctx, keyPrompt(prompt), keys)
	return k, stop(err)
}

func (p *plainInput) Close() error {
	err := p.r.Close()
	if p.hist != nil {
		err = errors.Join(err, p.hist.Close())
	}
	return err
}

// keyPrompt says in a one-key prompt that the key is followed by Enter:
// "[y]es [n]o › " becomes "[y]es [n]o, then Enter › ".
func keyPrompt(prompt string) string {
	const arrow = " › "
	if body, ok := strings.CutSuffix(prompt, arrow); ok {
		return body + ", then Enter" + arrow
	}
	return prompt + "(a key, then Enter) "
}
