package session

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/wtagent/wtagent/session/event"
)

// MaxEventLine bounds one events.jsonl line (an fs.write of a large file).
const MaxEventLine = 64 << 20

// Tail describes a partial last line: the trace of a crash in the middle of
// an append. It is tolerated — skipped on read, truncated when the log is
// opened for appending — and reported.
type Tail struct {
	// Torn is true when the file ended in a partial line.
	Torn bool
	// Line is the partial line's 1-based number.
	Line int
	// Offset is where the partial line starts: the length of the valid log.
	Offset int64
	// Bytes is the partial line's length.
	Bytes int64
}

// String describes the tail for logs and warnings.
func (t Tail) String() string {
	if !t.Torn {
		return "complete"
	}
	return fmt.Sprintf("torn last line %d (%d bytes at offset %d)", t.Line, t.Bytes, t.Offset)
}

// ScanEvents decodes an event log from r and calls fn with each event in
// order, stopping at fn's first error. Sequence numbers must run 1, 2, 3…;
// a line that does not parse, a blank line or a gap is a *CorruptError
// naming the line. A partial last line is not an error: it is skipped and
// described in the returned Tail.
func ScanEvents(r io.Reader, fn func(event.Event) error) (Tail, error) {
	return scanEvents(r, "events", func(line []byte, n int, prev int64) (int64, error) {
		ev, err := event.Decode(line)
		if err != nil {
			return 0, err
		}
		if err := checkEvent(ev, prev); err != nil {
			return 0, err
		}
		if err := fn(ev); err != nil {
			return 0, &stopError{err}
		}
		return ev.Seq, nil
	})
}

// stopError carries fn's error out of the scan unchanged.
type stopError struct{ err error }

func (e *stopError) Error() string { return e.err.Error() }

// checkEvent validates one decoded event against its predecessor.
func checkEvent(ev event.Event, prev int64) error {
	if ev.Type == "" {
		return errors.New(`event without "type"`)
	}
	if ev.Seq != prev+1 {
		return fmt.Errorf("seq %d after seq %d", ev.Seq, prev)
	}
	return nil
}

// scanEvents walks the lines of r; decode parses one complete line and
// returns its seq.
func scanEvents(r io.Reader, name string, decode func(line []byte, n int, prev int64) (int64, error)) (Tail, error) {
	br := bufio.NewReaderSize(r, 256<<10)
	var (
		off  int64
		prev int64
		long []byte
	)
	for n := 1; ; n++ {
		line, err := readLine(br, &long)
		if errors.Is(err, io.EOF) {
			if len(line) > 0 {
				return Tail{Torn: true, Line: n, Offset: off, Bytes: int64(len(line))}, nil
			}
			return Tail{}, nil
		}
		if err != nil {
			return Tail{}, &CorruptError{Path: name, Line: n, Err: err}
		}
		body := line[:len(line)-1]
		if len(bytes.TrimSpace(body)) == 0 {
			return Tail{}, &CorruptError{Path: name, Line: n, Err: errors.New("blank line")}
		}
		seq, err := decode(body, n, prev)
		if err != nil {
			var stop *stopError
			if errors.As(err, &stop) {
				return Tail{}, stop.err
			}
			if errors.Is(err, event.ErrUnknownVersion) {
				return Tail{}, fmt.Errorf("%s: line %d: %w", name, n, err)
			}
			return Tail{}, &CorruptError{Path: name, Line: n, Err: err}
		}
		prev = seq
		off += int64(len(line))
	}
}

// readLine returns the next line including its '\n', or the unterminated
// rest with io.EOF. Lines longer than the reader's buffer are gathered in
// *long.
func readLine(br *bufio.Reader, long *[]byte) ([]byte, error) {
	line, err := br.ReadSlice('\n')
	if !errors.Is(err, bufio.ErrBufferFull) {
		return line, err
	}
	buf := append((*long)[:0], line...)
	for {
		line, err = br.ReadSlice('\n')
		buf = append(buf, line...)
		if len(buf) > MaxEventLine {
			return nil, fmt.Errorf("line longer than %d bytes", MaxEventLine)
		}
		if !errors.Is(err, bufio.ErrBufferFull) {
			*long = buf
			return buf, err
		}
	}
}

// ReadEvents reads the event log at path. See ScanEvents for what is an
// error and what is a tolerated torn tail.
func ReadEvents(path string) ([]event.Event, Tail, error) {
	fi, err := os.Lstat(path)
	if err != nil {
		return nil, Tail{}, fmt.Errorf("read events: %w", err)
	}
	if fi.Mode()&os.ModeSymlink != 0 {
		return nil, Tail{}, fmt.Errorf("read events %s: %w", path, ErrSymlink)
	}
	f, err := os.OpenFile(path, os.O_RDONLY|noFollow, 0)
	if err != nil {
		return nil, Tail{}, fmt.Errorf("read events: %w", err)
	}
	defer f.Close()
	return readAll(f, path, fi.Size())
}

// Events reads the session's event log; a session without one has no
// events.
func (s *Session) Events() ([]event.Event, Tail, error) {
	f, _, err := s.openPrivate(EventsFileName, os.O_RDONLY)
	if errors.Is(err, os.ErrNotExist) {
		return nil, Tail{}, nil
	}
	if err != nil {
		return nil, Tail{}, fmt.Errorf("read events: %w", err)
	}
	defer f.Close()
	var size int64
	if fi, err := f.Stat(); err == nil {
		size = fi.Size()
	}
	return readAll(f, s.EventsPath(), size)
}

// readAll collects every event of f, sizing the slice from the file size.
func readAll(f *os.File, path string, size int64) ([]event.Event, Tail, error) {
	events := make([]event.Event, 0, min(size/256+1, 1<<16))
	tail, err := ScanEvents(f, func(ev event.Event) error {
		events = append(events, ev)
		return nil
	})
	if err != nil {
		var ce *CorruptError
		if errors.As(err, &ce) {
			ce.Path = path
		}
		return nil, Tail{}, err
	}
	return events, tail, nil
}
