package session

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"sync"
	"time"
	"unicode/utf8"
)

// DefaultSpoolCap is the default disk cap of a session's tool-output.jsonl.
const DefaultSpoolCap int64 = 64 << 20

// Spool is the session's tool-output.jsonl: the full output of every tool
// call and managed process, one chunk per line, up to a disk cap. After
// the cap one marker line is written and later chunks are dropped and
// counted. It is safe for concurrent writers.
type Spool struct {
	s *Session

	mu       sync.Mutex
	f        *os.File
	cap      int64
	size     int64
	marked   bool
	dropped  int64
	dropN    int64
	closed   bool
	buf      bytes.Buffer
	enc      *json.Encoder
	writeErr error
}

// spoolLine is one line of tool-output.jsonl. Chunk is the text; output
// that is not valid UTF-8 is base64 with Encoding "base64".
type spoolLine struct {
	TS        string `json:"ts"`
	CallID    string `json:"call_id"`
	ProcessID string `json:"process_id,omitempty"`
	Stream    string `json:"stream"`
	Chunk     string `json:"chunk"`
	Encoding  string `json:"encoding,omitempty"`
	// Marker is set on the one line that says the cap was reached.
	Marker   string `json:"marker,omitempty"`
	CapBytes int64  `json:"cap_bytes,omitempty"`
}

// OpenSpool opens tool-output.jsonl for appending with a disk cap in bytes
// (DefaultSpoolCap when capBytes <= 0). The cap counts what is already in
// the file.
func (s *Session) OpenSpool(capBytes int64) (*Spool, error) {
	if capBytes <= 0 {
		capBytes = DefaultSpoolCap
	}
	f, created, err := s.openPrivate(SpoolFileName, os.O_RDWR|os.O_CREATE|os.O_APPEND)
	if err != nil {
		return nil, fmt.Errorf("open tool output: %w", err)
	}
	if created {
		if err := s.syncDirectory(); err != nil {
			f.Close()
			return nil, fmt.Errorf("open tool output: %w", err)
		}
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("open tool output: %w", err)
	}
	size, err := cutTornTail(f, fi.Size())
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("open tool output: cut a torn last line: %w", err)
	}
	sp := &Spool{s: s, f: f, cap: capBytes, size: size}
	sp.enc = json.NewEncoder(&sp.buf)
	sp.enc.SetEscapeHTML(false)
	return sp, nil
}

// Write spools one chunk of a call's (or a process's) output stream. Past
// the cap the chunk is dropped and counted; the first drop writes the
// marker line.
func (sp *Spool) Write(callID, processID, stream string, p []byte) error {
	if len(p) == 0 {
		return nil
	}
	sp.mu.Lock()
	defer sp.mu.Unlock()
	if sp.closed {
		return fmt.Errorf("tool output: %w", ErrClosed)
	}
	if sp.writeErr != nil {
		return fmt.Errorf("tool output: %w", sp.writeErr)
	}
	ts := sp.s.now().UTC().Format(time.RFC3339Nano)
	l := spoolLine{TS: ts, CallID: callID, ProcessID: processID, Stream: stream}
	if utf8.Valid(p) {
		l.Chunk = string(p)
	} else {
		l.Chunk, l.Encoding = base64.StdEncoding.EncodeToString(p), "base64"
	}
	line, err := sp.encode(l)
	if err != nil {
		return err
	}
	if sp.marked || sp.size+int64(len(line)) > sp.cap {
		return sp.drop(len(p), ts)
	}
	return sp.write(line)
}

// drop counts a dropped chunk, writing the marker the first time.
func (sp *Spool) drop(n int, ts string) error {
	sp.dropped += int64(n)
	sp.dropN++
	if sp.marked {
		return nil
	}
	sp.marked = true
	line, err := sp.encode(spoolLine{TS: ts, Stream: "spool", Marker: "cap_reached", CapBytes: sp.cap,
		Chunk: fmt.Sprintf("tool-output.jsonl reached its cap of %d bytes; later output is not kept here", sp.cap)})
	if err != nil {
		return err
	}
	return sp.write(line)
}

// encode renders one line into the spool's buffer.
func (sp *Spool) encode(l spoolLine) ([]byte, error) {
	sp.buf.Reset()
	if err := sp.enc.Encode(l); err != nil {
		return nil, fmt.Errorf("tool output: %w", err)
	}
	return sp.buf.Bytes(), nil
}

// write appends one whole line, cutting back a partial write.
func (sp *Spool) write(line []byte) error {
	n, err := sp.f.Write(line)
	if err == nil && n != len(line) {
		err = fmt.Errorf("short write")
	}
	if err != nil {
		if n > 0 {
			if terr := sp.f.Truncate(sp.size); terr != nil {
				sp.writeErr = fmt.Errorf("%v; cutting the partial line failed: %w", err, terr)
			}
		}
		return fmt.Errorf("tool output: %w", err)
	}
	sp.size += int64(n)
	return nil
}

// Dropped reports how many bytes and chunks the cap dropped.
func (sp *Spool) Dropped() (bytes, chunks int64) {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	return sp.dropped, sp.dropN
}

// Size is the file's size in bytes.
func (sp *Spool) Size() int64 {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	return sp.size
}

// Close syncs and closes the spool.
func (sp *Spool) Close() error {
	sp.mu.Lock()
	defer sp.mu.Unlock()
	if sp.closed {
		return nil
	}
	sp.closed = true
	serr := sp.f.Sync()
	if err := sp.f.Close(); err != nil {
		return fmt.Errorf("close tool output: %w", err)
	}
	if serr != nil {
		return fmt.Errorf("close tool output: %w", serr)
	}
	return nil
}
