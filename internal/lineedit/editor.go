package lineedit

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"golang.org/x/term"
)

// Sentinel errors, for errors.Is.
var (
	// ErrInterrupted is returned when the user presses Ctrl+C.
	ErrInterrupted = errors.New("lineedit: interrupted")
	// ErrClosed is returned by calls on a closed Editor.
	ErrClosed = errors.New("lineedit: editor closed")
	// ErrLiveKey is returned by ReadLineLive when the user presses the
	// live view's own key, Ctrl+O (wtagent: take over the browser); the
	// line typed so far waits in the next call's line.
	ErrLiveKey = errors.New("lineedit: Ctrl+O")
)

// escapeTimeout is how long a lone ESC (or another incomplete sequence)
// waits for the rest of its sequence before it counts as the Escape key.
const escapeTimeout = 100 * time.Millisecond

// defaultWidth is the width used when the terminal reports none.
const defaultWidth = 80

// Options configure an Editor.
type Options struct {
	// Prompt is drawn before the first line, e.g. "you › ". Plain text:
	// control characters are dropped; Color styles it.
	Prompt string
	// LivePrompt replaces Prompt in ReadLineLive, so a line typed below a
	// run's live view (e.g. "queue › ") never looks like the idle prompt;
	// empty means Prompt.
	LivePrompt string
	// Continuation is drawn before every following line, e.g. "    ".
	Continuation string
	// History, when set, is browsed with ↑/↓ and receives every
	// submitted non-blank line (terminal input only).
	History History
	// Width returns the terminal width in columns; it is called on every
	// redraw so resizes take effect. Nil asks the input terminal.
	Width func() int
	// Color styles the prompt and continuation with SGR sequences.
	//
	// A call cancelled through its context keeps its unfinished line: the
	// next ReadLine starts with it.
	Color bool
	// Complete, when set, completes on Tab: given the text before the
	// cursor it returns where the word to complete starts (a byte offset)
	// and its candidates; Tab inserts their longest common prefix. A
	// negative start means there is nothing to complete and Tab inserts a
	// tab character.
	Complete func(before string) (start int, candidates []string)
}

// Editor reads lines and keys from one input. It is safe to call Close
// from any goroutine; ReadLine and ReadKey calls are serialised (a call
// waits for the one before it to return).
//
// Input is read by one goroutine owned by the Editor (started by the first
// call, ended by Close) and only while a call waits for input; whatever it
// read beyond the end of a call's line is kept for the next call. After
// Close nobody else may read the input file: a blocking read may still be
// pending on systems without poll or select (Windows).
type Editor struct {
	out  io.Writer
	opts Options
	fd   int
	tty  bool
	in   *input

	mu     sync.Mutex // serialises calls; guards everything below
	dec    decoder
	queue  []key  // decoded keys not yet used (type-ahead)
	plain  []byte // non-terminal input after the last line
	atEOF  bool   // non-terminal input ended
	killed string // the last killed text, for Ctrl+Y
	carry  string // the line of a cancelled call, for the next call
	live   bool   // this call keeps output processing (ReadLineLive)
	// eofTyped is a Ctrl+D typed on an empty line of a live call: the
	// user asked to quit while the run worked, so the next plain call
	// returns io.EOF at once.
	eofTyped bool
	closeMu  sync.Mutex
	closed   bool
}

// New returns an Editor reading in (which must not be nil) and drawing on
// out, normally the same terminal. When in is not a terminal, ReadLine reads
// plain lines and no escape sequence is written.
func New(in *os.File, out io.Writer, opts Options) *Editor {
	opts.Prompt = printableOnly(opts.Prompt)
	opts.LivePrompt = printableOnly(opts.LivePrompt)
	opts.Continuation = printableOnly(opts.Continuation)
	fd := int(in.Fd())
	return &Editor{out: out, opts: opts, fd: fd, tty: term.IsTerminal(fd), in: newInput(in)}
}

// prompt is the prompt of the current call: LivePrompt in a live call
// that has one, else Prompt. The caller holds e.mu.
func (e *Editor) prompt() string {
	if e.live && e.opts.LivePrompt != "" {
		return e.opts.LivePrompt
	}
	return e.opts.Prompt
}

// Close stops the input goroutine; later calls return ErrClosed and a call
// blocked waiting for input returns ErrClosed. It does not close the input
// file. After Close the input must not be read by anyone else: on Linux,
// macOS and the BSDs the goroutine has ended when Close returns, but where
// reads cannot be interrupted (Windows) a pending read may still take the
// next bytes. Close is idempotent.
func (e *Editor) Close() error {
	e.closeMu.Lock()
	e.closed = true
	e.closeMu.Unlock()
	return e.in.close()
}

// begin serialises a call and refuses it after Close.
func (e *Editor) begin() error {
	e.mu.Lock()
	e.closeMu.Lock()
	closed := e.closed
	e.closeMu.Unlock()
	if closed {
		e.mu.Unlock()
		return ErrClosed
	}
	return nil
}

// width returns the current terminal width.
func (e *Editor) width() int {
	if e.opts.Width != nil {
		if w := e.opts.Width(); w > 0 {
			return w
		}
		return defaultWidth
	}
	if w, _, err := term.GetSize(e.fd); err == nil && w > 0 {
		return w
	}
	return defaultWidth
}

// height returns the terminal height, 0 when unknown.
func (e *Editor) height() int {
	if _, h, err := term.GetSize(e.fd); err == nil && h > 0 {
		return h
	}
	return 0
}

// enterRaw puts the terminal in raw mode and enables bracketed paste and
// the kitty keyboard protocol. The returned function undoes both; it must
// run however the call ends.
func (e *Editor) enterRaw() (restore func() error, err error) {
	state, err := term.MakeRaw(e.fd)
	if err != nil {
		return nil, fmt.Errorf("lineedit: raw mode: %w", err)
	}
	if e.live {
		keepOutputProcessing(e.fd)
	}
	restore = func() error {
		_, werr := io.WriteString(e.out, seqKittyPop+seqPasteOff)
		if err := term.Restore(e.fd, state); err != nil {
			return fmt.Errorf("lineedit: restore terminal: %w", err)
		}
		if werr != nil {
			return fmt.Errorf("lineedit: write: %w", werr)
		}
		return nil
	}
	if _, err := io.WriteString(e.out, seqPasteOn+seqKittyPush); err != nil {
		restore()
		return nil, fmt.Errorf("lineedit: write: %w", err)
	}
	return restore, nil
}

// nextKey returns the next key, reading more input when none is queued.
// An incomplete escape sequence is resolved after escapeTimeout.
func (e *Editor) nextKey(ctx context.Context, resize <-chan os.Signal) (key, error) {
	for len(e.queue) == 0 {
		rctx, cancel := ctx, context.CancelFunc(func() {})
		timed := e.dec.waiting()
		if timed {
			rctx, cancel = context.WithTimeout(ctx, escapeTimeout)
		}
		data, err := e.in.read(rctx, resize)
		cancel()
		switch {
		case err == nil:
			e.queue = append(e.queue, markBursts(e.dec.feed(data))...)
		case timed && ctx.Err() == nil && errors.Is(err, context.DeadlineExceeded):
			e.queue = append(e.queue, e.dec.flush()...)
		default:
			return key{}, err
		}
	}
	k := e.queue[0]
	e.queue = e.queue[1:]
	if len(e.queue) == 0 {
		e.queue = nil
	}
	return k, nil
}

// write writes s in raw mode, where a newline needs its carriage return.
func (e *Editor) write(s string) error {
	s = strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\n", "\r\n")
	if _, err := io.WriteString(e.out, s); err != nil {
		return fmt.Errorf("lineedit: write: %w", err)
	}
	return nil
}

// printableOnly drops control characters from a prompt.
func printableOnly(s string) string {
	return strings.Map(func(r rune) rune {
		if r < ' ' || (r >= 0x7f && r < 0xa0) {
			return -1
		}
		return r
	}, s)
}
