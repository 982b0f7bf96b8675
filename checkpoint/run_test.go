package checkpoint

import (
	"encoding/json"
	"errors"
	"os"
	"testing"

	"github.com/wtagent/wtagent/session/event"
)

// eventLog is a session's log in memory: checkpoints taken and what an
// Undo records.
type eventLog struct {
	t      *testing.T
	events []event.Event
}

func (l *eventLog) add(typ event.Type, turn int, call string, payload any) {
	p, err := json.Marshal(payload)
	if err != nil {
		l.t.Fatal(err)
	}
	l.events = append(l.events, event.Event{Type: typ, Turn: turn, CallID: call, Payload: p})
}

// record is an Undo's Recorder, in the session's turn 9.
func (l *eventLog) record(typ event.Type, payload any, _ bool) error {
	l.add(typ, 9, "", payload)
	return nil
}

func (l *eventLog) timeline() *Timeline {
	l.t.Helper()
	tl, err := NewTimeline(l.events)
	if err != nil {
		l.t.Fatal(err)
	}
	return tl
}

// errKilled stands for the kill -9 in TestUndoCutShortIsFinished.
var errKilled = errors.New("killed")

// TestUndoCutShortIsFinished: an undo stopped after its first file (as
// by kill -9) leaves undo.started without undo.completed; the next Undo,
// whatever turn it is asked for, finishes that one from the log: the
// file already restored is left alone, the other is restored.
func TestUndoCutShortIsFinished(t *testing.T) {
	for _, kind := range storeKinds {
		t.Run(kind, func(t *testing.T) {
			t.Parallel()
			s, dir := newProject(t, kind)
			log := &eventLog{t: t}
			put(t, dir, "a.txt", "old\n", 0o644)
			log.add(event.EvCheckpoint, 1, "c1", event.CheckpointPayload{When: Before, Tool: "terminal.exec", ID: take(t, s)})
			put(t, dir, "a.txt", "new\n", 0o644)
			put(t, dir, "b.txt", "created\n", 0o644)
			log.add(event.EvCheckpoint, 1, "c1", event.CheckpointPayload{When: After, Tool: "terminal.exec", ID: take(t, s)})
			root, err := os.OpenRoot(dir)
			if err != nil {
				t.Fatal(err)
			}
			defer root.Close()

			u := &Undo{Store: s, Root: root, Timeline: log.timeline(), Record: log.record,
				AfterStep: func(int) { panic(errKilled) }}
			func() {
				defer func() {
					if r := recover(); r != errKilled {
						t.Fatalf("the undo was not cut short: %v", r)
					}
				}()
				u.Run(t.Context(), 1)
			}()
			if a, b := read(t, dir, "a.txt"), read(t, dir, "b.txt"); (a == "old\n") == (b == "<absent>") {
				t.Fatalf("want one file restored before the kill: a.txt %q, b.txt %q", a, b)
			}
			tl := log.timeline()
			if tl.Pending == nil || len(tl.Pending.Steps) != 2 {
				t.Fatalf("pending undo %+v, want the two-step plan", tl.Pending)
			}

			u = &Undo{Store: s, Root: root, Timeline: tl, Record: log.record}
			res, err := u.Run(t.Context(), 0)
			if err != nil || !res.Finished || res.Turn != 1 || len(res.Restored) != 1 {
				t.Fatalf("next undo: %+v, %v; want the interrupted one finished, one file restored", res, err)
			}
			if a, b := read(t, dir, "a.txt"), read(t, dir, "b.txt"); a != "old\n" || b != "<absent>" {
				t.Fatalf("after finishing: a.txt %q, b.txt %q", a, b)
			}
			if tl := log.timeline(); tl.Pending != nil {
				t.Fatalf("still pending after it was finished: %+v", tl.Pending)
			}
			if last := log.events[len(log.events)-1]; last.Type != event.EvUndoCompleted {
				t.Fatalf("last event %s, want undo.completed", last.Type)
			}
		})
	}
}

// TestUndoNothingToUndo: a turn without changes, and a turn whose files
// are already as they were, are ErrNothingToUndo and record nothing.
func TestUndoNothingToUndo(t *testing.T) {
	s, dir := newProject(t, "files")
	log := &eventLog{t: t}
	put(t, dir, "a.txt", "old\n", 0o644)
	log.add(event.EvCheckpoint, 1, "c1", event.CheckpointPayload{When: Before, Tool: "fs.write", ID: take(t, s)})
	put(t, dir, "a.txt", "new\n", 0o644)
	log.add(event.EvCheckpoint, 1, "c1", event.CheckpointPayload{When: After, Tool: "fs.write", ID: take(t, s)})
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()
	u := &Undo{Store: s, Root: root, Timeline: log.timeline(), Record: log.record}
	if _, err := u.Run(t.Context(), 2); !errors.Is(err, ErrNothingToUndo) {
		t.Errorf("undo of turn 2 (no change): %v, want ErrNothingToUndo", err)
	}
	put(t, dir, "a.txt", "old\n", 0o644) // the user put it back by hand
	if _, err := u.Run(t.Context(), 1); !errors.Is(err, ErrNothingToUndo) {
		t.Errorf("undo of turn 1 already as before: %v, want ErrNothingToUndo", err)
	}
	if n := len(log.events); n != 2 {
		t.Errorf("%d events, want the 2 checkpoints only", n)
	}
}
