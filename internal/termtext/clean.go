package termtext

import (
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Clean turns terminal output into plain text for the model: it
// drops escape sequences, 7-bit and 8-bit (ansi.Strip: CSI, OSC, DCS, ...),
// turns "\r\n" into "\n", lets a bare "\r" start the line over (progress
// bars keep only their last state), applies backspaces to whole characters,
// drops other control characters except tab, and keeps the text valid UTF-8
// (ansi.Strip drops invalid bytes).
func Clean(b []byte) []byte {
	s := ansi.Strip(string(b))
	out := make([]byte, 0, len(s))
	lineStart := 0
	pendingCR := false
	for _, r := range s {
		switch {
		case r == '\r':
			pendingCR = true
			continue
		case r == '\n':
			pendingCR = false
			out = append(out, '\n')
			lineStart = len(out)
			continue
		case r == '\b':
			if len(out) > lineStart {
				_, n := utf8.DecodeLastRune(out[lineStart:])
				out = out[:len(out)-n]
			}
			continue
		case r < 0x20 && r != '\t', r == 0x7f, r >= 0x80 && r <= 0x9f:
			continue
		}
		if pendingCR {
			out = out[:lineStart]
			pendingCR = false
		}
		out = utf8.AppendRune(out, r)
	}
	return out
}
