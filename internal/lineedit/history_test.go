package lineedit

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// historyList returns h's entries, newest first.
func historyList(h History) []string {
	var out []string
	for i := range h.Len() {
		out = append(out, h.At(i))
	}
	return out
}

func TestMemoryHistory(t *testing.T) {
	h := NewMemoryHistory(3)
	for _, s := range []string{"a", "a", "  ", "", "b", "a", "c", "d"} {
		h.Add(s)
	}
	if got, want := strings.Join(historyList(h), ","), "d,c,a"; got != want {
		t.Fatalf("history = %s, want %s", got, want)
	}
	if h.At(3) != "" || h.At(-1) != "" {
		t.Fatal("At out of range is not empty")
	}
}

func openHistory(t *testing.T, path string, max int) *FileHistory {
	t.Helper()
	h, err := OpenFileHistory(path, max)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	return h
}

func TestFileHistoryPersists(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a", "b")
	path := filepath.Join(dir, "history")
	h := openHistory(t, path, 10)
	for _, s := range []string{"one", "two\nlines", "two\nlines", "<tag> & \"quotes\"", "   "} {
		h.Add(s)
	}
	if err := h.Err(); err != nil {
		t.Fatal(err)
	}
	h.Close()
	h.Add("after close")
	if h.Err() == nil {
		t.Fatal("Add after Close reports no error")
	}

	data, _ := os.ReadFile(path)
	if want := "\"one\"\n\"two\\nlines\"\n\"<tag> & \\\"quotes\\\"\"\n"; string(data) != want {
		t.Fatalf("file = %q, want %q", data, want)
	}
	for p, want := range map[string]os.FileMode{path: 0o600, dir: 0o700, filepath.Dir(dir): 0o700} {
		if fi, err := os.Stat(p); err != nil || fi.Mode().Perm() != want {
			t.Fatalf("%s: mode %v, %v; want %v", p, fi.Mode().Perm(), err, want)
		}
	}
	h2 := openHistory(t, path, 10)
	if got, want := historyList(h2), []string{"<tag> & \"quotes\"", "two\nlines", "one"}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("reopened = %q, want %q", got, want)
	}
}

func TestFileHistorySkipsCorruptLines(t *testing.T) {
	path := filepath.Join(t.TempDir(), "history")
	os.WriteFile(path, []byte("\"ok1\"\nnot json\n42\n\n\"ok2\"\n\"cut by a cra"), 0o644)
	h := openHistory(t, path, 10)
	if got := historyList(h); fmt.Sprint(got) != "[ok2 ok1]" {
		t.Fatalf("entries = %q", got)
	}
	h.Add("next") // must land on a line of its own
	h.Close()
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Fatalf("mode %v: an existing file keeps group and other access", fi.Mode().Perm())
	}
	h2 := openHistory(t, path, 10)
	if got := historyList(h2); fmt.Sprint(got) != "[next ok2 ok1]" {
		t.Fatalf("entries after repair = %q", got)
	}
}

func TestFileHistoryCompacts(t *testing.T) {
	path := filepath.Join(t.TempDir(), "history")
	h := openHistory(t, path, 3)
	for i := range 7 {
		h.Add(fmt.Sprint("e", i))
	}
	if err := h.Err(); err != nil {
		t.Fatal(err)
	}
	// 7 > 2×3 lines: the 7th Add rewrote the file with the newest 3.
	data, _ := os.ReadFile(path)
	if string(data) != "\"e4\"\n\"e5\"\n\"e6\"\n" {
		t.Fatalf("file after compaction = %q", data)
	}
	h.Add("e7") // still appends to the new file
	h.Close()
	if got := historyList(openHistory(t, path, 3)); fmt.Sprint(got) != "[e7 e6 e5]" {
		t.Fatalf("reopened = %q", got)
	}
	if entries, _ := os.ReadDir(filepath.Dir(path)); len(entries) != 1 {
		t.Fatalf("temporary files left behind: %v", entries)
	}
}

func TestFileHistoryCompactsOnOpen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "history")
	var b strings.Builder
	for i := range 50 {
		fmt.Fprintf(&b, "\"e%d\"\n", i)
	}
	os.WriteFile(path, []byte(b.String()), 0o600)
	h := openHistory(t, path, 5)
	if got := historyList(h); fmt.Sprint(got) != "[e49 e48 e47 e46 e45]" {
		t.Fatalf("entries = %q", got)
	}
	if data, _ := os.ReadFile(path); strings.Count(string(data), "\n") != 5 {
		t.Fatalf("file not compacted on open: %q", data)
	}
}

// TestFileHistoryConcurrent adds from many goroutines through two handles
// on one file (as two processes would): nothing is lost.
func TestFileHistoryConcurrent(t *testing.T) {
	path := filepath.Join(t.TempDir(), "history")
	const max, perWriter = 100, 40
	handles := []*FileHistory{openHistory(t, path, max), openHistory(t, path, max)}
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			h := handles[w%2]
			for i := range perWriter {
				h.Add(fmt.Sprintf("w%d-%d", w, i))
				h.Len()
				h.At(0)
			}
		}()
	}
	wg.Wait()
	for _, h := range handles {
		if err := h.Err(); err != nil {
			t.Fatal(err)
		}
		h.Close()
	}
	got := historyList(openHistory(t, path, 1000))
	if len(got) != 4*perWriter {
		t.Fatalf("%d entries on disk, want %d", len(got), 4*perWriter)
	}
}

func TestOpenFileHistoryErrors(t *testing.T) {
	if _, err := OpenFileHistory("", 10); err == nil {
		t.Fatal("empty path: no error")
	}
	file := filepath.Join(t.TempDir(), "file")
	os.WriteFile(file, nil, 0o600)
	if _, err := OpenFileHistory(filepath.Join(file, "history"), 10); err == nil {
		t.Fatal("a directory that is a file: no error")
	}
}

// TestFileHistoryCompactionUnderAnotherHandle interleaves two handles on one
// small file, so each compacts (replaces) the file under the other: every
// entry must land in the live file, never in a replaced one.
func TestFileHistoryCompactionUnderAnotherHandle(t *testing.T) {
	path := filepath.Join(t.TempDir(), "history")
	a, b := openHistory(t, path, 2), openHistory(t, path, 2)
	for i := range 12 {
		for _, h := range []*FileHistory{a, b} {
			entry := fmt.Sprintf("%p-%d", h, i)
			h.Add(entry)
			if err := h.Err(); err != nil {
				t.Fatal(err)
			}
			data, _ := os.ReadFile(path)
			list, lines, _ := parseHistory(data)
			if len(list) == 0 || list[len(list)-1] != entry {
				t.Fatalf("step %d: newest entry on disk %q, want %q", i, list, entry)
			}
			if lines > 4 {
				t.Fatalf("step %d: %d lines, compaction keeps at most 4", i, lines)
			}
		}
	}
}
