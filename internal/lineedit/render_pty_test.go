//go:build unix

package lineedit

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"

	"github.com/creack/pty"
)

func TestReadLineWideRunes(t *testing.T) {
	p := newPTY(t, 12)
	e := p.editor(Options{Prompt: "> ", Width: func() int { return 12 }})
	ch := readLineAsync(context.Background(), e)
	p.waitCalls(1)
	// Five wide runes fill the row exactly; the sixth starts the next one.
	p.send("日本語日本語")
	p.waitScreen("> 日本語日本\n語", point{1, 2})
	// After the first wide rune; one column is left at the end of the row,
	// so the wide rune after it wraps.
	p.send("\x01\x1b[Ca")
	p.waitScreen("> 日a本語日\n本語", point{0, 5})
	p.send("\x05😀")
	p.waitScreen("> 日a本語日\n本語😀", point{1, 6})
	p.send("\x7f\x7f\r")
	if r := await(t, ch); r.err != nil || r.line != "日a本語日本" {
		t.Fatalf("ReadLine = %q, %v", r.line, r.err)
	}
}

func TestReadLineCtrlLClearsScreen(t *testing.T) {
	p := newPTY(t, 40)
	e := p.editor(Options{})
	ch := readLineAsync(context.Background(), e)
	p.waitCalls(1)
	p.send("old\r")
	await(t, ch)
	ch = readLineAsync(context.Background(), e)
	p.waitCalls(2)
	p.send("abc")
	p.waitScreen("you › old\nyou › abc", point{1, 9})
	p.send("\x0c")
	p.waitScreen("you › abc", point{0, 9})
	p.send("d\r")
	if r := await(t, ch); r.err != nil || r.line != "abcd" {
		t.Fatalf("ReadLine = %q, %v", r.line, r.err)
	}
}

func TestReadLineResize(t *testing.T) {
	p := newPTY(t, 20)
	var width atomic.Int64
	width.Store(20)
	e := p.editor(Options{Width: func() int { return int(width.Load()) }})
	ch := readLineAsync(context.Background(), e)
	p.waitCalls(1)
	p.send(strings.Repeat("x", 30))
	p.waitScreen("you › xxxxxxxxxxxxxx\nxxxxxxxxxxxxxxxx", point{1, 16})
	// The terminal grows: the editor redraws on SIGWINCH at the new width.
	p.mu.Lock()
	p.scr.resize(40)
	p.mu.Unlock()
	if err := pty.Setsize(p.master, &pty.Winsize{Rows: 24, Cols: 40}); err != nil {
		t.Fatal(err)
	}
	width.Store(40)
	if err := syscall.Kill(os.Getpid(), syscall.SIGWINCH); err != nil {
		t.Fatal(err)
	}
	p.waitScreen("you › "+strings.Repeat("x", 30), point{0, 36})
	p.send("\r")
	if r := await(t, ch); r.err != nil || r.line != strings.Repeat("x", 30) {
		t.Fatalf("ReadLine = %q, %v", r.line, r.err)
	}
}

// TestReadLineTallerThanScreen edits a 10-line paste on a 6-row terminal:
// the editor draws a window that follows the cursor, and the submitted
// input is drawn whole.
func TestReadLineTallerThanScreen(t *testing.T) {
	p := newPTYSize(t, 30, 6)
	e := p.editor(Options{})
	ch := readLineAsync(context.Background(), e)
	p.waitCalls(1)
	var lines []string
	for i := range 10 {
		lines = append(lines, fmt.Sprint("l", i))
	}
	p.send(pasteStart + strings.Join(lines, "\n") + pasteEnd)
	p.waitScreen("... l4\n... l5\n... l6\n... l7\n... l8\n... l9", point{5, 6})
	p.send(strings.Repeat("\x1b[A", 6))
	p.waitScreen("... l3\n... l4\n... l5\n... l6\n... l7\n... l8", point{0, 6})
	p.send(strings.Repeat("\x1b[A", 3))
	p.waitScreen("you › l0\n... l1\n... l2\n... l3\n... l4\n... l5", point{0, 6})
	p.send("\r")
	if r := await(t, ch); r.err != nil || r.line != strings.Join(lines, "\n") {
		t.Fatalf("ReadLine = %q, %v", r.line, r.err)
	}
	p.waitScreen("... l5\n... l6\n... l7\n... l8\n... l9", point{5, 0})
}
