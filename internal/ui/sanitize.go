package ui

import (
	"strings"
	"unicode"

	"github.com/charmbracelet/x/ansi"
)

// terminalSafe makes text the model wrote safe to print: escape sequences
// (OSC 52 clipboard writes, window titles, clear-screen, cursor moves,
// colours) are removed, and so is every other control character but the
// newline and the tab. A carriage return would let a line overwrite what
// was printed before it.
func terminalSafe(s string) string {
	s = ansi.Strip(s)
	if strings.IndexFunc(s, unsafeRune) < 0 {
		return s
	}
	return strings.Map(func(r rune) rune {
		if unsafeRune(r) {
			return -1
		}
		return r
	}, s)
}

// unsafeRune reports a control character other than newline and tab.
func unsafeRune(r rune) bool {
	return r != '\n' && r != '\t' && unicode.IsControl(r)
}
