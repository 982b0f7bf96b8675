package tools

import (
	"bytes"
	"fmt"
	"sync"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/internal/termtext"
)

// capture keeps the first and the last bytes of a stream in fixed buffers
// and counts the rest, so memory stays bounded however much a program
// prints. It is safe for one writer and concurrent readers.
type capture struct {
	mu    sync.Mutex
	head  []byte // first bytes, up to cap(head)
	ring  []byte // last bytes after the head, circular
	pos   int    // next write position in ring
	full  bool   // ring has wrapped
	total int64
	lines int64 // newlines seen
}

func newCapture(headCap, tailCap int) *capture {
	return &capture{head: make([]byte, 0, headCap), ring: make([]byte, tailCap)}
}

// Write records p; it never fails.
func (c *capture) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := len(p)
	c.total += int64(n)
	c.lines += int64(bytes.Count(p, []byte{'\n'}))
	if room := cap(c.head) - len(c.head); room > 0 {
		k := min(room, len(p))
		c.head = append(c.head, p[:k]...)
		p = p[k:]
	}
	if len(c.ring) == 0 {
		return n, nil
	}
	if len(p) >= len(c.ring) {
		copy(c.ring, p[len(p)-len(c.ring):])
		c.pos, c.full = 0, true
		return n, nil
	}
	k := copy(c.ring[c.pos:], p)
	if k < len(p) {
		copy(c.ring, p[k:])
		c.full = true
	}
	c.pos = (c.pos + len(p)) % len(c.ring)
	if c.pos == 0 && len(p) > 0 {
		c.full = true
	}
	return n, nil
}

// snapshot returns copies of the head and the tail (the bytes after the
// head that are still kept), the total, and whether bytes in between were
// dropped.
func (c *capture) snapshot() (head, tail []byte, total, lines int64, gap bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	head = append([]byte(nil), c.head...)
	if c.full {
		tail = append(append(tail, c.ring[c.pos:]...), c.ring[:c.pos]...)
	} else {
		tail = append(tail, c.ring[:c.pos]...)
	}
	gap = c.total > int64(len(head)+len(tail))
	return head, tail, c.total, c.lines, gap
}

// shaped is one stream as the model gets it.
type shaped struct {
	text string
	cut  *event.Truncation
}

// shapeStream cleans a captured stream for the model and cuts it to
// budget bytes, keeping about 40% head and 60% tail on line boundaries
// with a marker that says what was cut.
func shapeStream(c *capture, name string, budget int) shaped {
	head, tail, total, lines, gap := c.snapshot()
	if !gap {
		full := termtext.Clean(append(head, tail...))
		if len(full) <= budget {
			return shaped{text: string(full)}
		}
		head, tail = full, full
		return cutMiddle(head, tail, total, lines, name, budget, true)
	}
	return cutMiddle(termtext.Clean(head), cleanTail(tail), total, lines, name, budget, false)
}

// cleanTail cleans a tail that may start in the middle of a line or an
// escape sequence: it starts after the first newline.
func cleanTail(tail []byte) []byte {
	if i := bytes.IndexByte(tail, '\n'); i >= 0 && i < len(tail)-1 {
		tail = tail[i+1:]
	}
	return termtext.Clean(tail)
}

// cutMiddle keeps a head of head and a tail of tail within budget. same
// says both are the same cleaned text (which then must not overlap).
func cutMiddle(head, tail []byte, total, lines int64, name string, budget int, same bool) shaped {
	hb := budget * 2 / 5
	h := keepHead(head, hb)
	t := keepTail(tail, budget-hb)
	if same && len(h)+len(t) > len(head) {
		t = tail[len(h):]
	}
	kept := int64(len(h) + len(t))
	omitted := lines - int64(bytes.Count(h, []byte{'\n'})+bytes.Count(t, []byte{'\n'}))
	marker := fmt.Sprintf("[… wtagent cut the middle of %s: kept %d of %d bytes, about %d lines omitted; the full output is in the session's tool-output log …]\n",
		name, kept, total, max(omitted, 0))
	var b bytes.Buffer
	b.Grow(len(h) + len(marker) + len(t) + 1)
	b.Write(h)
	if len(h) > 0 && h[len(h)-1] != '\n' {
		b.WriteByte('\n')
	}
	b.WriteString(marker)
	b.Write(t)
	return shaped{text: b.String(), cut: &event.Truncation{OriginalBytes: total, KeptBytes: kept}}
}

// keepHead returns at most n leading bytes of b, ending after a newline
// when one is in the second half.
func keepHead(b []byte, n int) []byte {
	if n >= len(b) {
		return b
	}
	if i := bytes.LastIndexByte(b[:n], '\n'); i >= n/2 {
		return b[:i+1]
	}
	return b[:n]
}

// keepTail returns at most n trailing bytes of b, starting after a
// newline when one is in the first half.
func keepTail(b []byte, n int) []byte {
	if n >= len(b) {
		return b
	}
	t := b[len(b)-n:]
	if i := bytes.IndexByte(t, '\n'); i >= 0 && i < n/2 {
		return t[i+1:]
	}
	return t
}

// allocate splits the call budget between streams of the given sizes:
// each gets up to perStream, a stream that needs less leaves the rest to
// the others.
func allocate(call, perStream int, sizes ...int) []int {
	out := make([]int, len(sizes))
	left := call
	// two passes: fair share, then leftovers
	share := call / max(len(sizes), 1)
	for i, s := range sizes {
		out[i] = min(s, share, perStream)
		left -= out[i]
	}
	for i, s := range sizes {
		extra := min(s-out[i], perStream-out[i], left)
		if extra > 0 {
			out[i] += extra
			left -= extra
		}
	}
	return out
}

// shapeBytes cleans data for the model and cuts its middle to fit limit.
func shapeBytes(data []byte, name string, limit int) shaped {
	c := newCapture(len(data), 0)
	_, _ = c.Write(data)
	return shapeStream(c, name, limit)
}
