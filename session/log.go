package session

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"

	"github.com/wtagent/wtagent/session/event"
)

// Log is the append-only events.jsonl of one session. It must have a single
// writer (the event-log actor); its methods are safe for concurrent use
// anyway.
type Log struct {
	s *Session

	mu       sync.Mutex
	f        *os.File
	seq      int64
	size     int64
	broken   error
	closed   bool
	repaired Tail
	buf      bytes.Buffer
	enc      *json.Encoder
}

// OpenLog opens the event log for appending, creating it (mode 0600) if
// needed. It checks every line; a torn last line from a crash is truncated
// away (see Repaired) and sequence numbers continue after the last
// complete event. Corruption before the last line is an error.
func (s *Session) OpenLog() (*Log, error) {
	f, created, err := s.openPrivate(EventsFileName, os.O_RDWR|os.O_CREATE|os.O_APPEND)
	if err != nil {
		return nil, fmt.Errorf("open event log: %w", err)
	}
	l := &Log{s: s, f: f}
	l.enc = json.NewEncoder(&l.buf)
	l.enc.SetEscapeHTML(false)
	if created {
		if err := s.syncDirectory(); err != nil {
			f.Close()
			return nil, fmt.Errorf("open event log: %w", err)
		}
	}
	if err := l.recover(); err != nil {
		f.Close()
		return nil, err
	}
	return l, nil
}

// recover finds the last sequence number and cuts a torn tail.
func (l *Log) recover() error {
	if _, err := l.f.Seek(0, io.SeekStart); err != nil {
		return fmt.Errorf("open event log: %w", err)
	}
	var last int64
	tail, err := scanEvents(l.f, l.s.EventsPath(), func(line []byte, _ int, prev int64) (int64, error) {
		head, err := event.DecodeHead(line)
		if err != nil {
			return 0, err
		}
		last = head.Seq
		return head.Seq, checkEvent(event.Event{Seq: head.Seq, Type: head.Type}, prev)
	})
	if err != nil {
		return fmt.Errorf("open event log: %w", err)
	}
	end, err := l.f.Seek(0, io.SeekEnd)
	if err != nil {
		return fmt.Errorf("open event log: %w", err)
	}
	l.size = end
	if tail.Torn {
		if err := l.f.Truncate(tail.Offset); err != nil {
			return fmt.Errorf("open event log: cut %s: %w", tail, err)
		}
		if err := l.s.syncFile(l.f, EventsFileName, true); err != nil {
			return fmt.Errorf("open event log: %w", err)
		}
		l.size = tail.Offset
		l.repaired = tail
	}
	l.seq = last
	return nil
}

// Append writes ev as the next line and returns its sequence number. It
// fills Seq (monotonic from 1), SessionID and TS (when zero); an event of
// another session is refused. With sync the
// append is a commit point: the line is on stable storage before Append
// returns. A failed write is cut back, so no partial line is ever followed
// by another; if even that fails the log refuses further appends
// (ErrLogBroken).
func (l *Log) Append(ev event.Event, sync bool) (int64, error) {
	stored, err := l.Write(ev, sync)
	return stored.Seq, err
}

// Write is Append returning the event as stored (with its Seq, SessionID
// and TS), ready to fan out to the rollout, the status actor and the UI.
func (l *Log) Write(ev event.Event, sync bool) (event.Event, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return event.Event{}, fmt.Errorf("append event: %w", ErrClosed)
	}
	if l.broken != nil {
		return event.Event{}, fmt.Errorf("append event: %w: %v", ErrLogBroken, l.broken)
	}
	if ev.Type == "" {
		return event.Event{}, errors.New(`append event: event without "type"`)
	}
	if ev.SessionID != "" && ev.SessionID != l.s.id {
		return event.Event{}, fmt.Errorf("append event %s: event of session %q in the log of %q", ev.Type, ev.SessionID, l.s.id)
	}
	ev.Seq = l.seq + 1
	ev.SessionID = l.s.id
	if ev.TS.IsZero() {
		ev.TS = l.s.now().UTC()
	}
	l.buf.Reset()
	if err := l.enc.Encode(event.NewRecord(ev)); err != nil {
		return event.Event{}, fmt.Errorf("append event %s: %w", ev.Type, err)
	}
	line := l.buf.Bytes()
	n, err := l.f.Write(line)
	if err == nil && n != len(line) {
		err = io.ErrShortWrite
	}
	if err != nil {
		l.rollback(n, err)
		return event.Event{}, fmt.Errorf("append event %s: %w", ev.Type, err)
	}
	l.size += int64(n)
	l.seq = ev.Seq
	if sync {
		if err := l.s.syncFile(l.f, EventsFileName, true); err != nil {
			// After a failed fsync the page cache's state is unknown:
			// stop here and let a reopen rescan the file.
			l.broken = err
			return event.Event{}, fmt.Errorf("append event %s: %w", ev.Type, err)
		}
	}
	return ev, nil
}

// rollback cuts a partially written line.
func (l *Log) rollback(written int, cause error) {
	if written == 0 {
		return
	}
	if err := l.f.Truncate(l.size); err != nil {
		l.broken = fmt.Errorf("%v; cutting the partial line failed: %w", cause, err)
	}
}

// Sync flushes every appended event to stable storage.
func (l *Log) Sync() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return ErrClosed
	}
	return l.s.syncFile(l.f, EventsFileName, true)
}

// Seq is the sequence number of the last event in the log.
func (l *Log) Seq() int64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.seq
}

// Repaired describes the torn tail that OpenLog cut, if any.
func (l *Log) Repaired() Tail { return l.repaired }

// Path is events.jsonl's path.
func (l *Log) Path() string { return l.s.EventsPath() }

// Close syncs and closes the log.
func (l *Log) Close() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return nil
	}
	l.closed = true
	serr := l.f.Sync()
	cerr := l.f.Close()
	if serr != nil && l.broken == nil {
		return fmt.Errorf("close event log: %w", serr)
	}
	if cerr != nil {
		return fmt.Errorf("close event log: %w", cerr)
	}
	return nil
}
