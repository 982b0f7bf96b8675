package lineedit

import (
	"context"
	"errors"
	"io"
	"strings"
	"unicode"
	"unicode/utf8"
)

// ReadKey shows prompt and waits for one of the runes in keys, matched
// case-insensitively, and returns it as written in keys. Enter matches
// '\r' or '\n' and Escape matches '\x1b' when keys holds them. Ctrl+C
// returns ErrInterrupted, Ctrl+D io.EOF.
//
// An approval must be a deliberate keystroke: keys that arrive together
// with others in one read (pasted or typed ahead) and bracketed pastes are
// ignored.
//
// On a non-terminal input ReadKey writes prompt, reads lines and returns
// the first one whose first non-blank rune is in keys (an empty line
// counts as Enter).
func (e *Editor) ReadKey(ctx context.Context, prompt string, keys string) (r rune, err error) {
	if keys == "" {
		return 0, errors.New("lineedit: ReadKey: no keys to wait for")
	}
	if err := e.begin(); err != nil {
		return 0, err
	}
	defer e.mu.Unlock()
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	if !e.tty {
		return e.readPlainKey(ctx, prompt, keys)
	}
	restore, err := e.enterRaw()
	if err != nil {
		return 0, err
	}
	defer func() {
		if rerr := restore(); rerr != nil && err == nil {
			err = rerr
		}
	}()
	return e.readKey(ctx, prompt, keys)
}

// readKey is ReadKey on a terminal in raw mode.
func (e *Editor) readKey(ctx context.Context, prompt, keys string) (rune, error) {
	if err := e.write(prompt); err != nil {
		return 0, err
	}
	for {
		k, err := e.nextKey(ctx, nil)
		if err != nil {
			e.write("\n") // err says more than a failed write would
			return 0, err
		}
		switch {
		case k.ctrl('c'):
			e.write("^C\n")
			return 0, ErrInterrupted
		case k.ctrl('d'):
			e.write("\n")
			return 0, io.EOF
		case k.burst || k.code == keyPaste:
			continue
		}
		if r, ok := matchKey(k, keys); ok {
			echo := "\n"
			if unicode.IsPrint(r) {
				echo = string(r) + "\n"
			}
			return r, e.write(echo)
		}
	}
}

// matchKey finds k among keys.
func matchKey(k key, keys string) (rune, bool) {
	var want rune
	switch {
	case k.code == keyEnter && k.mod == 0:
		want = '\r'
	case k.code == keyEscape:
		want = '\x1b'
	case k.printable():
		want = k.code
	default:
		return 0, false
	}
	for _, r := range keys {
		if r == want || strings.EqualFold(string(r), string(want)) || (want == '\r' && r == '\n') {
			return r, true
		}
	}
	return 0, false
}

// readPlainKey is ReadKey on a non-terminal input.
func (e *Editor) readPlainKey(ctx context.Context, prompt, keys string) (rune, error) {
	for {
		line, err := e.readPlainLine(ctx, prompt)
		if err != nil {
			return 0, err
		}
		k := key{code: keyEnter}
		if s := strings.TrimSpace(line); s != "" {
			r, _ := utf8.DecodeRuneInString(s)
			k = key{code: r}
		}
		if r, ok := matchKey(k, keys); ok {
			return r, nil
		}
	}
}
