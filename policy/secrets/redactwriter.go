package secrets

import (
	"bytes"
	"io"
	"sync"
)

// maxPending bounds the bytes a RedactingWriter holds back while it waits
// for the end of a line.
const maxPending = 64 << 10

var (
	keyBegin = lazyRegexp(`-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----`)
	keyEnd   = lazyRegexp(`-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----`)
)

// RedactingWriter passes text through Redact on its way to another writer.
// It works line by line, so a token split across two Write calls is still
// found, and it hides a private key block that spans many lines. It holds
// back an unfinished line until its newline, until Flush, or until it
// passes 64 KiB (then it cuts at the last space). It is safe for
// concurrent use.
type RedactingWriter struct {
	mu      sync.Mutex
	w       io.Writer
	pending []byte
	inKey   bool
}

// NewRedactingWriter returns a writer that redacts everything written to
// it before passing it to w. Call Flush when done to write a final
// unfinished line.
func NewRedactingWriter(w io.Writer) *RedactingWriter {
	return &RedactingWriter{w: w}
}

// Write implements io.Writer. It reports len(p) on success: every byte
// was taken, though some may still be held back.
func (r *RedactingWriter) Write(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.pending = append(r.pending, p...)
	var out []byte
	for {
		i := bytes.IndexByte(r.pending, '\n')
		if i < 0 {
			break
		}
		out = append(out, r.line(r.pending[:i+1])...)
		r.pending = r.pending[i+1:]
	}
	if len(r.pending) > maxPending {
		cut := bytes.LastIndexAny(r.pending[:maxPending], " \t")
		if cut < maxPending/2 {
			cut = maxPending
		}
		out = append(out, r.line(r.pending[:cut])...)
		r.pending = r.pending[cut:]
	}
	r.pending = append([]byte(nil), r.pending...)
	if len(out) == 0 {
		return len(p), nil
	}
	if _, err := r.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}

// Flush redacts and writes what is held back.
func (r *RedactingWriter) Flush() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.pending) == 0 {
		return nil
	}
	out := r.line(r.pending)
	r.pending = nil
	r.inKey = false
	if len(out) == 0 {
		return nil
	}
	_, err := r.w.Write(out)
	return err
}

// line redacts one line, tracking private key blocks across lines.
func (r *RedactingWriter) line(b []byte) []byte {
	if r.inKey {
		loc := keyEnd().FindIndex(b)
		if loc == nil {
			return nil
		}
		r.inKey = false
		return []byte(Redact(string(b[loc[1]:])))
	}
	if loc := keyBegin().FindIndex(b); loc != nil && !keyEnd().Match(b[loc[1]:]) {
		r.inKey = true
		out := Redact(string(b[:loc[0]])) + "[REDACTED:private-key]"
		if bytes.HasSuffix(b, []byte("\n")) {
			out += "\n"
		}
		return []byte(out)
	}
	return []byte(Redact(string(b)))
}
