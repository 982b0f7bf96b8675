package lineedit

import (
	"bytes"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

const (
	pasteStart = "\x1b[200~"
	pasteEnd   = "\x1b[201~"
	// maxSequence bounds an escape sequence; longer ones are dropped.
	maxSequence = 64
)

// decoder turns terminal input bytes into keys. It keeps an incomplete
// escape sequence, UTF-8 sequence or paste end marker until more bytes
// arrive, so input split across reads decodes exactly as if it came at
// once. A pending sequence that is never completed is resolved by flush
// (the caller's escape timeout).
type decoder struct {
	pending []byte
	inPaste bool
	paste   []byte
}

// feed decodes b and returns the complete keys.
func (d *decoder) feed(b []byte) []key {
	d.pending = append(d.pending, b...)
	var keys []key
	for len(d.pending) > 0 {
		if d.inPaste {
			if !d.readPaste(&keys) {
				break
			}
			continue
		}
		k, n := parseKey(d.pending)
		if n == 0 {
			break
		}
		d.pending = d.pending[n:]
		switch k.code {
		case keyPasteStart:
			d.inPaste = true
		case keyNone:
		default:
			keys = append(keys, k)
		}
	}
	d.pending = append(d.pending[:0:0], d.pending...)
	return keys
}

// waiting reports whether an incomplete key sequence waits for more input
// that only an escape timeout should resolve (not inside a paste).
func (d *decoder) waiting() bool { return len(d.pending) > 0 && !d.inPaste }

// flush resolves the pending bytes after the escape timeout: a lone ESC is
// the Escape key, ESC and one byte is Alt plus that key, anything else
// incomplete is dropped.
func (d *decoder) flush() []key {
	if d.inPaste || len(d.pending) == 0 {
		return nil
	}
	p := d.pending
	d.pending = nil
	switch {
	case p[0] != 0x1b:
		return []key{{code: utf8.RuneError}} // a truncated UTF-8 sequence
	case len(p) == 1:
		return []key{{code: keyEscape}}
	case len(p) == 2 && p[1] < utf8.RuneSelf:
		k, _ := parseKey(p[1:])
		k.mod |= modAlt
		return []key{k}
	}
	return nil
}

// readPaste moves pasted bytes into d.paste until the end marker. It
// reports whether the paste ended.
func (d *decoder) readPaste(keys *[]key) bool {
	if i := bytes.Index(d.pending, []byte(pasteEnd)); i >= 0 {
		d.paste = append(d.paste, d.pending[:i]...)
		d.pending = d.pending[i+len(pasteEnd):]
		*keys = append(*keys, key{code: keyPaste, text: cleanPaste(d.paste)})
		d.paste, d.inPaste = nil, false
		return true
	}
	keep := markerPrefix(d.pending, pasteEnd)
	d.paste = append(d.paste, d.pending[:len(d.pending)-keep]...)
	d.pending = d.pending[len(d.pending)-keep:]
	return false
}

// markerPrefix returns the length of the longest suffix of b that is a
// proper prefix of marker.
func markerPrefix(b []byte, marker string) int {
	for n := min(len(b), len(marker)-1); n > 0; n-- {
		if string(b[len(b)-n:]) == marker[:n] {
			return n
		}
	}
	return 0
}

// cleanPaste normalises pasted text: CRLF and CR become LF, invalid UTF-8
// becomes U+FFFD, and control characters other than tab and newline are
// dropped so pasted escape sequences cannot reach the screen.
func cleanPaste(b []byte) string {
	var sb strings.Builder
	sb.Grow(len(b))
	for i := 0; i < len(b); {
		if j := i + printableASCII(b[i:]); j > i { // the common case, in bulk
			sb.Write(b[i:j])
			i = j
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		i += n
		switch {
		case r == '\r':
			if i < len(b) && b[i] == '\n' {
				i++
			}
			sb.WriteByte('\n')
		case r == '\n' || r == '\t' || insertable(r):
			sb.WriteRune(r)
		}
	}
	return sb.String()
}

// printableASCII returns the length of the run of printable ASCII at the
// start of b.
func printableASCII(b []byte) int {
	for i, c := range b {
		if c < ' ' || c >= 0x7f {
			return i
		}
	}
	return len(b)
}

// parseKey decodes the key at the start of b. n is the number of bytes it
// used; n == 0 means b holds only the start of a sequence.
func parseKey(b []byte) (k key, n int) {
	c := b[0]
	switch {
	case c == 0x1b:
		return parseEscape(b)
	case c < 0x20 || c == 0x7f:
		return controlKey(c), 1
	case c < utf8.RuneSelf:
		return key{code: rune(c)}, 1
	case !utf8.FullRune(b):
		return key{}, 0
	}
	r, size := utf8.DecodeRune(b)
	if !insertable(r) {
		return key{code: keyNone}, size // C1 controls, bidi overrides
	}
	return key{code: r}, size
}

// parseEscape decodes a sequence starting with ESC.
func parseEscape(b []byte) (key, int) {
	if len(b) < 2 {
		return key{}, 0
	}
	switch b[1] {
	case '[':
		return parseCSI(b)
	case 'O':
		return parseSS3(b)
	case 0x1b:
		return key{code: keyEscape}, 1
	}
	k, n := parseKey(b[1:])
	if n == 0 {
		return key{}, 0
	}
	k.mod |= modAlt
	return k, n + 1
}

// parseSS3 decodes ESC O x (application cursor keys, keypad Enter).
func parseSS3(b []byte) (key, int) {
	if len(b) < 3 {
		return key{}, 0
	}
	if b[2] == 'M' {
		return key{code: keyEnter}, 3
	}
	return key{code: cursorKey(b[2])}, 3
}

// parseCSI decodes ESC [ params intermediates final.
func parseCSI(b []byte) (key, int) {
	for i := 2; i < len(b); i++ {
		c := b[i]
		switch {
		case c >= 0x20 && c <= 0x3f:
			continue
		case c >= 0x40 && c <= 0x7e:
			return csiKey(string(b[2:i]), c), i + 1
		default:
			return key{code: keyNone}, i // malformed: drop up to c
		}
	}
	if len(b) > maxSequence {
		return key{code: keyNone}, len(b)
	}
	return key{}, 0
}

// cursorKey maps the final byte of a cursor-key sequence to its key.
func cursorKey(c byte) rune {
	switch c {
	case 'A':
		return keyUp
	case 'B':
		return keyDown
	case 'C':
		return keyRight
	case 'D':
		return keyLeft
	case 'H':
		return keyHome
	case 'F':
		return keyEnd
	}
	return keyNone
}

// csiKey maps a complete CSI sequence to a key.
func csiKey(params string, final byte) key {
	if params != "" && strings.ContainsAny(params[:1], "<=>?") {
		return key{code: keyNone} // private replies and mouse reports
	}
	p := csiParams(params)
	mod := csiModifier(p[1])
	switch final {
	case 'A', 'B', 'C', 'D', 'H', 'F':
		return key{code: cursorKey(final), mod: mod}
	case 'Z':
		return key{code: keyTab, mod: modShift}
	case 'u': // kitty keyboard protocol: CSI code ; mods u
		return codepointKey(p[0], mod)
	case '~':
		return tildeKey(p, mod)
	}
	return key{code: keyNone}
}

// tildeKey maps CSI n ~ sequences, including xterm's modifyOtherKeys form
// CSI 27 ; mods ; code ~.
func tildeKey(p [3]int, mod modifier) key {
	switch p[0] {
	case 1, 7:
		return key{code: keyHome, mod: mod}
	case 4, 8:
		return key{code: keyEnd, mod: mod}
	case 3:
		return key{code: keyDelete, mod: mod}
	case 200:
		return key{code: keyPasteStart}
	case 27:
		return codepointKey(p[2], mod)
	}
	return key{code: keyNone}
}

// csiParams parses up to three numeric parameters; a kitty sub-parameter
// (after ':') is ignored. Missing parameters are 0.
func csiParams(s string) [3]int {
	var p [3]int
	for i, field := range strings.SplitN(s, ";", 4) {
		if i == len(p) {
			break
		}
		if j := strings.IndexByte(field, ':'); j >= 0 {
			field = field[:j]
		}
		p[i], _ = strconv.Atoi(field)
	}
	return p
}

// csiModifier decodes the xterm/kitty modifier parameter (1 + bit mask);
// super, hyper, meta and the lock bits are ignored.
func csiModifier(m int) modifier {
	if m < 2 {
		return 0
	}
	return modifier((m - 1) & 0b111)
}

// codepointKey maps a key reported by its Unicode code point (kitty CSI u,
// xterm modifyOtherKeys) to a key.
func codepointKey(cp int, mod modifier) key {
	switch {
	case cp == 13 || cp == 57414: // Enter, keypad Enter
		return key{code: keyEnter, mod: mod}
	case cp == 9:
		return key{code: keyTab, mod: mod}
	case cp == 127 || cp == 8:
		return key{code: keyBackspace, mod: mod}
	case cp == 27:
		return key{code: keyEscape, mod: mod}
	case cp > 0 && cp < 0x20:
		k := controlKey(byte(cp))
		k.mod |= mod
		return k
	case cp < 0x20 || cp > unicode.MaxRune || (cp >= 57344 && cp <= 63743):
		return key{code: keyNone} // kitty's functional keys live in the PUA
	}
	r := rune(cp)
	if mod&modCtrl != 0 {
		return key{code: unicode.ToLower(r), mod: mod &^ modShift}
	}
	if mod&modShift != 0 {
		r, mod = unicode.ToUpper(r), mod&^modShift
	}
	return key{code: r, mod: mod}
}
