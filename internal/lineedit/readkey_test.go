//go:build unix

package lineedit

import (
	"context"
	"io"
	"strings"
	"testing"
)

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
