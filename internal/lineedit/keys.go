package lineedit

import "unicode"

// modifier is the set of modifier keys held with a key.
type modifier uint8

const (
	modShift modifier = 1 << iota
	modAlt
	modCtrl
)

// Special key codes. Printable keys use their rune as the code; a control
// character arrives as its letter with modCtrl (0x01 is Ctrl+a).
const (
	keyNone rune = -(iota + 1) // a sequence that carries no key (ignored)
	keyEnter
	keyTab
	keyBackspace
	keyDelete
	keyEscape
	keyUp
	keyDown
	keyLeft
	keyRight
	keyHome
	keyEnd
	keyPaste      // a bracketed paste; the text is in key.text
	keyPasteStart // internal to the decoder: ESC[200~
)

// key is one decoded keystroke or paste.
type key struct {
	code  rune
	mod   modifier
	text  string // the pasted text, for keyPaste
	burst bool   // arrived in one read together with other keys
}

// printable reports whether k inserts its rune as typed.
func (k key) printable() bool {
	return k.mod&(modCtrl|modAlt) == 0 && insertable(k.code)
}

// insertable reports whether r may go into the buffer as typed: graphic
// characters and invisible format characters (the zero-width joiner of an
// emoji sequence), but no control characters and no bidirectional
// overrides, which would make the text display as something it is not.
func insertable(r rune) bool {
	switch {
	case r < ' ' || r == 0x7f || (r >= 0x80 && r < 0xa0):
		return false
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069:
		return false
	}
	return unicode.IsGraphic(r) || unicode.Is(unicode.Cf, r)
}

// ctrl reports whether k is Ctrl plus the given lower-case letter.
func (k key) ctrl(letter rune) bool {
	return k.code == letter && k.mod&modCtrl != 0 && k.mod&modAlt == 0
}

// plainEnter reports whether k is Enter without modifiers.
func (k key) plainEnter() bool { return k.code == keyEnter && k.mod == 0 }

// controlKey maps a C0 control byte (or DEL) to its key.
func controlKey(c byte) key {
	switch c {
	case '\r', '\n':
		// Raw mode sends CR for Enter; LF is what the line discipline
		// made of an Enter typed ahead in cooked mode.
		return key{code: keyEnter}
	case '\t':
		return key{code: keyTab}
	case 0x7f, 0x08:
		return key{code: keyBackspace}
	case 0x1b:
		return key{code: keyEscape}
	}
	if c >= 0x01 && c <= 0x1a {
		return key{code: rune('a' + c - 1), mod: modCtrl}
	}
	return key{code: keyNone}
}

// markBursts flags keys decoded from one read, and turns the Enters of an
// unbracketed paste into newlines: a read holding an Enter followed by text,
// or two Enters, is pasted text (a human types one key per read), so its
// lines must not be submitted one by one.
func markBursts(keys []key) []key {
	if len(keys) < 2 {
		return keys
	}
	pasted, sawEnter := false, false
	for i := range keys {
		keys[i].burst = true
		switch {
		case keys[i].plainEnter():
			pasted = pasted || sawEnter
			sawEnter = true
		case sawEnter && keys[i].printable():
			pasted = true
		}
	}
	if pasted {
		for i, k := range keys {
			if k.plainEnter() {
				keys[i] = key{code: keyPaste, text: "\n", burst: true}
			}
		}
	}
	return keys
}
