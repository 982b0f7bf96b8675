// Package lineedit reads lines from an input that no terminal program
// owns, and keeps the prompt history.
//
// A [Reader] reads plain lines from one input file: a pipe, a file, or a
// terminal left in cooked mode, where the kernel's line editing (erase,
// kill, Ctrl+D) applies and nothing is drawn. A read ends when its context
// ends (Ctrl+C, SIGTERM), without losing the bytes that arrive after it:
// the input is read by one goroutine owned by the Reader, only while a
// call asks for input, and whatever it read beyond a call's line is kept
// for the next call. The interactive terminal is owned by internal/tui,
// not by this package.
//
// The histories, [MemoryHistory] and [FileHistory], are lists of
// submitted lines; [OpenFileHistory] persists entries across runs, one
// JSON string per line, so multi-line entries survive.
package lineedit
