package session

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/session/event"
)

// goldenLog reads the event log of the golden log name (see
// cmd/wtagent's TestWriteGoldenLogs).
func goldenLog(t *testing.T, name string) []event.Event {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("event", "testdata", "logs", name, "home", "sessions", "*", EventsFileName))
	if err != nil || len(paths) != 1 {
		t.Fatalf("golden log %s: %v %v", name, paths, err)
	}
	events, tail, err := ReadEvents(paths[0])
	if err != nil || tail.Torn {
		t.Fatalf("golden log %s: %v (tail %s)", name, err, tail)
	}
	return events
}

// TestGoldenLogsReplay replays every golden log and checks what a resume
// reads from it: the task and root, each operation's stage and result, the
// run's outcome and the message in flight.
func TestGoldenLogsReplay(t *testing.T) {
	for _, prefix := range []string{"v1-unversioned", "v1"} {
		t.Run(prefix, func(t *testing.T) { checkGoldenReplay(t, prefix) })
	}
}

// checkGoldenReplay checks the replays of the golden logs of one prefix.
func checkGoldenReplay(t *testing.T, prefix string) {
	done := goldenReplay(t, prefix+"-completed")
	if done.Outcome != event.OutcomeCompleted || done.Pending != nil || len(done.Verifications) != 1 {
		t.Errorf("completed: outcome %q, pending %v, verifications %v", done.Outcome, done.Pending, done.Verifications)
	}
	if ops := done.Ledger.Ops(); len(ops) != 2 || ops[0].Stage != StageResultSent || ops[1].Stage != StageResultSent {
		t.Errorf("completed: ops %+v", ops)
	}

	killed := goldenReplay(t, prefix+"-killed-waiting")
	if killed.Outcome != "" || killed.Pending == nil || killed.PendingKind != event.OutboundToolResult {
		t.Errorf("killed: outcome %q, pending %v (%s)", killed.Outcome, killed.Pending, killed.PendingKind)
	}
	ops := killed.Ledger.Ops()
	if len(ops) != 1 || ops[0].Tool != "fs.write" || ops[0].Result == nil || ops[0].Result.Status != event.ToolOK {
		t.Fatalf("killed: ops %+v", ops)
	}
	if rec := killed.Ledger.Recover(func(string) bool { return false }); len(rec) != 0 {
		t.Errorf("killed: recovery %+v for an operation whose result was sent", rec)
	}
}

// goldenReplay replays one golden log and checks the common part.
func goldenReplay(t *testing.T, name string) *Replay {
	t.Helper()
	r, err := BuildReplay(goldenLog(t, name))
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if r.Task != "record one run" || r.Root != "@ROOT@" || r.Provider != "script" || r.Replies == 0 {
		t.Errorf("%s: task %q, root %q, provider %q, %d replies", name, r.Task, r.Root, r.Provider, r.Replies)
	}
	return r
}

// TestLogOfANewerVersionIsRefused: a record of an unknown future format
// version stops reading and appending with an error naming it, and is not
// reported as corruption (nothing must "repair" it).
func TestLogOfANewerVersionIsRefused(t *testing.T) {
	s := newSession(t, testHome(t), Meta{Task: "t", Root: t.TempDir(), Provider: "script"})
	l := openLog(t, s)
	appendN(t, l, 2)
	l.Close()
	data, err := os.ReadFile(s.EventsPath())
	if err != nil {
		t.Fatal(err)
	}
	now := fmt.Sprintf(`{"v":%d,`, event.Version)
	if !bytes.HasPrefix(data, []byte(now)) {
		t.Fatalf("records do not carry their version: %.80s", data)
	}
	newer := strings.Replace(string(data), now+`"seq":2,`, fmt.Sprintf(`{"v":%d,"seq":2,`, event.Version+1), 1)
	if err := os.WriteFile(s.EventsPath(), []byte(newer), 0o600); err != nil {
		t.Fatal(err)
	}
	_, _, err = s.Events()
	if !errors.Is(err, event.ErrUnknownVersion) || errors.Is(err, ErrCorrupt) || !strings.Contains(err.Error(), "line 2") {
		t.Fatalf("read: %v", err)
	}
	if _, err := s.OpenLog(); !errors.Is(err, event.ErrUnknownVersion) {
		t.Fatalf("open for appending: %v", err)
	}
	if after, _ := os.ReadFile(s.EventsPath()); string(after) != newer {
		t.Fatal("the log of a newer version was changed")
	}
}
