//go:build unix

package lineedit

import (
	"context"
	"strings"
	"testing"
)

// BenchmarkPTYKeyToScreen measures a key's round trip through a real PTY:
// written on the master, read, decoded, drawn, read back.
func BenchmarkPTYKeyToScreen(b *testing.B) {
	p := newPTY(b, 200)
	e := p.editor(Options{})
	ch := readLineAsync(context.Background(), e)
	p.waitCalls(1)
	draws := 1
	waitDraw := func() {
		want := draws
		p.waitFor("draw", func() bool { return strings.Count(p.raw.String(), seqShowCursor) >= want })
	}
	for b.Loop() {
		p.send("x")
		draws++
		waitDraw()
		if draws%150 == 0 { // keep the line shorter than the screen
			p.send("\x15")
			draws++
			waitDraw()
		}
	}
	b.StopTimer()
	p.send("\x03")
	<-ch
}
