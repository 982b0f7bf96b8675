package tui

import (
	"errors"
	"io"
	"reflect"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// memHistory is a History in memory.
type memHistory struct{ list []string }

func (h *memHistory) Add(s string)    { h.list = append(h.list, s) }
func (h *memHistory) Len() int        { return len(h.list) }
func (h *memHistory) At(i int) string { return h.list[len(h.list)-1-i] }

// drive is a model driven without a terminal.
type drive struct {
	t *testing.T
	m *Model
}

func newDrive(t *testing.T, opts Options) *drive { return &drive{t: t, m: NewModel(opts)} }

func (d *drive) send(msgs ...tea.Msg) {
	for _, msg := range msgs {
		d.m.Update(msg)
	}
}

func (d *drive) typeText(s string) {
	for _, r := range s {
		d.send(tea.KeyPressMsg{Code: r, Text: string(r)})
	}
}

// read starts a read and returns its reply channel.
func (d *drive) read(live bool) chan Outcome {
	c := make(chan Outcome, 1)
	d.send(ReadMsg{Live: live, Reply: c})
	return c
}

func outcome(t *testing.T, c chan Outcome) Outcome {
	t.Helper()
	select {
	case o := <-c:
		return o
	default:
		t.Fatal("the read has no outcome")
	}
	return Outcome{}
}

func TestHistoryBrowsesAndKeepsTheDraft(t *testing.T) {
	h := &memHistory{list: []string{"older", "newer\nsecond line"}}
	d := newDrive(t, Options{History: h})
	c := d.read(false)
	d.typeText("draft")
	d.send(keyUp)
	if d.m.buf.text != "newer\nsecond line" {
		t.Fatalf("↑ shows %q", d.m.buf.text)
	}
	d.send(keyUp) // the cursor is on the last line: ↑ moves within it first
	d.send(keyUp)
	if d.m.buf.text != "older" {
		t.Fatalf("↑↑↑ shows %q", d.m.buf.text)
	}
	d.send(keyDown, keyDown, keyDown)
	if d.m.buf.text != "draft" {
		t.Fatalf("↓ back to the draft shows %q", d.m.buf.text)
	}
	d.send(keyEnter)
	if o := outcome(t, c); o.Line != "draft" || h.list[2] != "draft" {
		t.Fatalf("submitted %q, history %q", o.Line, h.list)
	}
}

func TestCtrlCClearsThenInterrupts(t *testing.T) {
	d := newDrive(t, Options{})
	c := d.read(false)
	d.typeText("regret")
	d.send(keyCtrlC)
	if d.m.buf.text != "" || len(c) != 0 {
		t.Fatalf("Ctrl+C with text: buffer %q, outcome queued %d", d.m.buf.text, len(c))
	}
	d.send(tea.KeyPressMsg{Code: 'y', Mod: tea.ModCtrl})
	if d.m.buf.text != "regret" {
		t.Fatalf("Ctrl+Y brought back %q", d.m.buf.text)
	}
	d.send(keyCtrlC, keyCtrlC)
	if o := outcome(t, c); !errors.Is(o.Err, ErrInterrupted) {
		t.Fatalf("Ctrl+C on an empty line: %v", o.Err)
	}
}

// TestTypedWhileNoReadWaitsIsKept: an Enter (or a Ctrl+D) typed while no
// read waits ends the next read, in order; the text typed is its line.
func TestTypedWhileNoReadWaitsIsKept(t *testing.T) {
	d := newDrive(t, Options{})
	d.typeText("say hi")
	d.send(tea.KeyPressMsg{Code: 'j', Mod: tea.ModCtrl}) // an Enter typed in cooked mode
	d.send(keyCtrlD)
	if o := outcome(t, d.read(false)); o.Line != "say hi" || o.Err != nil {
		t.Fatalf("first read: %q, %v", o.Line, o.Err)
	}
	if o := outcome(t, d.read(false)); !errors.Is(o.Err, io.EOF) {
		t.Fatalf("second read: %q, %v", o.Line, o.Err)
	}
}

// TestCtrlDAtTheQueuePromptEndsTheNextIdleRead: Ctrl+D while the run works
// ends that read and the session's next prompt.
func TestCtrlDAtTheQueuePromptEndsTheNextIdleRead(t *testing.T) {
	d := newDrive(t, Options{})
	if o := func() Outcome { c := d.read(true); d.send(keyCtrlD); return outcome(t, c) }(); !errors.Is(o.Err, io.EOF) {
		t.Fatalf("live read: %v", o.Err)
	}
	if o := outcome(t, d.read(false)); !errors.Is(o.Err, io.EOF) {
		t.Fatalf("idle read after Ctrl+D: %v", o.Err)
	}
}

func TestNewlineKeysAndPaste(t *testing.T) {
	d := newDrive(t, Options{})
	c := d.read(false)
	d.typeText("a")
	d.send(tea.KeyPressMsg{Code: tea.KeyEnter, Mod: tea.ModShift})
	d.typeText("b")
	d.send(tea.KeyPressMsg{Code: tea.KeyEnter, Mod: tea.ModAlt})
	d.send(tea.PasteMsg{Content: "c\r\nd\x1b[31m"})
	d.send(keyEnter)
	if o := outcome(t, c); o.Line != "a\nb\nc\nd[31m" {
		t.Fatalf("line %q", o.Line)
	}
}

func TestTabCompletesTheCommonPrefix(t *testing.T) {
	var asked []string
	complete := func(before string) (int, []string) {
		asked = append(asked, before)
		if before == "no mention" {
			return -1, nil
		}
		return 5, []string{"docs/guide.md", "docs/guard.txt"}
	}
	d := newDrive(t, Options{Complete: complete})
	d.read(false)
	d.typeText("sum @do")
	d.send(keyTab)
	if d.m.buf.text != "sum @docs/gu" {
		t.Fatalf("Tab made %q", d.m.buf.text)
	}
	d.m.buf.set("no mention")
	d.send(keyTab)
	if d.m.buf.text != "no mention\t" || !reflect.DeepEqual(asked, []string{"sum @do", "no mention"}) {
		t.Fatalf("Tab with nothing to complete: %q (asked %q)", d.m.buf.text, asked)
	}
}

// TestQuestionTakesKeysFromTheLine: while a question is asked, keys it
// does not offer edit nothing; Ctrl+C answers ErrInterrupted.
func TestQuestionTakesKeysFromTheLine(t *testing.T) {
	d := newDrive(t, Options{})
	ans := make(chan KeyAnswer, 1)
	d.send(AskMsg{Prompt: "ok? ", Keys: "yn", Reply: ans})
	d.typeText("x")
	d.send(keyCtrlC)
	if a := <-ans; !errors.Is(a.Err, ErrInterrupted) || d.m.buf.text != "" {
		t.Fatalf("answer %v, buffer %q", a.Err, d.m.buf.text)
	}
	d.send(AskMsg{Prompt: "ok? ", Keys: "yn", Reply: ans})
	d.typeText("N")
	if a := <-ans; a.Key != 'n' {
		t.Fatalf("N answered %q", a.Key)
	}
}

func TestLayoutWrapsWideClustersWhole(t *testing.T) {
	// 6 cells of prompt, then 2-cell clusters at a width of 9: the
	// second cluster does not fit and starts the next row.
	l := layOut("you › ", "    ", "中文🙂", len("中文🙂"), 9)
	if !reflect.DeepEqual(l.rows, []string{"you › 中", "文🙂"}) || l.row != 1 || l.col != 4 {
		t.Fatalf("layout %q, cursor (%d,%d)", l.rows, l.row, l.col)
	}
	l = layOut("> ", "  ", "ab\ncd", 4, 20)
	if !reflect.DeepEqual(l.rows, []string{"> ab", "  cd"}) || l.row != 1 || l.col != 3 {
		t.Fatalf("layout %q, cursor (%d,%d)", l.rows, l.row, l.col)
	}
}
