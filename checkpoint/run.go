package checkpoint

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/wtagent/wtagent/session/event"
)

// Recorder appends an event of the session's current turn to its log;
// sync makes it a commit point (fsynced before Record returns).
type Recorder func(t event.Type, payload any, sync bool) error

// Undo takes back a session's changes, written ahead in the event log:
// undo.started (synced) holds the whole plan before any file is touched,
// undo.restored follows each file, undo.completed (synced) ends it. A run
// cut short (kill -9) is finished by the next Undo, which applies the
// recorded plan again; every step is idempotent.
type Undo struct {
	Store    Store
	Root     *os.Root
	Timeline *Timeline
	Record   Recorder
	// AfterStep, if set, is called after each file restored (fault
	// injection in tests).
	AfterStep func(restored int)
}

// UndoResult is what an undo did.
type UndoResult struct {
	// Turn is the first turn undone.
	Turn int
	// Restored lists the files put back.
	Restored []Step
	// Finished is set when an interrupted undo was finished.
	Finished bool
	// Newest is set when Turn was not asked for: it is the newest turn
	// that changed files. Earlier is then the oldest turn before it whose
	// changes are not undone (0: none), and Last the session's newest turn.
	Newest        bool
	Earlier, Last int
}

// ConflictsError is an undo refused because the user changed files by
// hand since the agent did.
type ConflictsError struct {
	Turn      int
	Conflicts []Conflict
}

func (e *ConflictsError) Error() string {
	return fmt.Sprintf("undo of turn %d refused: %d file(s) changed by hand since the agent changed them", e.Turn, len(e.Conflicts))
}

// Run undoes turn n and every later one (n = 0: the newest turn not yet
// undone). An interrupted undo is finished first, whatever n is.
func (u *Undo) Run(ctx context.Context, n int) (UndoResult, error) {
	if p := u.Timeline.Pending; p != nil {
		res := UndoResult{Turn: p.Turn, Finished: true}
		return res, u.apply(ctx, &res, stepsOf(p.Steps), p.Turn)
	}
	res := UndoResult{Turn: n, Last: u.Timeline.Last}
	if n == 0 {
		var err error
		if res, err = u.newest(ctx); err != nil {
			return UndoResult{}, err
		}
		n = res.Turn
	}
	steps, conflicts, err := u.Timeline.Plan(ctx, u.Store, u.Root, n)
	if err != nil {
		return UndoResult{}, err
	}
	if len(conflicts) > 0 {
		if err := u.Record(event.EvUndoRefused, event.UndoPayload{Turn: n, Conflicts: conflictsRecord(conflicts)}, true); err != nil {
			return UndoResult{}, err
		}
		return UndoResult{}, &ConflictsError{Turn: n, Conflicts: conflicts}
	}
	if len(steps) == 0 {
		return UndoResult{}, fmt.Errorf("%w: the files turn %d changed are already as they were before it", ErrNothingToUndo, n)
	}
	before, err := u.Store.Take(ctx)
	if err != nil {
		return UndoResult{}, err
	}
	if err := u.Record(event.EvUndoStarted, event.UndoPayload{Turn: n, Steps: stepsRecord(steps), Before: before}, true); err != nil {
		return UndoResult{}, err
	}
	return res, u.apply(ctx, &res, steps, n)
}

// newest is the result of an undo of the newest turn not yet undone,
// before it is applied.
func (u *Undo) newest(ctx context.Context) (UndoResult, error) {
	last, err := u.Timeline.LastUndoable(ctx, u.Store)
	if err != nil {
		return UndoResult{}, err
	}
	if last == 0 {
		return UndoResult{}, fmt.Errorf("%w: no turn left whose changes are not undone", ErrNothingToUndo)
	}
	first, err := u.Timeline.FirstUndoable(ctx, u.Store)
	if err != nil {
		return UndoResult{}, err
	}
	res := UndoResult{Turn: last, Newest: true, Last: u.Timeline.Last}
	if first < last {
		res.Earlier = first
	}
	return res, nil
}

// apply applies the recorded steps and completes the undo.
func (u *Undo) apply(ctx context.Context, res *UndoResult, steps []Step, n int) error {
	for _, st := range steps {
		changed, err := Apply(ctx, u.Store, u.Root, st)
		var ce *ConflictError
		if errors.As(err, &ce) {
			return &ConflictsError{Turn: n, Conflicts: []Conflict{ce.Conflict}}
		}
		if err != nil {
			return fmt.Errorf("undo %s: %w", st.Path, err)
		}
		if !changed {
			continue
		}
		res.Restored = append(res.Restored, st)
		if err := u.Record(event.EvUndoRestored, event.UndoPayload{Turn: n, Path: st.Path}, false); err != nil {
			return err
		}
		if u.AfterStep != nil {
			u.AfterStep(len(res.Restored))
		}
	}
	after, err := u.Store.Take(ctx)
	if err != nil {
		return err
	}
	return u.Record(event.EvUndoCompleted, event.UndoPayload{Turn: n, After: after}, true)
}
