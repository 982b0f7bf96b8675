// Package tui is the one owner of an interactive terminal: a Bubble Tea
// (charm.land/bubbletea/v2) inline program, no alternate screen. Finished
// output goes to the scrollback above it (Program.Println); the live region
// at the bottom shows the running activity's status line and the input
// line, `you › ` while idle or `queue › ` while a run works (what is
// submitted then is queued for the model). An approval is a mode of the
// same model: its question takes the input line's place until one of its
// keys is pressed.
//
// The model is pure (Update and View, driven in the tests and rendered into
// a VT emulator); the Program wraps it for callers on other goroutines:
// ReadLine and ReadKey block until the user answers, SetStatus and Println
// never wait for the terminal. Every width is measured by
// internal/cellwidth, in grapheme clusters, and the program is told to
// measure the same way; rows are wrapped one cell short of the width so a
// terminal's own autowrap never moves the cursor.
package tui
