//go:build unix

package lineedit

import (
	"bytes"
	"fmt"
	"os"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"
	"golang.org/x/term"
)

// ptyTerm is a real pseudo-terminal: the Editor gets the tty side, the test
// types on the master side and reads back what was drawn into an emulated
// screen.
type ptyTerm struct {
	t      testing.TB
	master *os.File
	tty    *os.File

	mu     sync.Mutex
	scr    *screen
	raw    bytes.Buffer
	notify chan struct{} // closed and replaced on new output
	done   chan struct{}
}

func newPTY(t testing.TB, cols int) *ptyTerm {
	t.Helper()
	return newPTYSize(t, cols, 24)
}

func newPTYSize(t testing.TB, cols, rows int) *ptyTerm {
	t.Helper()
	master, tty, err := pty.Open()
	if err != nil {
		t.Fatalf("pty.Open: %v", err)
	}
	if err := pty.Setsize(master, &pty.Winsize{Rows: uint16(rows), Cols: uint16(cols)}); err != nil {
		t.Fatalf("pty.Setsize: %v", err)
	}
	p := &ptyTerm{t: t, master: master, tty: tty, scr: newScreen(cols, rows),
		notify: make(chan struct{}), done: make(chan struct{})}
	go p.readLoop()
	t.Cleanup(func() {
		master.Close()
		tty.Close()
		<-p.done
	})
	return p
}

func (p *ptyTerm) readLoop() {
	defer close(p.done)
	buf := make([]byte, 4096)
	for {
		n, err := p.master.Read(buf)
		p.mu.Lock()
		p.raw.Write(buf[:n])
		p.scr.write(buf[:n])
		close(p.notify)
		p.notify = make(chan struct{})
		p.mu.Unlock()
		if err != nil {
			return
		}
	}
}

// editor returns an Editor on the tty, closed when the test ends.
func (p *ptyTerm) editor(opts Options) *Editor {
	if opts.Prompt == "" {
		opts.Prompt = "you › "
	}
	if opts.Continuation == "" {
		opts.Continuation = "... "
	}
	e := New(p.tty, p.tty, opts)
	p.t.Cleanup(func() {
		if err := e.Close(); err != nil {
			p.t.Errorf("Close: %v", err)
		}
	})
	return e
}

// send types s on the keyboard.
func (p *ptyTerm) send(s string) {
	p.t.Helper()
	if _, err := p.master.WriteString(s); err != nil {
		p.t.Fatalf("write to pty: %v", err)
	}
}

// waitFor waits until cond holds on the output (called with p.mu held).
func (p *ptyTerm) waitFor(what string, cond func() bool) {
	p.t.Helper()
	deadline := time.NewTimer(waitLimit)
	defer deadline.Stop()
	for {
		p.mu.Lock()
		ok, ch := cond(), p.notify
		p.mu.Unlock()
		if ok {
			return
		}
		select {
		case <-ch:
		case <-deadline.C:
			p.mu.Lock()
			defer p.mu.Unlock()
			p.t.Fatalf("timed out waiting for %s\nscreen:\n%s\nraw: %q", what, p.scr.text(), p.raw.String())
		}
	}
}

// waitCalls waits until n calls have entered raw mode, so keys sent next
// reach the editor in raw mode.
func (p *ptyTerm) waitCalls(n int) {
	p.t.Helper()
	p.waitFor("raw mode", func() bool { return strings.Count(p.raw.String(), seqPasteOn) >= n })
}

// waitScreen waits until the screen shows exactly want (rows joined by
// "\n") with the cursor at cur.
func (p *ptyTerm) waitScreen(want string, cur point) {
	p.t.Helper()
	p.waitFor("screen "+strings.ReplaceAll(want, "\n", "⏎")+" cursor "+fmtPoint(cur), func() bool {
		return p.scr.text() == want && p.scr.cursor() == cur
	})
}

func fmtPoint(p point) string { return fmt.Sprintf("(%d,%d)", p.row, p.col) }

// watchReads makes e report the size of every chunk it reads, so a test
// can send input that arrives in a read of its own (see sendAlone).
func watchReads(e *Editor) chan int {
	ch := make(chan int, 1024)
	e.in.observe = func(b []byte) { ch <- len(b) }
	return ch
}

// sendAlone types s and waits until the editor has read all of it, so the
// next send arrives in a separate read. Every send to an editor watched by
// watchReads must go through sendAlone.
func (p *ptyTerm) sendAlone(reads chan int, s string) {
	p.t.Helper()
	p.send(s)
	deadline := time.NewTimer(waitLimit)
	defer deadline.Stop()
	for n := 0; n < len(s); {
		select {
		case k := <-reads:
			n += k
		case <-deadline.C:
			p.t.Fatalf("the editor did not read %q", s)
		}
	}
}

func (p *ptyTerm) rawOutput() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.raw.String()
}

func (p *ptyTerm) state() *term.State {
	p.t.Helper()
	st, err := term.GetState(int(p.tty.Fd()))
	if err != nil {
		p.t.Fatalf("GetState: %v", err)
	}
	return st
}

func equalState(a, b *term.State) bool { return reflect.DeepEqual(a, b) }
