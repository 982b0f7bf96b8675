package lineedit

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"

	"github.com/wtagent/wtagent/internal/atomicfile"
)

// maxPersistedEntry is the largest entry written to a history file; larger
// ones (a huge paste) stay in memory only.
const maxPersistedEntry = 1 << 20

// FileHistory is a History persisted in a file, one JSON string per line,
// so multi-line entries survive. Each Add is appended with O_APPEND and
// fsynced; when the file holds more than twice its size in lines it is
// rewritten atomically (temporary file, fsync, rename). A corrupt line is
// skipped. The file is created 0600 in a directory created 0700. An entry
// over 1 MiB (a huge paste) is kept in memory only.
//
// It is safe for concurrent use, and on Unix several processes may share
// one file: appends and compaction take an flock, and a process whose file
// was replaced by another's compaction reopens it. Entries added by other
// processes are seen when the file is opened again.
type FileHistory struct {
	mu      sync.Mutex
	path    string
	e       entries
	f       *os.File // append handle; nil after Close
	retired *os.File // replaced by compaction, closed after unlocking
	lines   int      // lines in the file
	size    int64    // bytes in the file, to notice other processes' appends
	err     error
	closed  bool
}

// OpenFileHistory opens (creating it and its directory when missing) the
// history file at path, keeping at most max entries (DefaultHistorySize
// when max <= 0).
func OpenFileHistory(path string, max int) (*FileHistory, error) {
	if path == "" {
		return nil, errors.New("lineedit: history: empty path")
	}
	h := &FileHistory{path: path, e: newEntries(max)}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("lineedit: history: %w", err)
	}
	err := h.locked(func() error {
		data, err := io.ReadAll(h.f)
		if err != nil {
			return fmt.Errorf("lineedit: history: read %s: %w", path, err)
		}
		list, lines, complete := parseHistory(data)
		for _, s := range list {
			h.e.add(s)
		}
		h.lines, h.size = lines, int64(len(data))
		switch {
		case lines > 2*h.e.max:
			return h.compact()
		case !complete: // a crash cut the last line: end it
			h.lines-- // counted already; the newline does not add one
			return h.append([]byte("\n"))
		}
		return nil
	})
	if err != nil {
		if h.f != nil {
			h.f.Close()
		}
		return nil, err
	}
	return h, nil
}

// Add appends line to the history and the file; blank lines and repeats of
// the newest entry are skipped. A write error is kept for Err.
func (h *FileHistory) Add(line string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.e.add(line) || len(line) > maxPersistedEntry {
		return
	}
	if h.closed {
		h.err = fmt.Errorf("lineedit: history: %w", os.ErrClosed)
		return
	}
	err := h.locked(func() error {
		if err := h.append(encodeEntry(line)); err != nil {
			return err
		}
		if h.lines > 2*h.e.max {
			return h.compact()
		}
		return nil
	})
	if err != nil {
		h.err = err
	}
}

// Len returns the number of entries.
func (h *FileHistory) Len() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.e.len()
}

// At returns entry i (0 is the newest), or "" when out of range.
func (h *FileHistory) At(i int) string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.e.at(i)
}

// Err returns the last error writing the file, or nil.
func (h *FileHistory) Err() error {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.err
}

// Close closes the file; later entries are kept in memory only.
func (h *FileHistory) Close() error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed || h.f == nil {
		h.closed = true
		return nil
	}
	h.closed = true
	err := h.f.Close()
	h.f = nil
	if err != nil {
		return fmt.Errorf("lineedit: history: %w", err)
	}
	return nil
}

// locked runs fn holding the file lock on the file now at h.path, opening
// or reopening h.f as needed, with h.lines and h.size up to date.
func (h *FileHistory) locked(fn func() error) error {
	unlock, err := h.lockCurrent()
	if err != nil {
		return err
	}
	if fi, serr := h.f.Stat(); serr == nil && fi.Size() != h.size {
		err = h.recount() // another process wrote to the file
	}
	if err == nil {
		err = fn()
	}
	unlock()
	if h.retired != nil {
		h.retired.Close()
		h.retired = nil
	}
	return err
}

// lockCurrent locks h.f, first (re)opening it when it is not the file at
// h.path any more (another process compacted it).
func (h *FileHistory) lockCurrent() (unlock func(), err error) {
	for range 8 {
		if h.f == nil {
			f, err := openHistoryFile(h.path)
			if err != nil {
				return nil, err
			}
			h.f = f
		}
		unlock, err := lockFile(h.f)
		if err != nil {
			return nil, fmt.Errorf("lineedit: history: lock %s: %w", h.path, err)
		}
		if sameFile(h.f, h.path) {
			return unlock, nil
		}
		unlock()
		h.f.Close()
		h.f = nil
	}
	return nil, fmt.Errorf("lineedit: history: %s keeps being replaced", h.path)
}

// recount reads the number of lines and bytes of the (locked) file.
func (h *FileHistory) recount() error {
	data, err := os.ReadFile(h.path)
	if err != nil {
		return fmt.Errorf("lineedit: history: read %s: %w", h.path, err)
	}
	_, h.lines, _ = parseHistory(data)
	h.size = int64(len(data))
	return nil
}

// append writes b (whole lines, or the "\n" ending a cut line) to the end
// of the file and fsyncs it.
func (h *FileHistory) append(b []byte) error {
	n, err := h.f.Write(b)
	h.size += int64(n)
	h.lines += bytes.Count(b[:n], []byte("\n"))
	if err != nil {
		return fmt.Errorf("lineedit: history: write %s: %w", h.path, err)
	}
	if err := h.f.Sync(); err != nil {
		return fmt.Errorf("lineedit: history: sync %s: %w", h.path, err)
	}
	return nil
}

// compact rewrites the file with its newest entries (read from the file, so
// other processes' entries survive), atomically.
func (h *FileHistory) compact() error {
	data, err := os.ReadFile(h.path)
	if err != nil {
		return fmt.Errorf("lineedit: history: read %s: %w", h.path, err)
	}
	list, _, _ := parseHistory(data)
	kept := newEntries(h.e.max)
	for _, s := range list {
		kept.add(s)
	}
	var out bytes.Buffer
	for i := kept.len() - 1; i >= 0; i-- {
		out.Write(encodeEntry(kept.at(i)))
	}
	if err := h.replace(out.Bytes()); err != nil {
		return err
	}
	h.lines, h.size = kept.len(), int64(out.Len())
	return nil
}

// replace atomically replaces the file's content and reopens h.f on the
// new file, keeping the old one (still locked) in h.retired.
func (h *FileHistory) replace(content []byte) error {
	base := filepath.Base(h.path)
	if closeBeforeRename {
		h.f.Close()
		h.f = nil
	}
	if err := atomicfile.WriteFile(h.path, content, 0o600); err != nil {
		return fmt.Errorf("lineedit: history: compact: %w", err)
	}
	f, err := openHistoryFile(h.path)
	if err != nil {
		return fmt.Errorf("lineedit: history: reopen %s: %w", base, err)
	}
	h.retired, h.f = h.f, f // h.retired is nil when closed before the rename
	return nil
}

// openHistoryFile opens path for appending, creating it 0600, and takes
// away group and other permissions from an existing file.
func openHistoryFile(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		return nil, fmt.Errorf("lineedit: history: %w", err)
	}
	if fi, err := f.Stat(); err == nil && fi.Mode().Perm()&0o077 != 0 {
		if err := f.Chmod(0o600); err != nil {
			f.Close()
			return nil, fmt.Errorf("lineedit: history: %w", err)
		}
	}
	return f, nil
}

// sameFile reports whether f is the file now at path.
func sameFile(f *os.File, path string) bool {
	a, err1 := f.Stat()
	b, err2 := os.Stat(path)
	return err1 == nil && err2 == nil && os.SameFile(a, b)
}

// parseHistory decodes a history file: the entries oldest first (corrupt
// lines skipped), the number of lines, and whether the last line is
// complete.
func parseHistory(data []byte) (list []string, lines int, complete bool) {
	complete = len(data) == 0 || data[len(data)-1] == '\n'
	for len(data) > 0 {
		var line []byte
		line, data, _ = bytes.Cut(data, []byte("\n"))
		lines++
		var s string
		if json.Unmarshal(line, &s) == nil {
			list = append(list, s)
		}
	}
	return list, lines, complete
}

// encodeEntry encodes one entry as a JSON string and a newline.
func encodeEntry(s string) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(s) // a string always encodes
	return b.Bytes()
}
