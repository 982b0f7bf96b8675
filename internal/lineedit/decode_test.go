package lineedit

import (
	"reflect"
	"testing"
	"unicode/utf8"
)

func decodeAll(chunks ...string) []key {
	var d decoder
	var keys []key
	for _, c := range chunks {
		keys = append(keys, d.feed([]byte(c))...)
	}
	return append(keys, d.flush()...)
}

func TestDecode(t *testing.T) {
	k := func(code rune, mod modifier) key { return key{code: code, mod: mod} }
	tests := []struct {
		name string
		in   string
		want []key
	}{
		{"ascii", "ab", []key{k('a', 0), k('b', 0)}},
		{"utf-8", "日😀", []key{k('日', 0), k('😀', 0)}},
		{"invalid utf-8", "\xff", []key{k(utf8.RuneError, 0)}},
		{"enter cr and lf", "\r\n", []key{k(keyEnter, 0), k(keyEnter, 0)}},
		{"controls", "\x01\x03\x04\x7f\x08\t", []key{k('a', modCtrl), k('c', modCtrl), k('d', modCtrl), k(keyBackspace, 0), k(keyBackspace, 0), k(keyTab, 0)}},
		{"arrows", "\x1b[A\x1b[B\x1b[C\x1b[D", []key{k(keyUp, 0), k(keyDown, 0), k(keyRight, 0), k(keyLeft, 0)}},
		{"ss3", "\x1bOA\x1bOH\x1bOF\x1bOM", []key{k(keyUp, 0), k(keyHome, 0), k(keyEnd, 0), k(keyEnter, 0)}},
		{"modified arrows", "\x1b[1;3D\x1b[1;5C\x1b[1;2A", []key{k(keyLeft, modAlt), k(keyRight, modCtrl), k(keyUp, modShift)}},
		{"tilde keys", "\x1b[1~\x1b[4~\x1b[3~\x1b[7~\x1b[8~\x1b[3;5~", []key{k(keyHome, 0), k(keyEnd, 0), k(keyDelete, 0), k(keyHome, 0), k(keyEnd, 0), k(keyDelete, modCtrl)}},
		{"shift+enter csi u", "\x1b[13;2u", []key{k(keyEnter, modShift)}},
		{"shift+enter modifyOtherKeys", "\x1b[27;2;13~", []key{k(keyEnter, modShift)}},
		{"alt+enter", "\x1b\r", []key{k(keyEnter, modAlt)}},
		{"alt+letter", "\x1bb\x1b\x7f", []key{k('b', modAlt), k(keyBackspace, modAlt)}},
		{"kitty ctrl+c and escape", "\x1b[99;5u\x1b[27u", []key{k('c', modCtrl), k(keyEscape, 0)}},
		{"kitty lock bits ignored", "\x1b[99;69u", []key{k('c', modCtrl)}},
		{"kitty shifted letter", "\x1b[97;2u", []key{k('A', 0)}},
		{"kitty sub-parameters", "\x1b[97:65;5:1u", []key{k('a', modCtrl)}},
		{"kitty functional keys ignored", "\x1b[57399u", nil},
		{"keypad enter", "\x1b[57414u", []key{k(keyEnter, 0)}},
		{"lone escape after timeout", "\x1b", []key{k(keyEscape, 0)}},
		{"double escape", "\x1b\x1b[A", []key{k(keyEscape, 0), k(keyUp, 0)}},
		{"private replies ignored", "\x1b[?1u\x1b[<0;1;1M\x1b[>1;2c", nil},
		{"focus and unknown ignored", "\x1b[I\x1b[O\x1b[15~x", []key{k('x', 0)}},
		{"malformed csi dropped", "\x1b[1\x01", []key{k('a', modCtrl)}},
		{"c1 and bidi controls dropped", "\u0085\u202ex", []key{k('x', 0)}},
		{"zero-width joiner kept", "\u200d", []key{k('\u200d', 0)}},
		{"paste", pasteStart + "a\r\nb\rc\x1b[Ad\t" + pasteEnd, []key{{code: keyPaste, text: "a\nb\nc[Ad\t"}}},
		{"empty paste", pasteStart + pasteEnd + "x", []key{{code: keyPaste}, k('x', 0)}},
		{"paste of marker-like text", pasteStart + "\x1b[201" + pasteEnd, []key{{code: keyPaste, text: "[201"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := decodeAll(tt.in); !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("decode(%q) = %+v, want %+v", tt.in, got, tt.want)
			}
		})
	}
}

// TestDecodeSplit feeds every input split at every byte: the keys must be
// the same as when it arrives at once.
func TestDecodeSplit(t *testing.T) {
	inputs := []string{
		"a\x1b[1;3D日\x1b[13;2u\x1bOA",
		pasteStart + "x\r\ny" + pasteEnd + "z",
		"😀\x1b[27;2;13~\x1b[99;5u",
	}
	for _, in := range inputs {
		whole := decodeAll(in)
		for i := 1; i < len(in); i++ {
			if got := decodeAll(in[:i], in[i:]); !reflect.DeepEqual(got, whole) {
				t.Fatalf("split %q|%q = %+v, want %+v", in[:i], in[i:], got, whole)
			}
		}
	}
}

func TestDecoderWaiting(t *testing.T) {
	var d decoder
	d.feed([]byte("\x1b"))
	if !d.waiting() {
		t.Fatal("a lone ESC does not wait for the escape timeout")
	}
	d.feed([]byte("[200~abc\x1b[20"))
	if d.waiting() {
		t.Fatal("an unfinished paste waits for the escape timeout")
	}
	if keys := d.flush(); keys != nil {
		t.Fatalf("flush inside a paste = %+v", keys)
	}
	if keys := d.feed([]byte("1~")); len(keys) != 1 || keys[0].text != "abc" {
		t.Fatalf("paste = %+v", keys)
	}
}

func TestMarkBursts(t *testing.T) {
	k := func(code rune) key { return key{code: code} }
	nl := key{code: keyPaste, text: "\n", burst: true}
	b := func(code rune) key { return key{code: code, burst: true} }
	tests := []struct {
		name string
		in   []key
		want []key
	}{
		{"one key", []key{k('a')}, []key{k('a')}},
		{"typed line", []key{k('a'), k(keyEnter)}, []key{b('a'), b(keyEnter)}},
		{"enter then text is a paste", []key{k('a'), k(keyEnter), k('b')}, []key{b('a'), nl, b('b')}},
		{"two enters are a paste", []key{k(keyEnter), k(keyEnter)}, []key{nl, nl}},
		{"enter then a cursor key", []key{k(keyEnter), k(keyUp)}, []key{b(keyEnter), b(keyUp)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := markBursts(tt.in); !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("markBursts = %+v, want %+v", got, tt.want)
			}
		})
	}
}

// FuzzDecode checks that decoding never panics, that a split never changes
// the keys, and that pasted text holds no control characters.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{"abc\r", "\x1b[1;3D", pasteStart + "a\r\nb" + pasteEnd, "\x1b[13;2u", "\x1b\x1b", "日本\xff", "\x1b[27;2;13~"} {
		f.Add([]byte(s), uint8(1))
	}
	f.Fuzz(func(t *testing.T, in []byte, split uint8) {
		whole := decodeAll(string(in))
		i := int(split) % (len(in) + 1)
		if got := decodeAll(string(in[:i]), string(in[i:])); !reflect.DeepEqual(got, whole) {
			t.Fatalf("split at %d: %+v, want %+v", i, got, whole)
		}
		for _, k := range whole {
			for _, r := range k.text {
				if r != '\n' && r != '\t' && !insertable(r) {
					t.Fatalf("paste holds %U", r)
				}
			}
		}
	})
}
