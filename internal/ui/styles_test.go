package ui

import "testing"

// TestStylesRender pins what the styles write: with colour, the
// 256-colour palette's codes as given and a reset; without, no escape at
// all and the same layout as with colour (a multi-line text's lines padded
// to the widest, CRLF as LF, a tab as four spaces), as lipgloss v1 wrote it.
func TestStylesRender(t *testing.T) {
	colour, plain := newStyles(true), newStyles(false)
	tests := []struct {
		name string
		got  string
		want string
	}{
		{"faint", colour.dim.Render("x"), "\x1b[2mx\x1b[m"},
		{"bold", colour.bold.Render("x"), "\x1b[1mx\x1b[m"},
		{"palette colour", colour.warn.Render("x"), "\x1b[38;5;214mx\x1b[m"},
		{"faint colour", colour.hunk.Render("@@"), "\x1b[2;38;5;39m@@\x1b[m"},
		{"colour pads lines", colour.bad.Render("ab\nc"), "\x1b[38;5;203mab\x1b[m\n\x1b[38;5;203mc\x1b[m "},
		{"plain", plain.warn.Render("x"), "x"},
		{"plain pads lines", plain.dim.Render("ab\nc"), "ab\nc "},
		{"plain CRLF", plain.bold.Render("a\r\nb"), "a\nb"},
		{"plain tab", plain.ok.Render("a\tb"), "a    b"},
		{"plain lines one by one", renderLines(plain.warn, "ab\nc"), "ab\nc"},
		{"plain empty", plain.bad.Render(""), ""},
	}
	for _, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, tt.got, tt.want)
		}
	}
}
