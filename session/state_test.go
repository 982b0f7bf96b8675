package session

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/wtagent/wtagent/session/event"
)

// tempFiles lists a session's leftover atomic-save temp files.
func tempFiles(t *testing.T, s *Session) []string {
	t.Helper()
	m, err := filepath.Glob(filepath.Join(s.Dir(), StateFileName+tempInfix+"*"))
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestStateRoundTrip(t *testing.T) {
	s := newSession(t, testHome(t), Meta{Root: "/p"})
	at := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	s.now = func() time.Time { return at }
	want := State{ID: s.ID(), Root: "/p", Task: "t", Provider: "chatgpt", Cursor: "https://chatgpt.com/c/1",
		Phase: event.PhaseWaitingModel, Turn: 3, PID: 9, Socket: "/run/x.sock",
		Created: at.Add(-time.Hour), Pending: &event.Binding{Turn: 3, Cursor: "c", TextSHA256: "ab", SentAt: at},
		PendingResultOps: []string{"k1"}, Outcome: event.OutcomeInterrupted, Reason: "limit",
		Mode: "Pro", Approvals: "ask", Limits: map[string]int{"turns": 5}, LastSeq: 40, LastMessage: "hi"}
	if err := s.SaveState(want); err != nil {
		t.Fatal(err)
	}
	got, err := s.LoadState()
	if err != nil {
		t.Fatal(err)
	}
	want.Version, want.Updated = StateVersion, at
	if got.Pending == nil || !got.Pending.SentAt.Equal(at) || got.Pending.Cursor != "c" {
		t.Fatalf("pending %+v", got.Pending)
	}
	got.Pending, want.Pending = nil, nil
	if !got.Created.Equal(want.Created) || !got.Updated.Equal(want.Updated) {
		t.Fatalf("times %v %v", got.Created, got.Updated)
	}
	got.Created, want.Created, got.Updated, want.Updated = time.Time{}, time.Time{}, time.Time{}, time.Time{}
	if got.Limits["turns"] != 5 || !slices.Equal(got.PendingResultOps, want.PendingResultOps) {
		t.Fatalf("got %+v", got)
	}
	got.Limits, want.Limits, got.PendingResultOps, want.PendingResultOps = nil, nil, nil, nil
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got %+v\nwant %+v", got, want)
	}
	if len(tempFiles(t, s)) != 0 {
		t.Fatal("temp file left behind")
	}
}

func TestSaveStateFsyncs(t *testing.T) {
	s := newSession(t, testHome(t), Meta{})
	var synced []string
	s.hooks = &hooks{synced: func(name string) { synced = append(synced, name) }}
	if err := s.SaveState(State{Turn: 1}); err != nil {
		t.Fatal(err)
	}
	// The temp file is fsynced before the rename, the directory after.
	if len(synced) != 2 || !strings.HasPrefix(synced[0], StateFileName+tempInfix) || synced[1] != "." {
		t.Fatalf("fsyncs = %q, want [temp file, directory]", synced)
	}
}

func TestSaveStateFailureBeforeRenameKeepsOldFile(t *testing.T) {
	s := newSession(t, testHome(t), Meta{Task: "old"})
	before, err := os.ReadFile(s.StatePath())
	if err != nil {
		t.Fatal(err)
	}
	boom := errors.New("disk gone")
	var tmpSeen string
	s.hooks = &hooks{beforeRename: func(tmp string) error {
		tmpSeen = tmp
		// The temp file is complete at this point.
		data, err := os.ReadFile(filepath.Join(s.Dir(), tmp))
		if err != nil || !strings.Contains(string(data), `"task": "new"`) {
			t.Errorf("temp file %q: %v", data, err)
		}
		return boom
	}}
	if err := s.SaveState(State{Task: "new"}); !errors.Is(err, boom) {
		t.Fatalf("SaveState err = %v", err)
	}
	after, _ := os.ReadFile(s.StatePath())
	if string(after) != string(before) {
		t.Fatal("session.json changed although the rename never happened")
	}
	if tmpSeen == "" || len(tempFiles(t, s)) != 0 {
		t.Fatal("the failed save left its temp file")
	}
}

func TestSaveStateKilledBeforeRename(t *testing.T) {
	h := testHome(t)
	s := newSession(t, h, Meta{Task: "before the crash"})
	cmd := startHelper(t, "state-before-rename", h, s.ID())
	killHelper(t, cmd)

	temps := tempFiles(t, s)
	if len(temps) != 1 {
		t.Fatalf("temp files after SIGKILL = %v, want the one the child wrote", temps)
	}
	st, err := s.LoadState()
	if err != nil {
		t.Fatalf("LoadState after the crash: %v", err)
	}
	if st.Task != "before the crash" || st.Turn == 99 {
		t.Fatalf("state after the crash = %+v, want the old one", st)
	}
	// A young temp may be another process's save in progress: kept.
	o, err := Open(h, s.ID())
	if err != nil {
		t.Fatal(err)
	}
	o.Close()
	if len(tempFiles(t, s)) != 1 {
		t.Fatal("Open removed a fresh temp file")
	}
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(temps[0], old, old); err != nil {
		t.Fatal(err)
	}
	o, err = Open(h, s.ID())
	if err != nil {
		t.Fatal(err)
	}
	o.Close()
	if len(tempFiles(t, s)) != 0 {
		t.Fatal("Open kept a stale temp file")
	}
}

func TestLoadStateErrors(t *testing.T) {
	s := newSession(t, testHome(t), Meta{})
	write := func(data string) {
		t.Helper()
		if err := os.WriteFile(s.StatePath(), []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for _, data := range []string{"", "{", `{"id":"` + s.ID() + `","version":99}`, `{"id":"../x"}`,
		`{"id":"20000101-000000-00000000"}`, `[]`} {
		write(data)
		if _, err := s.LoadState(); !errors.Is(err, ErrCorrupt) {
			t.Errorf("LoadState(%q) err = %v, want ErrCorrupt", data, err)
		}
	}
	if err := s.SaveState(State{ID: "20000101-000000-00000000"}); err == nil {
		t.Error("saved another session's state")
	}
	if err := s.SaveState(State{Task: strings.Repeat("x", MaxStateBytes)}); !errors.Is(err, ErrStateTooLarge) {
		t.Errorf("SaveState(huge) err = %v, want ErrStateTooLarge", err)
	}
	if err := s.UpdateState(func(*State) error { return nil }); !errors.Is(err, ErrCorrupt) {
		t.Errorf("UpdateState over a corrupt file err = %v", err)
	}
}
