package lineedit

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/term"
)

// ErrClosed is returned by calls on a closed Reader, and by a call blocked
// waiting for input when the Reader is closed.
var ErrClosed = errors.New("lineedit: reader closed")

// Reader reads plain lines from one input file. Calls are serialised (a
// call waits for the one before it to return); Close may be called from
// any goroutine.
//
// After Close nobody else may read the input file: on Linux, macOS and the
// BSDs the reading goroutine has ended when Close returns, but where reads
// cannot be interrupted (Windows) a pending read may still take the next
// bytes.
type Reader struct {
	out io.Writer
	in  *input
	// echoed is set when in is a terminal: the user's Enter is echoed,
	// so the prompt needs no newline of its own.
	echoed bool

	mu    sync.Mutex // serialises calls; guards buf and atEOF
	buf   []byte     // input read after the last line
	atEOF bool       // the input ended

	closeMu sync.Mutex
	closed  bool
}

// NewReader returns a Reader of in (which must not be nil) that writes
// its prompts, as plain text, on out.
func NewReader(in *os.File, out io.Writer) *Reader {
	return &Reader{out: out, in: newInput(in), echoed: term.IsTerminal(int(in.Fd()))}
}

// ReadLine writes prompt and returns the next line, without its "\n" or
// "\r\n"; a last line without a newline is returned before io.EOF. It
// returns ctx.Err() when ctx ends first (a line that arrives later is kept
// for the next call) and ErrClosed after Close.
func (r *Reader) ReadLine(ctx context.Context, prompt string) (string, error) {
	if err := r.begin(); err != nil {
		return "", err
	}
	defer r.mu.Unlock()
	if err := ctx.Err(); err != nil {
		return "", err
	}
	return r.promptLine(ctx, prompt)
}

// ReadKey writes prompt, reads lines and returns the first one whose first
// non-blank rune is in keys, matched case-insensitively and returned as
// written in keys; an empty line is Enter, which matches '\r' or '\n' when
// keys holds one. A key is thus typed and then submitted with Enter.
func (r *Reader) ReadKey(ctx context.Context, prompt, keys string) (rune, error) {
	if keys == "" {
		return 0, errors.New("lineedit: ReadKey: no keys to wait for")
	}
	if err := r.begin(); err != nil {
		return 0, err
	}
	defer r.mu.Unlock()
	for {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		line, err := r.promptLine(ctx, prompt)
		if err != nil {
			return 0, err
		}
		if k, ok := matchKey(line, keys); ok {
			return k, nil
		}
	}
}

// Close stops the reading goroutine; later calls return ErrClosed. It does
// not close the input file. Close is idempotent.
func (r *Reader) Close() error {
	r.closeMu.Lock()
	r.closed = true
	r.closeMu.Unlock()
	return r.in.close()
}

// begin serialises a call and refuses it after Close.
func (r *Reader) begin() error {
	r.mu.Lock()
	r.closeMu.Lock()
	closed := r.closed
	r.closeMu.Unlock()
	if closed {
		r.mu.Unlock()
		return ErrClosed
	}
	return nil
}

// promptLine writes prompt and reads a line; on an input that is not a
// terminal it ends the prompt's line once the line is read. The caller
// holds r.mu.
func (r *Reader) promptLine(ctx context.Context, prompt string) (string, error) {
	if prompt == "" {
		return r.line(ctx)
	}
	if _, err := io.WriteString(r.out, prompt); err != nil {
		return "", fmt.Errorf("lineedit: write: %w", err)
	}
	line, err := r.line(ctx)
	if err == nil && !r.echoed {
		if _, werr := io.WriteString(r.out, "\n"); werr != nil {
			return line, fmt.Errorf("lineedit: write: %w", werr)
		}
	}
	return line, err
}

// line returns the next line of the input. The caller holds r.mu.
func (r *Reader) line(ctx context.Context) (string, error) {
	for {
		if i := bytes.IndexByte(r.buf, '\n'); i >= 0 {
			line := string(r.buf[:i])
			r.buf = r.buf[i+1:]
			return strings.TrimSuffix(line, "\r"), nil
		}
		if r.atEOF {
			if len(r.buf) == 0 {
				return "", io.EOF
			}
			line := string(r.buf)
			r.buf = nil
			return line, nil
		}
		data, err := r.in.read(ctx)
		switch {
		case errors.Is(err, io.EOF):
			r.atEOF = true
		case err != nil:
			return "", err
		}
		r.buf = append(r.buf, data...)
	}
}

// matchKey finds the first non-blank rune of line among keys; a blank
// line is Enter.
func matchKey(line, keys string) (rune, bool) {
	want := '\r'
	if s := strings.TrimSpace(line); s != "" {
		want, _ = utf8.DecodeRuneInString(s)
	}
	for _, k := range keys {
		if k == want || strings.EqualFold(string(k), string(want)) || (want == '\r' && k == '\n') {
			return k, true
		}
	}
	return 0, false
}
