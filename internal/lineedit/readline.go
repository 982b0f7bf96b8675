package lineedit

import (
	"context"
	"errors"
	"io"
	"os"
	"strings"
	"unicode/utf8"
)

// ReadLine shows the prompt and returns the line the user submits with
// Enter; it may hold newlines (Shift+Enter, Alt+Enter, a paste). It returns
// ErrInterrupted on Ctrl+C in an empty buffer (Ctrl+C with text clears
// it), io.EOF on Ctrl+D in an empty buffer (or when the input ends; a
// Ctrl+D typed during ReadLineLive makes the next ReadLine return io.EOF
// at once), ctx.Err() when ctx is done, ErrClosed after Close. The
// terminal is in raw mode only during the call and is restored however the
// call ends, panics included. A submitted non-blank line is added to
// Options.History.
//
// On a non-terminal input ReadLine writes the prompt as plain text and
// reads one line (without its "\n" or "\r\n"); a last line without a
// newline is returned before io.EOF.
func (e *Editor) ReadLine(ctx context.Context) (line string, err error) {
	if err := e.begin(); err != nil {
		return "", err
	}
	defer e.mu.Unlock()
	if err := ctx.Err(); err != nil {
		return "", err
	}
	if !e.tty {
		return e.readPlainLine(ctx, e.prompt())
	}
	restore, err := e.enterRaw()
	if err != nil {
		return "", err
	}
	defer func() {
		if rerr := restore(); rerr != nil && err == nil {
			err = rerr
		}
	}()
	resize, stop := watchResize()
	defer stop()
	s := &session{e: e, r: renderer{out: e.out, color: e.opts.Color}, hist: -1, goal: -1}
	return s.run(ctx, resize)
}

// ReadLineLive is ReadLine while other output goes on above the prompt
// (a run's live view): raw input, but the terminal keeps translating "\n"
// to "\r\n" for that output.
func (e *Editor) ReadLineLive(ctx context.Context) (string, error) {
	e.mu.Lock()
	e.live = true
	e.mu.Unlock()
	defer func() {
		e.mu.Lock()
		e.live = false
		e.mu.Unlock()
	}()
	return e.ReadLine(ctx)
}

// session is the state of one ReadLine call.
type session struct {
	e     *Editor
	buf   buffer
	r     renderer
	hist  int    // the history entry shown, -1 for the user's draft
	draft string // the draft, while a history entry is shown
	goal  int    // the column ↑/↓ aim for, -1 when not moving vertically
}

// outcome ends a call: the submitted line or the error to return.
type outcome struct {
	line string
	err  error
}

func (s *session) run(ctx context.Context, resize <-chan os.Signal) (string, error) {
	if s.e.eofTyped && !s.e.live {
		s.e.eofTyped = false
		return "", io.EOF
	}
	if s.e.carry != "" {
		s.buf.set(s.e.carry)
		s.e.carry = ""
	}
	if err := s.render(false); err != nil {
		return "", err
	}
	for {
		k, err := s.e.nextKey(ctx, resize)
		if errors.Is(err, errResized) {
			if err := s.render(false); err != nil {
				return "", err
			}
			continue
		}
		if err != nil {
			if ctx.Err() != nil {
				// Cancelled (a run ended, an approval took the terminal):
				// what was typed so far waits in the next call's line.
				s.e.carry = s.buf.String()
			}
			s.render(true) // err (ctx.Err(), ErrClosed, io.EOF) is returned as is
			return "", err
		}
		if out := s.apply(k); out != nil {
			if rerr := s.render(true); rerr != nil && out.err == nil {
				return out.line, rerr
			}
			return out.line, out.err
		}
		if len(s.e.queue) == 0 { // draw once per burst of keys
			if err := s.render(false); err != nil {
				return "", err
			}
		}
	}
}

// layout lays the buffer out at the given width.
func (s *session) layout(width int) layout {
	return computeLayout(s.e.prompt(), s.e.opts.Continuation, s.buf.text, s.buf.cur, width)
}

// render draws the buffer at the current terminal size; final leaves the
// cursor on a fresh line below it.
func (s *session) render(final bool) error {
	if final {
		s.buf.toEnd()
	}
	width := s.e.width()
	return s.r.draw(s.layout(width), width, s.e.height(), final)
}

// apply performs the action bound to k. It returns the call's outcome when
// k ends it.
func (s *session) apply(k key) *outcome {
	vertical := false
	defer func() {
		if !vertical {
			s.goal = -1
		}
	}()
	switch {
	case k.code == keyPaste:
		s.buf.insert(k.text)
	case k.printable():
		s.buf.insert(string(k.code))
	case k.code == keyEnter && k.mod == 0:
		return s.submit()
	case k.code == keyEnter, k.ctrl('j'):
		s.buf.insert("\n")
	case k.code == keyTab && k.mod == 0:
		s.complete()
	case k.code == keyUp, k.ctrl('p'):
		vertical = true
		s.vertical(-1)
	case k.code == keyDown, k.ctrl('n'):
		vertical = true
		s.vertical(+1)
	case k.ctrl('c') && !s.buf.empty():
		// The first Ctrl+C clears the line (Ctrl+Y brings it back); on an
		// empty line it interrupts.
		s.kill(s.buf.cut(0, len(s.buf.text)))
		s.hist, s.draft = -1, ""
	case k.ctrl('c'):
		return &outcome{err: ErrInterrupted}
	case k.ctrl('o') && s.e.live:
		s.e.carry = s.buf.String()
		return &outcome{err: ErrLiveKey}
	case k.ctrl('d') && s.buf.empty():
		s.e.eofTyped = s.e.live
		return &outcome{err: io.EOF}
	case k.ctrl('l'):
		s.r.forget()
		s.e.write(seqClearScreen)
	case k.ctrl('y'):
		s.buf.insert(s.e.killed)
	default:
		s.edit(k)
	}
	return nil
}

// edit performs cursor moves and deletions.
func (s *session) edit(k key) {
	b := &s.buf
	word := k.mod&(modAlt|modCtrl) != 0
	switch {
	case k.code == keyBackspace && word, k.mod == modAlt && k.code == keyBackspace:
		s.kill(b.killAlnumBack())
	case k.code == keyBackspace, k.ctrl('h'):
		b.backspace()
	case k.code == keyDelete && word, k.mod == modAlt && k.code == 'd':
		s.kill(b.killWordFwd())
	case k.code == keyDelete, k.ctrl('d'):
		b.deleteNext()
	case k.code == keyLeft && word, k.mod == modAlt && k.code == 'b':
		b.wordLeft()
	case k.code == keyRight && word, k.mod == modAlt && k.code == 'f':
		b.wordRight()
	case k.code == keyLeft, k.ctrl('b'):
		b.left()
	case k.code == keyRight, k.ctrl('f'):
		b.right()
	case k.code == keyHome, k.ctrl('a'):
		b.home()
	case k.code == keyEnd, k.ctrl('e'):
		b.end()
	case k.ctrl('u'):
		s.kill(b.killToStart())
	case k.ctrl('k'):
		s.kill(b.killToEnd())
	case k.ctrl('w'):
		s.kill(b.killWordBack())
	}
}

// kill keeps killed text for Ctrl+Y.
func (s *session) kill(text string) {
	if text != "" {
		s.e.killed = text
	}
}

// submit ends the call with the buffer and records it in the history.
func (s *session) submit() *outcome {
	line := s.buf.String()
	if h := s.e.opts.History; h != nil && strings.TrimSpace(line) != "" {
		h.Add(line)
	}
	return &outcome{line: line}
}

// vertical moves the cursor one row up (dir -1) or down (+1), keeping its
// column; from the first or last row it browses the history instead.
func (s *session) vertical(dir int) {
	l := s.layout(s.e.width())
	if s.goal < 0 {
		s.goal = l.cursor.col
	}
	for r := l.cursor.row + dir; r >= l.firstRow() && r <= l.lastRow(); r += dir {
		if i, ok := l.indexAt(r, s.goal); ok {
			s.buf.cur = i
			return
		}
	}
	s.browse(-dir)
}

// browse shows the next older (+1) or newer (-1) history entry, with the
// cursor at its end; the newest step back is the user's draft.
func (s *session) browse(step int) {
	h := s.e.opts.History
	if h == nil {
		return
	}
	next := s.hist + step
	if next < -1 || next >= h.Len() {
		return
	}
	if s.hist == -1 {
		s.draft = s.buf.String()
	}
	s.hist = next
	s.goal = -1
	if next == -1 {
		s.buf.set(s.draft)
		return
	}
	s.buf.set(h.At(next))
}

// complete performs Tab: the completion Options.Complete offers for the
// text before the cursor, or a tab character when it offers none.
func (s *session) complete() {
	c := s.e.opts.Complete
	if c == nil {
		s.buf.insert("\t")
		return
	}
	before := string(s.buf.text[:s.buf.cur])
	start, candidates := c(before)
	if len(candidates) == 0 || start < 0 || start > len(before) {
		if start < 0 {
			s.buf.insert("\t")
		}
		return
	}
	word := before[start:]
	common := candidates[0]
	for _, cand := range candidates[1:] {
		common = commonPrefix(common, cand)
	}
	if len(common) > len(word) && strings.HasPrefix(common, word) {
		s.buf.insert(common[len(word):])
	}
}

// commonPrefix is the longest common prefix of a and b, on a rune boundary.
func commonPrefix(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	for i > 0 && i < len(a) && !utf8.RuneStart(a[i]) {
		i--
	}
	return a[:i]
}
