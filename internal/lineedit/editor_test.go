//go:build unix

package lineedit

import (
	"context"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"
)

func TestReadLineTypeAndSubmit(t *testing.T) {
	p := newPTY(t, 40)
	before := p.state()
	e := p.editor(Options{Width: func() int { return 40 }})
	ch := readLineAsync(context.Background(), e)
	p.waitCalls(1)
	p.waitScreen("you ›", point{0, 6})
	if reflect.DeepEqual(p.state(), before) {
		t.Fatal("the terminal is not in raw mode during ReadLine")
	}
	p.send("hello world")
	p.waitScreen("you › hello world", point{0, 17})
	p.send("\r")
	r := await(t, ch)
	if r.err != nil || r.line != "hello world" {
		t.Fatalf("ReadLine = %q, %v; want %q", r.line, r.err, "hello world")
	}
	p.waitScreen("you › hello world", point{1, 0}) // a fresh line after submit
	if !reflect.DeepEqual(p.state(), before) {
		t.Fatal("terminal mode not restored after ReadLine")
	}
	p.waitFor("modes popped", func() bool { return strings.HasSuffix(p.raw.String(), seqKittyPop+seqPasteOff) })
	if raw := p.rawOutput(); !strings.HasPrefix(raw, seqPasteOn+seqKittyPush) {
		t.Fatalf("output does not start by enabling bracketed paste and kitty keys: %q", raw)
	}
}

// TestReadLineEditing types each case in one write and checks the line.
func TestReadLineEditing(t *testing.T) {
	tests := []struct {
		name, keys, want string
	}{
		{"left and insert", "helo\x1b[Dl\r", "hello"},
		{"ctrl+a", "world\x01hello \r", "hello world"},
		{"home end csi", "world\x1b[Hhello \x1b[F!\r", "hello world!"},
		{"home end ss3", "abc\x1bOH>\x1bOF<\r", ">abc<"},
		{"home end tilde", "abc\x1b[1~>\x1b[4~<\r", ">abc<"},
		{"ctrl+e", "bc\x01a\x05d\r", "abcd"},
		{"backspace in middle", "abcd\x1b[D\x1b[D\x7f\r", "acd"},
		{"delete", "abcd\x01\x1b[3~\r", "bcd"},
		{"alt+left and ctrl+u", "one two three\x1b[1;3D\x1b[1;3D\x15\r", "two three"},
		{"ctrl+k", "one two three\x1b[1;3D\x0b\r", "one two "},
		{"ctrl+w", "one two three\x17\r", "one two "},
		{"ctrl+w over spaces", "one two   \x17\r", "one "},
		{"alt+right", "one two\x01\x1b[1;3C!\r", "one! two"},
		{"ctrl+left", "one two\x1b[1;5D_\r", "one _two"},
		{"alt+b alt+f", "one two\x1bb\x1bb\x1bf_\r", "one_ two"},
		{"alt+backspace", "one two\x1b\x7f\r", "one "},
		{"ctrl+d deletes under cursor", "ab\x1b[D\x04\r", "a"},
		{"ctrl+y yanks", "hello\x17\x19\x19\r", "hellohello"},
		{"right at end is a no-op", "ab\x1b[C\x1b[Cc\r", "abc"},
		{"kitty ctrl+a", "abc\x1b[97;5u>\r", ">abc"},
		{"tab", "a\tb\r", "a\tb"},
		{"wide rune in the middle", "日本\x1b[D語\r", "日語本"},
		{"emoji with modifier is one cluster", "x👍🏽\x7f\r", "x"},
		{"combining accent moves with its letter", "ae\u0301\x1b[Db\r", "abe\u0301"},
		{"control bytes are ignored", "a\x00\x1cb\r", "ab"},
		{"unknown sequences are ignored", "a\x1b[15~\x1b[?1;2cb\r", "ab"},
	}
	p := newPTY(t, 60)
	e := p.editor(Options{Width: func() int { return 60 }})
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ch := readLineAsync(context.Background(), e)
			p.waitCalls(i + 1)
			p.send(tt.keys)
			r := await(t, ch)
			if r.err != nil || r.line != tt.want {
				t.Fatalf("ReadLine = %q, %v; want %q", r.line, r.err, tt.want)
			}
		})
	}
}

// TestReadLineMultiLineRedraw edits a multi-line buffer and checks the
// whole screen after each step: no stale row may remain.
func TestReadLineMultiLineRedraw(t *testing.T) {
	p := newPTY(t, 20)
	e := p.editor(Options{Width: func() int { return 20 }, Color: true})
	ch := readLineAsync(context.Background(), e)
	p.waitCalls(1)
	p.send("first line\x1b[13;2usecond\x1b[13;2uthird")
	p.waitScreen("you › first line\n... second\n... third", point{2, 9})
	p.send("\x1b[A") // up keeps the column
	p.waitScreen("you › first line\n... second\n... third", point{1, 9})
	p.send("\x1b[A")
	p.waitScreen("you › first line\n... second\n... third", point{0, 9})
	p.send("X")
	p.waitScreen("you › firXst line\n... second\n... third", point{0, 10})
	p.send("\x05 plus a lot more text") // wraps at 20 columns
	p.waitScreen("you › firXst line pl\nus a lot more text\n... second\n... third", point{1, 18})
	p.send("\x15") // ctrl+u empties the first line: the wrapped row must go
	p.waitScreen("you ›\n... second\n... third", point{0, 6})
	p.send("\x1b[B\x1b[B\x05 end")
	p.waitScreen("you ›\n... second\n... third end", point{2, 13})
	p.send("\x1b[A\x1b[A") // ↑ on the first row with no history: stays
	p.waitScreen("you ›\n... second\n... third end", point{0, 6})
	p.send("new\r")
	r := await(t, ch)
	if want := "new\nsecond\nthird end"; r.err != nil || r.line != want {
		t.Fatalf("ReadLine = %q, %v; want %q", r.line, r.err, want)
	}
	p.waitScreen("you › new\n... second\n... third end", point{3, 0})
	if raw := p.rawOutput(); !strings.Contains(raw, seqPromptStyle+"you › "+seqReset) {
		t.Fatalf("Color does not style the prompt: %q", raw)
	}
}

func TestReadLineNewlineKeys(t *testing.T) {
	p := newPTY(t, 40)
	e := p.editor(Options{Width: func() int { return 40 }})
	ch := readLineAsync(context.Background(), e)
	p.waitCalls(1)
	// Shift+Enter as CSI u and as modifyOtherKeys, Alt+Enter, Ctrl+J.
	p.send("a\x1b[13;2ub\x1b[27;2;13~c\x1b\rd\x1b[106;5ue")
	p.waitScreen("you › a\n... b\n... c\n... d\n... e", point{4, 5})
	p.send("\r")
	if r := await(t, ch); r.err != nil || r.line != "a\nb\nc\nd\ne" {
		t.Fatalf("ReadLine = %q, %v", r.line, r.err)
	}
}

func TestReadLineBracketedPaste(t *testing.T) {
	tests := []struct {
		name  string
		parts []string // written one read at a time
		want  string
	}{
		{"crlf, cr and lf", []string{pasteStart + "line1\r\nline2\rline3\nline4" + pasteEnd + "\r"}, "line1\nline2\nline3\nline4"},
		{"control bytes dropped", []string{pasteStart + "x\x03y\x1b[31mz\x04" + pasteEnd + "\r"}, "xy[31mz"},
		{"start marker split", []string{"\x1b[20", "0~a\r\nb" + pasteEnd + "\r"}, "a\nb"},
		{"content split", []string{pasteStart + "a\r", "\nb" + pasteEnd + "\r"}, "a\nb"},
	}
	for i := 1; i < len(pasteEnd); i++ {
		tests = append(tests, struct {
			name  string
			parts []string
			want  string
		}{"end marker split at " + pasteEnd[i:i+1], []string{pasteStart + "a\r\nb" + pasteEnd[:i], pasteEnd[i:] + "\r"}, "a\nb"})
	}
	p := newPTY(t, 40)
	e := p.editor(Options{Width: func() int { return 40 }})
	reads := watchReads(e)
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ch := readLineAsync(context.Background(), e)
			p.waitCalls(i + 1)
			for _, part := range tt.parts {
				p.sendAlone(reads, part)
			}
			r := await(t, ch)
			if r.err != nil || r.line != tt.want {
				t.Fatalf("ReadLine = %q, %v; want %q", r.line, r.err, tt.want)
			}
		})
	}
}

func TestReadLinePasteIsNotSubmitted(t *testing.T) {
	p := newPTY(t, 40)
	e := p.editor(Options{Width: func() int { return 40 }})
	ch := readLineAsync(context.Background(), e)
	p.waitCalls(1)
	p.send(pasteStart + "one\r\ntwo\r\n" + pasteEnd)
	p.waitScreen("you › one\n... two\n...", point{2, 4})
	select {
	case r := <-ch:
		t.Fatalf("a paste submitted the line: %q, %v", r.line, r.err)
	default:
	}
	p.send("three\r")
	if r := await(t, ch); r.err != nil || r.line != "one\ntwo\nthree" {
		t.Fatalf("ReadLine = %q, %v", r.line, r.err)
	}
}

// TestReadLineCtrlCRestoresTerminal: Ctrl+C (plain or kitty-encoded)
// clears a line with text; on the empty line it interrupts, and the
// terminal mode is restored.
func TestReadLineCtrlCRestoresTerminal(t *testing.T) {
	for _, ctrlC := range []string{"\x03", "\x1b[99;5u"} {
		t.Run(strings.ReplaceAll(ctrlC, "\x1b", "ESC"), func(t *testing.T) {
			p := newPTY(t, 40)
			before := p.state()
			e := p.editor(Options{Width: func() int { return 40 }})
			ch := readLineAsync(context.Background(), e)
			p.waitCalls(1)
			if reflect.DeepEqual(p.state(), before) {
				t.Fatal("not in raw mode during ReadLine")
			}
			p.send("abc")
			p.waitScreen("you › abc", point{0, 9})
			p.send(ctrlC)
			p.waitScreen("you ›", point{0, 6})
			select {
			case r := <-ch:
				t.Fatalf("Ctrl+C with text ended the call: %q, %v", r.line, r.err)
			default:
			}
			p.send(ctrlC)
			r := await(t, ch)
			if !errors.Is(r.err, ErrInterrupted) {
				t.Fatalf("err = %v, want ErrInterrupted", r.err)
			}
			if !reflect.DeepEqual(p.state(), before) {
				t.Fatal("terminal mode not restored after Ctrl+C")
			}
			p.waitFor("modes popped", func() bool {
				return strings.HasSuffix(p.raw.String(), seqKittyPop+seqPasteOff)
			})
		})
	}
}

// TestReadLineCtrlCThenCtrlY: the line Ctrl+C cleared comes back with
// Ctrl+Y.
func TestReadLineCtrlCThenCtrlY(t *testing.T) {
	p := newPTY(t, 40)
	e := p.editor(Options{Width: func() int { return 40 }})
	ch := readLineAsync(context.Background(), e)
	p.waitCalls(1)
	p.send("keep me\x03\x19\r")
	if r := await(t, ch); r.err != nil || r.line != "keep me" {
		t.Fatalf("ReadLine = %q, %v", r.line, r.err)
	}
}

func TestReadLineCtrlDOnEmptyIsEOF(t *testing.T) {
	p := newPTY(t, 40)
	e := p.editor(Options{})
	ch := readLineAsync(context.Background(), e)
	p.waitCalls(1)
	p.send("\x04")
	if r := await(t, ch); r.err != io.EOF {
		t.Fatalf("err = %v, want io.EOF", r.err)
	}
}

func TestReadLineContextCancel(t *testing.T) {
	p := newPTY(t, 40)
	before := p.state()
	e := p.editor(Options{})
	ctx, cancel := context.WithCancel(context.Background())
	ch := readLineAsync(ctx, e)
	p.waitCalls(1)
	p.send("draft")
	p.waitScreen("you › draft", point{0, 11})
	cancel()
	if r := await(t, ch); r.err != context.Canceled {
		t.Fatalf("err = %v, want ctx.Err() itself", r.err)
	}
	if !reflect.DeepEqual(p.state(), before) {
		t.Fatal("terminal mode not restored after cancel")
	}
	// Nothing typed in or after the cancelled call is lost: its line
	// starts the next call.
	ch = readLineAsync(context.Background(), e)
	p.waitCalls(2)
	p.send("next\r")
	if r := await(t, ch); r.err != nil || r.line != "draftnext" {
		t.Fatalf("ReadLine after cancel = %q, %v; want %q", r.line, r.err, "draftnext")
	}
}

// TestReadLineKeepsTypeAhead checks that keys arriving after Enter in the
// same read go to the next call.
func TestReadLineKeepsTypeAhead(t *testing.T) {
	p := newPTY(t, 40)
	e := p.editor(Options{History: NewMemoryHistory(10)})
	ch := readLineAsync(context.Background(), e)
	p.waitCalls(1)
	p.send("one\r\x1b[A") // Enter, then ↑ before the next prompt
	if r := await(t, ch); r.err != nil || r.line != "one" {
		t.Fatalf("first ReadLine = %q, %v", r.line, r.err)
	}
	ch = readLineAsync(context.Background(), e)
	p.waitCalls(2)
	p.waitFor("history recalled", func() bool { return strings.HasSuffix(p.scr.text(), "you › one\nyou › one") })
	p.send("!\r")
	if r := await(t, ch); r.err != nil || r.line != "one!" {
		t.Fatalf("second ReadLine = %q, %v; want %q", r.line, r.err, "one!")
	}
}

func TestReadLinePanicRestoresTerminal(t *testing.T) {
	p := newPTY(t, 40)
	before := p.state()
	explode := make(chan struct{})
	e := p.editor(Options{Width: func() int {
		select {
		case <-explode:
			panic("width exploded")
		default:
			return 40
		}
	}})
	ch := make(chan any, 1)
	go func() {
		defer func() { ch <- recover() }()
		e.ReadLine(context.Background())
	}()
	p.waitCalls(1)
	p.waitScreen("you ›", point{0, 6})
	close(explode)
	p.send("x")
	select {
	case v := <-ch:
		if v != "width exploded" {
			t.Fatalf("recovered %v, want the panic", v)
		}
	case <-p.done:
		t.Fatal("pty closed")
	}
	if !reflect.DeepEqual(p.state(), before) {
		t.Fatal("terminal mode not restored after a panic")
	}
}

func TestCloseUnblocksReadLine(t *testing.T) {
	p := newPTY(t, 40)
	before := p.state()
	e := New(p.tty, p.tty, Options{Prompt: "> "})
	ch := readLineAsync(context.Background(), e)
	p.waitCalls(1)
	if err := e.Close(); err != nil {
		t.Fatalf("Close: %v", err)
	}
	if r := await(t, ch); !errors.Is(r.err, ErrClosed) {
		t.Fatalf("err = %v, want ErrClosed", r.err)
	}
	if !reflect.DeepEqual(p.state(), before) {
		t.Fatal("terminal mode not restored after Close")
	}
	if _, err := e.ReadLine(context.Background()); !errors.Is(err, ErrClosed) {
		t.Fatalf("ReadLine after Close: %v, want ErrClosed", err)
	}
	if err := e.Close(); err != nil {
		t.Fatalf("second Close: %v", err)
	}
}

// TestReadLineTabCompletes: Tab inserts the longest common prefix of the
// completer's candidates, and a tab where it offers nothing to complete.
func TestReadLineTabCompletes(t *testing.T) {
	complete := func(before string) (int, []string) {
		i := strings.LastIndex(before, "@")
		if i < 0 {
			return -1, nil
		}
		var out []string
		for _, c := range []string{"docs/guide.md", "docs/guard.txt", "main.go"} {
			if strings.HasPrefix(c, before[i+1:]) {
				out = append(out, c)
			}
		}
		return i + 1, out
	}
	for _, c := range []struct{ keys, want string }{
		{"see @d\t\r", "see @docs/gu"},
		{"see @docs/gui\t!\r", "see @docs/guide.md!"},
		{"see @x\t\r", "see @x"},
		{"a\tb\r", "a\tb"},
	} {
		p := newPTY(t, 60)
		e := p.editor(Options{Complete: complete})
		ch := readLineAsync(context.Background(), e)
		p.waitCalls(1)
		p.send(c.keys)
		if r := await(t, ch); r.err != nil || r.line != c.want {
			t.Errorf("%q: ReadLine = %q, %v; want %q", c.keys, r.line, r.err, c.want)
		}
	}
}
