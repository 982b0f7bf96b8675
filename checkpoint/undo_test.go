package checkpoint

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/wtagent/wtagent/session/event"
)

// TestUndoRefusesAHandEditBetweenTheAgentsSteps: the user edited a.txt
// between two turns; undoing the first turn would destroy that edit.
func TestUndoRefusesAHandEditBetweenTheAgentsSteps(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, err := Open(t.TempDir(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if s.Kind() != "files" {
		t.Fatalf("store kind %s for a plain directory", s.Kind())
	}
	take := func() string {
		id, err := s.Take(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	write("a.txt", "original\n")
	b1 := take()
	write("a.txt", "agent\n") // turn 1
	a1 := take()
	write("a.txt", "by hand\n") // the user, between turns
	b2 := take()
	write("b.txt", "agent\n") // turn 2
	a2 := take()

	var events []event.Event
	add := func(turn int, call, when, id string) {
		p, _ := json.Marshal(event.CheckpointPayload{When: when, Tool: "fs.write", ID: id})
		events = append(events, event.Event{Type: event.EvCheckpoint, Turn: turn, CallID: call, Payload: p})
	}
	add(1, "c1", Before, b1)
	add(1, "c1", After, a1)
	add(2, "c2", Before, b2)
	add(2, "c2", After, a2)
	tl, err := NewTimeline(events)
	if err != nil {
		t.Fatal(err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer root.Close()

	var recorded []event.Type
	u := &Undo{Store: s, Root: root, Timeline: tl, Record: func(typ event.Type, _ any, _ bool) error {
		recorded = append(recorded, typ)
		return nil
	}}
	_, err = u.Run(ctx, 1)
	var ce *ConflictsError
	if !errors.As(err, &ce) || len(ce.Conflicts) != 1 || ce.Conflicts[0].Path != "a.txt" || ce.Conflicts[0].Reason != reasonBetween {
		t.Fatalf("undo of turn 1: %v, want a conflict on a.txt changed between the agent's steps", err)
	}
	if got, _ := os.ReadFile(filepath.Join(dir, "a.txt")); string(got) != "by hand\n" {
		t.Fatalf("a.txt = %q after a refused undo", got)
	}
	if _, err := os.Stat(filepath.Join(dir, "b.txt")); err != nil {
		t.Fatal("a refused undo removed b.txt")
	}

	// Turn 2 alone touches only b.txt: it is undone.
	res, err := u.Run(ctx, 2)
	if err != nil || len(res.Restored) != 1 || res.Restored[0].Path != "b.txt" {
		t.Fatalf("undo of turn 2: %+v, %v", res, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "b.txt")); !errors.Is(err, os.ErrNotExist) {
		t.Fatal("b.txt survived the undo of turn 2")
	}
	want := []event.Type{event.EvUndoRefused, event.EvUndoStarted, event.EvUndoRestored, event.EvUndoCompleted}
	if len(recorded) != len(want) {
		t.Fatalf("recorded %v, want %v", recorded, want)
	}
	for i := range want {
		if recorded[i] != want[i] {
			t.Fatalf("recorded %v, want %v", recorded, want)
		}
	}
}
