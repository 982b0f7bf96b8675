//go:build unix

package lineedit

import (
	"context"
	"os"
	"path/filepath"
	"testing"
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
