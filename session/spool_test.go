package session

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
)

// readSpool decodes every line of the spool file.
func readSpool(t *testing.T, s *Session) []spoolLine {
	t.Helper()
	data, err := os.ReadFile(s.SpoolPath())
	if err != nil {
		t.Fatal(err)
	}
	var out []spoolLine
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var l spoolLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatalf("spool line %q: %v", sc.Text(), err)
		}
		out = append(out, l)
	}
	return out
}

func TestSpoolConcurrentWriters(t *testing.T) {
	s := newSession(t, testHome(t), Meta{})
	sp, err := s.OpenSpool(0)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for w := range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 200 {
				chunk := fmt.Sprintf("w%d line %d <b>&\n", w, i)
				if err := sp.Write(fmt.Sprintf("call_%d", w), "p1", "stdout", []byte(chunk)); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	if err := sp.Close(); err != nil {
		t.Fatal(err)
	}
	lines := readSpool(t, s)
	if len(lines) != 1200 {
		t.Fatalf("%d lines, want 1200", len(lines))
	}
	next := map[string]int{}
	for _, l := range lines {
		var w, i int
		if _, err := fmt.Sscanf(l.Chunk, "w%d line %d", &w, &i); err != nil || l.CallID != fmt.Sprintf("call_%d", w) {
			t.Fatalf("line %+v", l)
		}
		if i != next[l.CallID] {
			t.Fatalf("%s: chunk %d after %d (order lost)", l.CallID, i, next[l.CallID]-1)
		}
		next[l.CallID]++
		if l.TS == "" || l.Stream != "stdout" || l.ProcessID != "p1" || !strings.HasSuffix(l.Chunk, "<b>&\n") {
			t.Fatalf("line %+v", l)
		}
	}
	checkMode(t, s.SpoolPath(), 0o600)
	if err := sp.Write("c", "", "stdout", []byte("x")); err == nil {
		t.Fatal("Write after Close succeeded")
	}
}

func TestSpoolCap(t *testing.T) {
	s := newSession(t, testHome(t), Meta{})
	sp, err := s.OpenSpool(2000)
	if err != nil {
		t.Fatal(err)
	}
	chunk := bytes.Repeat([]byte("x"), 100)
	for range 40 {
		if err := sp.Write("call_1", "", "stdout", chunk); err != nil {
			t.Fatal(err)
		}
	}
	dropped, n := sp.Dropped()
	size := sp.Size()
	sp.Close()
	lines := readSpool(t, s)
	kept := len(lines) - 1
	if kept < 5 || dropped != int64(100*(40-kept)) || n != int64(40-kept) {
		t.Fatalf("kept %d chunks, dropped %d bytes in %d chunks", kept, dropped, n)
	}
	marker := lines[len(lines)-1]
	if marker.Marker != "cap_reached" || marker.CapBytes != 2000 || !strings.Contains(marker.Chunk, "2000") {
		t.Fatalf("last line %+v, want the one marker", marker)
	}
	for _, l := range lines[:kept] {
		if l.Marker != "" {
			t.Fatal("marker before the cap")
		}
	}
	// Only the marker line may pass the cap.
	fi, _ := os.Stat(s.SpoolPath())
	if fi.Size() != size || fi.Size() > 2000+300 {
		t.Fatalf("spool is %d bytes for a 2000-byte cap", fi.Size())
	}
}

func TestSpoolBinaryAndTornTail(t *testing.T) {
	s := newSession(t, testHome(t), Meta{})
	sp, _ := s.OpenSpool(0)
	bin := []byte{0xff, 0xfe, 'a', 0xc3}
	if err := sp.Write("call_1", "", "stderr", bin); err != nil {
		t.Fatal(err)
	}
	if err := sp.Write("call_1", "", "stderr", nil); err != nil {
		t.Fatal(err)
	}
	sp.Close()
	f, _ := os.OpenFile(s.SpoolPath(), os.O_WRONLY|os.O_APPEND, 0)
	f.WriteString(`{"ts":"2025","call_id":"call_1","chu`)
	f.Close()

	sp, err := s.OpenSpool(0)
	if err != nil {
		t.Fatal(err)
	}
	if err := sp.Write("call_2", "", "stdout", []byte("after the crash")); err != nil {
		t.Fatal(err)
	}
	sp.Close()
	lines := readSpool(t, s)
	if len(lines) != 2 {
		t.Fatalf("%d lines, want 2 (torn tail cut)", len(lines))
	}
	raw, err := base64.StdEncoding.DecodeString(lines[0].Chunk)
	if err != nil || lines[0].Encoding != "base64" || !bytes.Equal(raw, bin) {
		t.Fatalf("binary chunk %+v", lines[0])
	}
	if lines[1].Chunk != "after the crash" || lines[1].Encoding != "" {
		t.Fatalf("line 2 %+v", lines[1])
	}
}

func TestCutTornTail(t *testing.T) {
	long := strings.Repeat("y", 200<<10)
	for name, c := range map[string]struct{ in, want string }{
		"complete":       {"a\nb\n", "a\nb\n"},
		"torn":           {"a\nb", "a\n"},
		"long torn line": {"a\n" + long, "a\n"},
		"long lines":     {long + "\n" + long, long + "\n"},
		"only partial":   {long, ""},
		"empty":          {"", ""},
	} {
		t.Run(name, func(t *testing.T) {
			f, err := os.CreateTemp(t.TempDir(), "tail")
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			f.WriteString(c.in)
			n, err := cutTornTail(f, int64(len(c.in)))
			if err != nil || n != int64(len(c.want)) {
				t.Fatalf("cutTornTail = %d, %v; want %d", n, err, len(c.want))
			}
			got, _ := os.ReadFile(f.Name())
			if string(got) != c.want {
				t.Fatalf("file is %d bytes, want %d", len(got), len(c.want))
			}
		})
	}
}
