package lineedit

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

func BenchmarkDecodePaste(b *testing.B) {
	paste := []byte(pasteStart + strings.Repeat("some pasted text, 日本語\r\n", 2700) + pasteEnd)
	b.SetBytes(int64(len(paste)))
	for b.Loop() {
		var d decoder
		n := 0
		for off := 0; off < len(paste); off += 4096 {
			n += len(d.feed(paste[off:min(off+4096, len(paste))]))
		}
		if n != 1 {
			b.Fatalf("%d keys", n)
		}
	}
}

// BenchmarkKeystroke is the work of one typed key in the middle of a
// 2 000-character, 40-line buffer: insert, lay out, draw.
func BenchmarkKeystroke(b *testing.B) {
	text := strings.Repeat(strings.Repeat("x", 49)+"\n", 40)
	benchKeystroke(b, text, 0)
}

// BenchmarkKeystrokeLargePaste is the same in a 100 KB buffer on a 50-row
// screen (drawn through the window).
func BenchmarkKeystrokeLargePaste(b *testing.B) {
	text := strings.Repeat(strings.Repeat("y", 99)+"\n", 1000)
	benchKeystroke(b, text, 50)
}

func benchKeystroke(b *testing.B, text string, height int) {
	var out countingWriter
	r := renderer{out: &out}
	buf := &buffer{}
	buf.set(text)
	buf.cur = len(buf.text) / 2
	for b.Loop() {
		buf.insert("a")
		buf.backspace()
		l := computeLayout("you › ", "... ", buf.text, buf.cur, 120)
		if err := r.draw(l, 120, height, false); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(out.n)/float64(b.N), "bytes-drawn/op")
}

type countingWriter struct{ n int }

func (w *countingWriter) Write(p []byte) (int, error) { w.n += len(p); return len(p), nil }

func BenchmarkFileHistoryAdd(b *testing.B) {
	h, err := OpenFileHistory(filepath.Join(b.TempDir(), "history"), 1000)
	if err != nil {
		b.Fatal(err)
	}
	defer h.Close()
	i := 0
	for b.Loop() {
		h.Add(fmt.Sprint("entry ", i))
		i++
	}
	if err := h.Err(); err != nil {
		b.Fatal(err)
	}
}
