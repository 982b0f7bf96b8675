package tools

import (
	"strings"
	"testing"
)

func TestCaptureKeepsHeadAndTail(t *testing.T) {
	c := newCapture(10, 10)
	for i := 0; i < 1000; i++ {
		c.Write([]byte{byte('a' + i%26)})
	}
	head, tail, total, _, gap := c.snapshot()
	if string(head) != "abcdefghij" || total != 1000 || !gap {
		t.Fatalf("head %q total %d gap %v", head, total, gap)
	}
	want := ""
	for i := 990; i < 1000; i++ {
		want += string(rune('a' + i%26))
	}
	if string(tail) != want {
		t.Fatalf("tail %q, want %q", tail, want)
	}
	// one big write larger than both buffers
	c = newCapture(4, 4)
	c.Write([]byte("0123456789"))
	head, tail, _, _, _ = c.snapshot()
	if string(head) != "0123" || string(tail) != "6789" {
		t.Fatalf("big write: %q %q", head, tail)
	}
	// small output is kept whole
	c = newCapture(8, 8)
	c.Write([]byte("hello "))
	c.Write([]byte("world\n"))
	if s := shapeStream(c, "stdout", 100); s.text != "hello world\n" || s.cut != nil {
		t.Fatalf("small: %+v", s)
	}
}

func TestShapeStreamCutsOnLines(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 2000; i++ {
		b.WriteString("line " + itoa(i) + "\n")
	}
	c := newCapture(4096, 4096)
	c.Write([]byte(b.String()))
	s := shapeStream(c, "stdout", 1000)
	if !strings.HasPrefix(s.text, "line 0\n") || !strings.HasSuffix(s.text, "line 1999\n") || !strings.Contains(s.text, "[… wtagent cut the middle of stdout") {
		t.Fatalf("shape: %q", s.text)
	}
	if s.cut == nil || s.cut.OriginalBytes != int64(b.Len()) || s.cut.KeptBytes > 1000 {
		t.Fatalf("cut %+v", s.cut)
	}
	for _, part := range strings.Split(s.text, "\n") {
		if part != "" && !strings.HasPrefix(part, "line ") && !strings.HasPrefix(part, "[…") {
			t.Errorf("partial line %q", part)
		}
	}
}

func TestAllocate(t *testing.T) {
	tests := []struct {
		call, per int
		sizes     []int
		want      []int
	}{
		{100, 80, []int{10, 10}, []int{10, 10}},
		{100, 80, []int{500, 10}, []int{80, 10}},
		{100, 80, []int{500, 500}, []int{50, 50}},
		{100, 80, []int{0, 500}, []int{0, 80}},
	}
	for _, tc := range tests {
		got := allocate(tc.call, tc.per, tc.sizes...)
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("allocate(%d,%d,%v) = %v, want %v", tc.call, tc.per, tc.sizes, got, tc.want)
				break
			}
		}
	}
}
