package session

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/internal/export"
)

// rolloutTime is the timestamp in a rollout's file name (Codex's layout).
const rolloutTime = "2006-01-02T15-04-05"

// Rollout is the session's Codex-shaped rollout-<ts>-<id>.jsonl, written
// live. Feed it every logged event with Event, or drive it directly with
// UserMessage, AssistantMessage, FunctionCall and FunctionOutput — not
// both. Each line is written whole; the file is not a commit point, so it
// is not fsynced per line.
type Rollout struct {
	s    *Session
	name string

	mu     sync.Mutex
	f      *os.File
	cs     *export.CodexStream
	lw     *bytes.Buffer
	enc    *json.Encoder
	closed bool
	err    error
}

// OpenRollout opens the session's rollout for appending, creating it with
// its session_meta line (from session.json) if needed. Reopened after a
// crash, it cuts a torn last line and remembers which calls it holds, so a
// resumed session continues the same file without repeating a call.
func (s *Session) OpenRollout() (*Rollout, error) {
	st, err := s.LoadState()
	if err != nil {
		return nil, fmt.Errorf("open rollout: %w", err)
	}
	name, err := s.rolloutName(st)
	if err != nil {
		return nil, err
	}
	f, created, err := s.openPrivate(name, os.O_RDWR|os.O_CREATE|os.O_APPEND)
	if err != nil {
		return nil, fmt.Errorf("open rollout: %w", err)
	}
	r := &Rollout{s: s, name: name, f: f, lw: new(bytes.Buffer)}
	r.enc = json.NewEncoder(r.lw)
	r.enc.SetEscapeHTML(false)
	r.cs = export.NewCodexStream(st.ExportMeta(), r.writeLine)
	if err := r.start(created); err != nil {
		f.Close()
		return nil, fmt.Errorf("open rollout: %w", err)
	}
	return r, nil
}

// start writes the header of a new file, or recovers an existing one.
func (r *Rollout) start(created bool) error {
	if created {
		if err := r.s.syncDirectory(); err != nil {
			return err
		}
	}
	size, err := r.recover()
	if err != nil {
		return err
	}
	if size > 0 {
		return nil
	}
	if err := r.cs.Header(r.headerTime()); err != nil {
		return err
	}
	return r.s.syncFile(r.f, r.name, true)
}

// recover cuts a torn last line and registers the calls the file holds.
func (r *Rollout) recover() (int64, error) {
	if _, err := r.f.Seek(0, io.SeekStart); err != nil {
		return 0, err
	}
	br := bufio.NewReaderSize(r.f, 64<<10)
	var (
		off  int64
		long []byte
	)
	for {
		line, err := readLine(br, &long)
		if errors.Is(err, io.EOF) {
			if len(line) > 0 {
				if err := r.f.Truncate(off); err != nil {
					return 0, err
				}
			}
			return off, nil
		}
		if err != nil {
			return 0, err
		}
		off += int64(len(line))
		r.cs.Register(line)
	}
}

// Resume brings the rollout in line with the events already in the log
// (a crash can lose the rollout's last lines, which are written after the
// log's) and restores what the writer knows about the conversation, so the
// lines that follow are exactly those an export would have. Lines missing
// at the end are appended; a file that is not a prefix of what the log
// says is rewritten atomically.
func (r *Rollout) Resume(logged []event.Event) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if err := r.usable(); err != nil {
		return err
	}
	var gen bytes.Buffer
	cs := export.NewCodexStream(r.cs.Meta(), func(l any) error {
		enc := json.NewEncoder(&gen)
		enc.SetEscapeHTML(false)
		return enc.Encode(l)
	})
	if err := cs.Header(r.headerTime()); err != nil {
		return fmt.Errorf("rollout: resume: %w", err)
	}
	for _, ev := range logged {
		if err := cs.Event(ev); err != nil {
			return fmt.Errorf("rollout: resume: %w", err)
		}
	}
	cur, err := r.contents()
	if err != nil {
		return fmt.Errorf("rollout: resume: %w", err)
	}
	if bytes.HasPrefix(gen.Bytes(), cur) {
		if rest := gen.Bytes()[len(cur):]; len(rest) > 0 {
			if _, err := r.f.Write(rest); err != nil {
				return fmt.Errorf("rollout: resume: %w", err)
			}
		}
	} else if err := r.rewrite(gen.Bytes()); err != nil {
		return fmt.Errorf("rollout: resume: %w", err)
	}
	cs.SetEmit(r.writeLine)
	r.cs = cs
	return r.s.syncFile(r.f, r.name, true)
}

// headerTime is the session_meta time: the session's creation.
func (r *Rollout) headerTime() time.Time {
	if created := r.cs.Meta().Created; !created.IsZero() {
		return created
	}
	return r.s.now()
}

// contents reads the whole rollout file.
func (r *Rollout) contents() ([]byte, error) {
	fi, err := r.f.Stat()
	if err != nil {
		return nil, err
	}
	buf := make([]byte, fi.Size())
	n, err := r.f.ReadAt(buf, 0)
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	return buf[:n], nil
}

// rewrite replaces the rollout atomically and reopens it.
func (r *Rollout) rewrite(data []byte) error {
	if err := r.s.writeAtomic(r.name, data); err != nil {
		return err
	}
	f, _, err := r.s.openPrivate(r.name, os.O_RDWR|os.O_APPEND)
	if err != nil {
		r.err = err
		return err
	}
	r.f.Close()
	r.f = f
	return nil
}

// rolloutName finds the session's rollout file, or names a new one after
// the creation time.
func (s *Session) rolloutName(st State) (string, error) {
	d, err := s.dir.Open(".")
	if err != nil {
		return "", fmt.Errorf("open rollout: %w", err)
	}
	names, err := d.Readdirnames(-1)
	d.Close()
	if err != nil {
		return "", fmt.Errorf("open rollout: %w", err)
	}
	for _, n := range names {
		if strings.HasPrefix(n, "rollout-") && strings.HasSuffix(n, "-"+s.id+".jsonl") {
			return n, nil
		}
	}
	created := st.Created
	if created.IsZero() {
		created = s.now()
	}
	return "rollout-" + created.UTC().Format(rolloutTime) + "-" + s.id + ".jsonl", nil
}

// RolloutPath returns the path of the session's rollout (which may not
// exist yet).
func (s *Session) RolloutPath() (string, error) {
	st, err := s.LoadState()
	if err != nil {
		return "", err
	}
	name, err := s.rolloutName(st)
	if err != nil {
		return "", err
	}
	return s.path + string(os.PathSeparator) + name, nil
}

// Path is the rollout file's path.
func (r *Rollout) Path() string { return r.s.path + string(os.PathSeparator) + r.name }

// Event adds the rollout lines of one logged event, if it has any.
func (r *Rollout) Event(ev event.Event) error {
	return r.locked(func() error { return r.cs.Event(ev) })
}

// UserMessage adds the user's own words (a task or an instruction).
func (r *Rollout) UserMessage(text string) error {
	return r.locked(func() error { return r.cs.UserMessage(r.s.now(), text) })
}

// AssistantMessage adds the model's parsed message.
func (r *Rollout) AssistantMessage(text string) error {
	return r.locked(func() error { return r.cs.AssistantMessage(r.s.now(), text) })
}

// FunctionCall adds a tool call; a call id already in the rollout is
// skipped.
func (r *Rollout) FunctionCall(callID string, call event.ToolCall) error {
	return r.locked(func() error { return r.cs.FunctionCall(r.s.now(), callID, call) })
}

// FunctionOutput adds a tool call's output; a second output for the same
// call is skipped.
func (r *Rollout) FunctionOutput(callID string, res event.ToolResult) error {
	return r.locked(func() error { return r.cs.FunctionOutput(r.s.now(), callID, res) })
}

// locked runs fn under the lock on a usable rollout.
func (r *Rollout) locked(fn func() error) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if err := r.usable(); err != nil {
		return err
	}
	if err := fn(); err != nil {
		return fmt.Errorf("rollout: %w", err)
	}
	return nil
}

// usable reports a closed or failed rollout.
func (r *Rollout) usable() error {
	if r.closed {
		return fmt.Errorf("rollout: %w", ErrClosed)
	}
	if r.err != nil {
		return fmt.Errorf("rollout: %w", r.err)
	}
	return nil
}

// writeLine writes one encoded line in a single write; a failed write is
// cut back, and if that fails the rollout stops.
func (r *Rollout) writeLine(l any) error {
	r.lw.Reset()
	if err := r.enc.Encode(l); err != nil {
		return err
	}
	before, err := r.f.Seek(0, io.SeekEnd)
	if err != nil {
		return err
	}
	n, err := r.f.Write(r.lw.Bytes())
	if err == nil && n != r.lw.Len() {
		err = io.ErrShortWrite
	}
	if err != nil && n > 0 {
		if terr := r.f.Truncate(before); terr != nil {
			r.err = fmt.Errorf("%v; cutting the partial line failed: %w", err, terr)
		}
	}
	return err
}

// Sync flushes the rollout to stable storage.
func (r *Rollout) Sync() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return ErrClosed
	}
	return r.s.syncFile(r.f, r.name, true)
}

// Close syncs and closes the rollout. Calls without output stay open: a
// resumed session answers them.
func (r *Rollout) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return nil
	}
	r.closed = true
	serr := r.f.Sync()
	if err := r.f.Close(); err != nil {
		return fmt.Errorf("close rollout: %w", err)
	}
	if serr != nil {
		return fmt.Errorf("close rollout: %w", serr)
	}
	return nil
}
