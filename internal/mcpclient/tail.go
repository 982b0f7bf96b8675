package mcpclient

import (
	"strings"
	"sync"
)

// stderrTail is how much of a server's stderr a connection keeps.
const stderrTail = 8 << 10

// quotedLine is the longest stderr line an error quotes, in bytes.
const quotedLine = 300

// tail keeps the last max bytes written to it.
type tail struct {
	mu  sync.Mutex
	buf []byte
	max int
}

func newTail(max int) *tail { return &tail{max: max} }

// Write implements io.Writer.
func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if over := len(t.buf) - t.max; over > 0 {
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	return len(p), nil
}

// String is what is kept, as valid UTF-8.
func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return strings.ToValidUTF8(string(t.buf), "\uFFFD")
}

// LastLine is the last line that is not blank, cut to quotedLine bytes.
func (t *tail) LastLine() string {
	s := strings.TrimRight(t.String(), " \t\r\n")
	if i := strings.LastIndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	s = strings.TrimSpace(s)
	if len(s) > quotedLine {
		s = strings.ToValidUTF8(s[:quotedLine], "") + "…"
	}
	return s
}
