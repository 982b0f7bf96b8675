package lineedit

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"

	"github.com/creack/pty"
)

// TestHistoryAcrossRuns submits lines with one Editor and its history file,
// then browses them with a second Editor on the reopened file.
func TestHistoryAcrossRuns(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state", "history.jsonl")
	p := newPTY(t, 40)

	h1, err := OpenFileHistory(path, 100)
	if err != nil {
		t.Fatal(err)
	}
	e1 := New(p.tty, p.tty, Options{Prompt: "you › ", Continuation: "... ", History: h1})
	for i, keys := range []string{"first\r", pasteStart + "second\nline" + pasteEnd + "\r", "  \r"} {
		ch := readLineAsync(context.Background(), e1)
		p.waitCalls(i + 1)
		p.send(keys)
		if r := await(t, ch); r.err != nil {
			t.Fatal(r.err)
		}
	}
	if err := e1.Close(); err != nil {
		t.Fatal(err)
	}
	if err := h1.Close(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := "\"first\"\n\"second\\nline\"\n"; string(data) != want {
		t.Fatalf("history file = %q, want %q", data, want)
	}

	h2, err := OpenFileHistory(path, 100)
	if err != nil {
		t.Fatal(err)
	}
	defer h2.Close()
	p2 := newPTY(t, 40)
	e2 := p2.editor(Options{History: h2})
	ch := readLineAsync(context.Background(), e2)
	p2.waitCalls(1)
	steps := []struct {
		keys   string
		screen string
		cursor point
	}{
		{"draft", "you › draft", point{0, 11}},
		{"\x1b[A", "you › second\n... line", point{1, 8}}, // newest entry, cursor at its end
		{"\x1b[A", "you › second\n... line", point{0, 8}}, // up inside the entry
		{"\x1b[A", "you › first", point{0, 11}},           // older entry
		{"\x1b[A", "you › first", point{0, 11}},           // oldest: stays
		{"\x1b[B", "you › second\n... line", point{1, 8}},
		{"\x1b[B", "you › draft", point{0, 11}}, // back to the draft
		{"\x1b[A\x1b[A\x1b[A", "you › first", point{0, 11}},
	}
	for _, st := range steps {
		p2.send(st.keys)
		p2.waitScreen(st.screen, st.cursor)
	}
	p2.send("!\r")
	if r := await(t, ch); r.err != nil || r.line != "first!" {
		t.Fatalf("ReadLine = %q, %v; want %q", r.line, r.err, "first!")
	}
	if h2.Len() != 3 || h2.At(0) != "first!" || h2.At(2) != "first" {
		t.Fatalf("history = %d entries, newest %q", h2.Len(), h2.At(0))
	}
}

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

func TestReadKey(t *testing.T) {
	p := newPTY(t, 40)
	before := p.state()
	e := p.editor(Options{})
	reads := watchReads(e)
	ctx := context.Background()

	ch := readKeyAsync(ctx, e, "Allow? [y/n] ", "yn")
	p.waitCalls(1)
	p.sendAlone(reads, "x") // not one of the keys
	p.sendAlone(reads, "Y")
	if r := await(t, ch); r.err != nil || r.key != 'y' {
		t.Fatalf("ReadKey = %q, %v; want 'y'", r.key, r.err)
	}
	p.waitScreen("Allow? [y/n] y", point{1, 0})

	// A paste or a burst of keys never answers an approval.
	ch = readKeyAsync(ctx, e, "Again? ", "yn")
	p.waitCalls(2)
	p.sendAlone(reads, pasteStart+"y"+pasteEnd)
	p.sendAlone(reads, "yy")
	p.sendAlone(reads, "n")
	if r := await(t, ch); r.err != nil || r.key != 'n' {
		t.Fatalf("ReadKey = %q, %v; want 'n'", r.key, r.err)
	}

	ch = readKeyAsync(ctx, e, "Enter or Esc? ", "\r\x1b")
	p.waitCalls(3)
	p.sendAlone(reads, "\x1b") // resolved by the escape timeout
	if r := await(t, ch); r.err != nil || r.key != '\x1b' {
		t.Fatalf("ReadKey = %q, %v; want ESC", r.key, r.err)
	}

	ch = readKeyAsync(ctx, e, "EOF? ", "yn")
	p.waitCalls(4)
	p.sendAlone(reads, "\x04")
	if r := await(t, ch); r.err != io.EOF {
		t.Fatalf("err = %v, want io.EOF", r.err)
	}

	ch = readKeyAsync(ctx, e, "Stop? ", "yn")
	p.waitCalls(5)
	p.sendAlone(reads, "\x03")
	if r := await(t, ch); r.err != ErrInterrupted {
		t.Fatalf("err = %v, want ErrInterrupted", r.err)
	}
	p.waitFor("modes popped", func() bool { return strings.HasSuffix(p.raw.String(), seqKittyPop+seqPasteOff) })
	if st := p.state(); !equalState(st, before) {
		t.Fatal("terminal mode not restored after ReadKey")
	}
	if _, err := e.ReadKey(ctx, "?", ""); err == nil {
		t.Fatal("ReadKey with no keys: no error")
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
