package session

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/wtagent/wtagent/session/event"
)

// openLog opens the session's log and closes it at cleanup.
func openLog(t *testing.T, s *Session) *Log {
	t.Helper()
	l, err := s.OpenLog()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	return l
}

// appendN appends n text events.
func appendN(t *testing.T, l *Log, n int) {
	t.Helper()
	for i := range n {
		if _, err := l.Append(event.Event{Type: event.EvModelProgress, Turn: i,
			Payload: json.RawMessage(fmt.Sprintf(`{"text":"event %d <xml> & \n"}`, i))}, false); err != nil {
			t.Fatal(err)
		}
	}
}

// checkSeqs asserts events are numbered 1…n.
func checkSeqs(t *testing.T, events []event.Event, n int) {
	t.Helper()
	if len(events) != n {
		t.Fatalf("%d events, want %d", len(events), n)
	}
	for i, ev := range events {
		if ev.Seq != int64(i+1) {
			t.Fatalf("event %d has seq %d", i, ev.Seq)
		}
	}
}

func TestLogAppendAndReopen(t *testing.T) {
	s := newSession(t, testHome(t), Meta{})
	at := time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC)
	s.now = func() time.Time { return at }
	l, err := s.OpenLog()
	if err != nil {
		t.Fatal(err)
	}
	seq, err := l.Append(event.Event{Type: event.EvRunStarted, Payload: json.RawMessage(`{"task":"a"}`)}, true)
	if err != nil || seq != 1 {
		t.Fatalf("first Append = %d, %v", seq, err)
	}
	appendN(t, l, 9)
	if l.Seq() != 10 {
		t.Fatalf("Seq = %d", l.Seq())
	}
	if _, err := l.Append(event.Event{}, false); err == nil {
		t.Fatal("appended an event without a type")
	}
	if _, err := l.Append(event.Event{Type: "x", Payload: json.RawMessage(`{bad`)}, false); err == nil {
		t.Fatal("appended an invalid payload")
	}
	if _, err := l.Append(event.Event{Type: "x", SessionID: "20000101-000000-00000000"}, false); err == nil {
		t.Fatal("appended another session's event")
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := l.Append(event.Event{Type: "x"}, false); !errors.Is(err, ErrClosed) {
		t.Fatalf("Append after Close err = %v", err)
	}

	l = openLog(t, s)
	if l.Seq() != 10 || l.Repaired().Torn {
		t.Fatalf("reopened Seq = %d, repaired %v", l.Seq(), l.Repaired())
	}
	if seq, _ := l.Append(event.Event{Type: event.EvRunResumed}, true); seq != 11 {
		t.Fatalf("seq after reopen = %d, want 11", seq)
	}
	events, tail, err := s.Events()
	if err != nil || tail.Torn {
		t.Fatal(err, tail)
	}
	checkSeqs(t, events, 11)
	if events[0].SessionID != s.ID() || !events[0].TS.Equal(at) || string(events[0].Payload) != `{"task":"a"}` {
		t.Fatalf("first event %+v", events[0])
	}
	raw, _ := os.ReadFile(s.EventsPath())
	if !bytes.Contains(raw, []byte(`<xml> & \n`)) || bytes.Count(raw, []byte("\n")) != 11 {
		t.Fatalf("log is not one line per event with raw '<' and '&':\n%s", raw)
	}
}

func TestLogTornLastLine(t *testing.T) {
	s := newSession(t, testHome(t), Meta{})
	l, _ := s.OpenLog()
	appendN(t, l, 5)
	l.Close()
	// A crash in the middle of the sixth append: half a line, no newline.
	line := `{"seq":6,"type":"model.progress","session_id":"` + s.ID() + `","turn":0,"ts":"2025-03-01T00:00:00Z","payload":{"text":"half"}}`
	f, err := os.OpenFile(s.EventsPath(), os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(line[:len(line)/2])
	f.Close()

	// Reading tolerates and reports it.
	events, tail, err := ReadEvents(s.EventsPath())
	if err != nil {
		t.Fatal(err)
	}
	checkSeqs(t, events, 5)
	if !tail.Torn || tail.Line != 6 || tail.Bytes != int64(len(line)/2) {
		t.Fatalf("tail = %+v", tail)
	}

	// Opening for append cuts it, and the sequence continues at 6.
	l = openLog(t, s)
	if rep := l.Repaired(); !rep.Torn || rep.Line != 6 || !strings.Contains(rep.String(), "torn last line 6") {
		t.Fatalf("Repaired = %v", rep)
	}
	if seq, err := l.Append(event.Event{Type: event.EvRunResumed}, true); err != nil || seq != 6 {
		t.Fatalf("Append after repair = %d, %v", seq, err)
	}
	events, tail, err = ReadEvents(s.EventsPath())
	if err != nil || tail.Torn {
		t.Fatal(err, tail)
	}
	checkSeqs(t, events, 6)
	if events[5].Type != event.EvRunResumed {
		t.Fatalf("event 6 = %s", events[5].Type)
	}
}

func TestLogCorruptionInTheMiddle(t *testing.T) {
	s := newSession(t, testHome(t), Meta{})
	l, _ := s.OpenLog()
	appendN(t, l, 5)
	l.Close()
	raw, _ := os.ReadFile(s.EventsPath())
	lines := strings.SplitAfter(string(raw), "\n")
	cases := map[string]struct {
		line    int
		content string
	}{
		"garbage":   {3, "{not json\n"},
		"gap":       {3, strings.Replace(lines[2], `"seq":3`, `"seq":30`, 1)},
		"blank":     {2, "\n"},
		"no type":   {4, `{"seq":4}` + "\n"},
		"truncated": {2, lines[1][:20] + "\n"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			mod := append([]string(nil), lines...)
			mod[c.line-1] = c.content
			if err := os.WriteFile(s.EventsPath(), []byte(strings.Join(mod, "")), 0o600); err != nil {
				t.Fatal(err)
			}
			_, _, err := ReadEvents(s.EventsPath())
			var ce *CorruptError
			if !errors.As(err, &ce) || ce.Line != c.line || !errors.Is(err, ErrCorrupt) || ce.Path != s.EventsPath() {
				t.Fatalf("ReadEvents err = %v, want a CorruptError at line %d", err, c.line)
			}
			if !strings.Contains(err.Error(), fmt.Sprintf("line %d", c.line)) {
				t.Fatalf("error %q does not name the line", err)
			}
			if _, err := s.OpenLog(); !errors.As(err, &ce) || ce.Line != c.line {
				t.Fatalf("OpenLog err = %v, want a CorruptError at line %d", err, c.line)
			}
		})
	}
}

func TestLogSyncOnlyAtCommitPoints(t *testing.T) {
	s := newSession(t, testHome(t), Meta{})
	var synced []string
	s.hooks = &hooks{synced: func(name string) { synced = append(synced, name) }}
	l := openLog(t, s)
	if !slices.Equal(synced, []string{"."}) {
		t.Fatalf("creating the log synced %q, want the directory", synced)
	}
	synced = nil
	appendN(t, l, 3)
	if len(synced) != 0 {
		t.Fatalf("appends without sync fsynced %q", synced)
	}
	if _, err := l.Append(event.Event{Type: event.EvToolStarted}, true); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(synced, []string{EventsFileName}) {
		t.Fatalf("a commit point synced %q", synced)
	}
}

func TestLogConcurrentAppends(t *testing.T) {
	s := newSession(t, testHome(t), Meta{})
	l := openLog(t, s)
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 100 {
				if _, err := l.Append(event.Event{Type: event.EvToolOutput, Turn: w*1000 + i}, i%25 == 0); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	events, _, err := s.Events()
	if err != nil {
		t.Fatal(err)
	}
	checkSeqs(t, events, 800)
}

func TestLogSurvivesSIGKILL(t *testing.T) {
	h := testHome(t)
	s := newSession(t, h, Meta{})
	cmd := startHelper(t, "append-loop", h, s.ID())
	killHelper(t, cmd)
	l := openLog(t, s)
	n := l.Seq()
	if n < 200 {
		t.Fatalf("only %d events survived", n)
	}
	if seq, err := l.Append(event.Event{Type: event.EvRunResumed}, true); err != nil || seq != n+1 {
		t.Fatalf("Append after SIGKILL = %d, %v (want %d)", seq, err, n+1)
	}
	events, tail, err := s.Events()
	if err != nil || tail.Torn {
		t.Fatal(err, tail)
	}
	checkSeqs(t, events, int(n+1))
}

func FuzzScanEvents(f *testing.F) {
	f.Add([]byte(`{"seq":1,"type":"run.started","session_id":"s","turn":0,"ts":"2025-03-01T00:00:00Z"}` + "\n"))
	f.Add([]byte(`{"seq":1,"type":"a"}` + "\n" + `{"seq":2,"type":"b","payload":{"x":[1,2]}}` + "\n" + `{"seq":3,"ty`))
	f.Add([]byte("\n"))
	f.Add([]byte(`{"seq":2,"type":"a"}` + "\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		var got []event.Event
		tail, err := ScanEvents(bytes.NewReader(data), func(ev event.Event) error {
			got = append(got, ev)
			return nil
		})
		if err != nil {
			var ce *CorruptError
			if !errors.As(err, &ce) || ce.Line < 1 {
				t.Fatalf("error %v is not a CorruptError with a line", err)
			}
			return
		}
		for i, ev := range got {
			if ev.Seq != int64(i+1) || ev.Type == "" {
				t.Fatalf("event %d accepted: %+v", i, ev)
			}
		}
		if tail.Torn {
			if tail.Offset+tail.Bytes != int64(len(data)) || bytes.IndexByte(data[tail.Offset:], '\n') >= 0 {
				t.Fatalf("tail %+v does not describe the unterminated end of %d bytes", tail, len(data))
			}
		} else if len(data) > 0 && data[len(data)-1] != '\n' {
			t.Fatal("unterminated input without a torn tail")
		}
	})
}
