// Package lineedit is wtagent's terminal line editor: the interactive
// `you › ` prompt and the one-key approval prompts.
//
// An [Editor] owns one input file. When the input is a terminal, ReadLine
// puts it in raw mode for the duration of the call (and always restores it,
// also on error, panic or context cancellation), enables bracketed paste
// and the kitty keyboard protocol (level 1, for Shift+Enter), and renders a
// multi-line buffer that wraps at the terminal width. When the input is not
// a terminal (a pipe, a file, CI with no stdin), ReadLine reads plain lines.
//
// Input is read by a single goroutine owned by the Editor, and only while a
// ReadLine or ReadKey call asks for it. Bytes that arrive after a call has
// returned (type-ahead, the rest of a paste, a read completed after a
// cancellation) are kept for the next call: no byte is lost between calls.
// The goroutine ends on Close.
//
// History is an interface; [OpenFileHistory] persists entries across runs,
// one JSON string per line, so multi-line entries survive.
package lineedit
