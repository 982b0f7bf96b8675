package export

import (
	"bufio"
	"encoding/json"
	"io"
)

// lineWriter writes JSON Lines: one compact value per line, with '<', '>'
// and '&' kept as they are (exports are read by people and other tools).
type lineWriter struct {
	bw  *bufio.Writer
	enc *json.Encoder
}

// newLineWriter returns a buffered JSON Lines writer on w.
func newLineWriter(w io.Writer) *lineWriter {
	bw := bufio.NewWriterSize(w, 64<<10)
	enc := json.NewEncoder(bw)
	enc.SetEscapeHTML(false)
	return &lineWriter{bw: bw, enc: enc}
}

// write encodes one line.
func (l *lineWriter) write(v any) error { return l.enc.Encode(v) }

// flush writes out the buffer.
func (l *lineWriter) flush() error { return l.bw.Flush() }
