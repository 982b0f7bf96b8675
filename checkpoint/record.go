package checkpoint

import "github.com/wtagent/wtagent/session/event"

// The undo.* events carry the plan as the log writes it
// (event.UndoPayload); these convert between it and the plan's own types.

// stepsRecord is steps as the log writes them.
func stepsRecord(steps []Step) []event.UndoStep {
	out := make([]event.UndoStep, 0, len(steps))
	for _, s := range steps {
		out = append(out, event.UndoStep{Path: s.Path, Expect: entryRecord(s.Expect), Target: entryRecord(s.Target)})
	}
	return nilIfEmpty(out)
}

// stepsOf is the plan a log's steps describe.
func stepsOf(steps []event.UndoStep) []Step {
	out := make([]Step, 0, len(steps))
	for _, s := range steps {
		out = append(out, Step{Path: s.Path, Expect: entryOf(s.Expect), Target: entryOf(s.Target)})
	}
	return nilIfEmpty(out)
}

// conflictsRecord is conflicts as the log writes them.
func conflictsRecord(cs []Conflict) []event.UndoConflict {
	out := make([]event.UndoConflict, 0, len(cs))
	for _, c := range cs {
		out = append(out, event.UndoConflict(c))
	}
	return nilIfEmpty(out)
}

func entryRecord(e *Entry) *event.FileEntry {
	if e == nil {
		return nil
	}
	return &event.FileEntry{Hash: e.Hash, Kind: string(e.Kind)}
}

func entryOf(e *event.FileEntry) *Entry {
	if e == nil {
		return nil
	}
	return &Entry{Hash: e.Hash, Kind: Kind(e.Kind)}
}

func nilIfEmpty[T any](s []T) []T {
	if len(s) == 0 {
		return nil
	}
	return s
}
