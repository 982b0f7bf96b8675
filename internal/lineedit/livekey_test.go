//go:build unix

package lineedit

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
)

// Ctrl+O ends ReadLineLive with ErrLiveKey, keeping what was typed for
// the next call; a plain ReadLine ignores it.
func TestCtrlOEndsOnlyALiveRead(t *testing.T) {
	p := newPTY(t, 40)
	e := p.editor(Options{Width: func() int { return 40 }})
	ch := readLineLiveAsync(context.Background(), e)
	p.waitCalls(1)
	p.send("ab\x0f")
	if r := await(t, ch); !errors.Is(r.err, ErrLiveKey) {
		t.Fatalf("ReadLineLive = %q, %v; want ErrLiveKey", r.line, r.err)
	}
	plain := readLineAsync(context.Background(), e)
	p.waitCalls(2)
	p.send("cd\x0fe\r")
	if r := await(t, plain); r.err != nil || r.line != "abcde" {
		t.Fatalf("ReadLine = %q, %v; want abcde", r.line, r.err)
	}
}

// Ctrl+D on an empty line while a run works is the user's quit: the live
// read ends with io.EOF and so does the next prompt, without a key.
func TestCtrlDTypedWhileLiveQuitsAtTheNextPrompt(t *testing.T) {
	p := newPTY(t, 40)
	e := p.editor(Options{Width: func() int { return 40 }})
	ch := readLineLiveAsync(context.Background(), e)
	p.waitCalls(1)
	p.send("\x04")
	if r := await(t, ch); r.err != io.EOF {
		t.Fatalf("ReadLineLive = %q, %v; want io.EOF", r.line, r.err)
	}
	if r := await(t, readLineAsync(context.Background(), e)); r.err != io.EOF {
		t.Fatalf("the prompt after it = %q, %v; want io.EOF", r.line, r.err)
	}
	// Only once: the prompt after that reads again.
	next := readLineAsync(context.Background(), e)
	p.waitCalls(3)
	p.send("again\r")
	if r := await(t, next); r.err != nil || r.line != "again" {
		t.Fatalf("ReadLine = %q, %v; want again", r.line, r.err)
	}
}

// A live read draws LivePrompt, so a line typed below a run's live view
// never looks like the idle prompt; the next plain read draws Prompt.
func TestLivePromptDiffersFromIdle(t *testing.T) {
	p := newPTY(t, 40)
	e := p.editor(Options{Prompt: "you › ", LivePrompt: "queue › ", Width: func() int { return 40 }})
	ch := readLineLiveAsync(context.Background(), e)
	p.waitCalls(1)
	p.send("later")
	p.waitScreen("queue › later", point{0, 13})
	p.send("\r")
	if r := await(t, ch); r.err != nil || r.line != "later" {
		t.Fatalf("ReadLineLive = %q, %v; want later", r.line, r.err)
	}
	if strings.Contains(p.rawOutput(), "you › ") {
		t.Fatalf("the live read drew the idle prompt: %q", p.rawOutput())
	}
	next := readLineAsync(context.Background(), e)
	p.waitCalls(2)
	p.send("now")
	p.waitScreen("queue › later\nyou › now", point{1, 9})
	p.send("\r")
	if r := await(t, next); r.err != nil || r.line != "now" {
		t.Fatalf("ReadLine = %q, %v; want now", r.line, r.err)
	}
}
