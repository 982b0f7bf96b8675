// Package cellwidth is the one width function of the terminal: how many
// cells a text takes when printed, and how to cut it to fit. Everything
// that fits text to the terminal (the live view's status line, the line
// editor's layout, the resume picker) measures through it, so the two
// writers that share the terminal agree with each other and with the
// terminal.
//
// Text is measured as grapheme clusters (UAX #29): an East Asian wide
// character takes two cells, an emoji — a ZWJ sequence such as 👨‍👩‍👧 or
// a flag such as 🇯🇵 included — two, a base with combining marks one,
// and ANSI escape sequences none. github.com/charmbracelet/x/ansi does
// the work (its grapheme method), the same measure the VT emulator of the
// screen tests and the Charm TUI libraries use.
package cellwidth
