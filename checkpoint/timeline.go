package checkpoint

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/wtagent/wtagent/protocol"
	"github.com/wtagent/wtagent/session/event"
)

// When a snapshot was taken, relative to the call it belongs to.
const (
	Before = "before"
	After  = "after"
)

// Change is one side-effecting step of a session with the snapshots around
// it: a tool call, or an undo.
type Change struct {
	Turn   int
	CallID string
	// Tool is the tool's name, or "undo".
	Tool string
	// Before and After are snapshot ids; After is empty when the process
	// died before it was taken.
	Before, After string
	// UndoneTurn is, for an undo, the first turn it undid.
	UndoneTurn int
	// Beside is set when it began while an earlier change still ran (the
	// write sub-agents of one reply): what changed between them is theirs,
	// not the user's.
	Beside bool
	// afterSeq is the log sequence of its after snapshot.
	afterSeq int64
	// Paths are, for a write sub-agent (agent.run), the paths it may
	// change: its diff shows only those, as the write sub-agents of one
	// reply run, and are snapshotted, at the same time.
	Paths []string
}

// Timeline is what the event log says about a session's snapshots.
type Timeline struct {
	Changes []Change
	// Pending is an undo that was started and never completed.
	Pending *event.UndoPayload
	// PendingTurn is the session turn the pending undo was recorded in.
	PendingTurn int
	// Last is the session's newest turn.
	Last int
}

// NewTimeline reads the checkpoint and undo events of a session's log.
func NewTimeline(events []event.Event) (*Timeline, error) {
	t := &Timeline{}
	open := map[string]int{}
	paths := map[string][]string{}
	running := 0 // changes whose after snapshot is not recorded yet
	for _, ev := range events {
		t.Last = max(t.Last, ev.Turn)
		switch ev.Type {
		case event.EvToolPrepared:
			var p event.ToolProposedPayload
			if decode(ev, &p) == nil && p.Call.Name == protocol.ToolAgentRun {
				paths[ev.CallID] = agentPaths(p.Call)
			}
		case event.EvCheckpoint:
			var p event.CheckpointPayload
			if err := decode(ev, &p); err != nil {
				return nil, err
			}
			if p.ID == "" {
				continue
			}
			if p.When == Before {
				open[ev.CallID] = len(t.Changes)
				t.Changes = append(t.Changes, Change{Turn: ev.Turn, CallID: ev.CallID, Tool: p.Tool, Before: p.ID,
					Paths: paths[ev.CallID], Beside: running > 0})
				running++
			} else if i, ok := open[ev.CallID]; ok && t.Changes[i].After == "" {
				t.Changes[i].After, t.Changes[i].afterSeq = p.ID, ev.Seq
				running--
			}
		case event.EvUndoStarted:
			var p event.UndoPayload
			if err := decode(ev, &p); err != nil {
				return nil, err
			}
			t.Pending, t.PendingTurn = &p, ev.Turn
		case event.EvUndoCompleted:
			var p event.UndoPayload
			if err := decode(ev, &p); err != nil {
				return nil, err
			}
			if t.Pending != nil {
				t.Changes = append(t.Changes, Change{Turn: ev.Turn, Tool: "undo", Before: t.Pending.Before,
					After: p.After, UndoneTurn: t.Pending.Turn})
			}
			t.Pending = nil
		}
	}
	return t, nil
}

// agentPaths are the relative paths a write agent.run call may change
// (nil, all paths, when one is absolute or leaves the root).
func agentPaths(call event.ToolCall) []string {
	a, err := protocol.DecodeAgentRun(&call)
	if err != nil || a.Mode != protocol.AgentModeWrite {
		return nil
	}
	out := make([]string, len(a.Paths))
	for i, p := range a.Paths {
		out[i] = filepath.ToSlash(filepath.Clean(p))
		if !filepath.IsLocal(out[i]) {
			return nil
		}
	}
	return out
}

// within keeps the changes under paths (all when paths is nil).
func within(changes []FileChange, paths []string) []FileChange {
	if paths == nil {
		return changes
	}
	var out []FileChange
	for _, c := range changes {
		for _, p := range paths {
			if p == "." || c.Path == p || strings.HasPrefix(c.Path, p+"/") {
				out = append(out, c)
				break
			}
		}
	}
	return out
}

func decode(ev event.Event, v any) error {
	if err := json.Unmarshal(ev.Payload, v); err != nil {
		return fmt.Errorf("checkpoint: event %d (%s): %w", ev.Seq, ev.Type, err)
	}
	return nil
}

// after is the snapshot that ends change i: its own after snapshot, or the
// next change's before snapshot when the process died before it was taken
// ("" when there is none).
func (t *Timeline) after(i int) string {
	if t.Changes[i].After != "" {
		return t.Changes[i].After
	}
	if i+1 < len(t.Changes) {
		return t.Changes[i+1].Before
	}
	return ""
}

// From returns the index of the first change of turn n or later, or -1.
func (t *Timeline) From(n int) int {
	for i, c := range t.Changes {
		if c.Turn >= n && c.Tool != "undo" {
			return i
		}
	}
	return -1
}

// LastUndoable is the newest turn whose tool calls changed files and that
// no completed undo has covered yet, or 0.
func (t *Timeline) LastUndoable(ctx context.Context, s Store) (int, error) {
	last := 0
	err := t.undoable(ctx, s, func(turn int) bool { last = turn; return false })
	return last, err
}

// FirstUndoable is the oldest such turn, or 0.
func (t *Timeline) FirstUndoable(ctx context.Context, s Store) (int, error) {
	first := 0
	err := t.undoable(ctx, s, func(turn int) bool { first = turn; return true })
	return first, err
}

// undoable calls yield with the turn of each tool call, newest first,
// that changed files (or may have: its end is unknown) and that no
// completed undo has covered yet, until yield returns false.
func (t *Timeline) undoable(ctx context.Context, s Store, yield func(turn int) bool) error {
	m := manifests{s: s, ctx: ctx, cache: map[string]Manifest{}}
	undone := 1 << 30
	for i := len(t.Changes) - 1; i >= 0; i-- {
		c := t.Changes[i]
		if c.Tool == "undo" {
			undone = min(undone, c.UndoneTurn)
			continue
		}
		if c.Turn >= undone {
			continue
		}
		changed := true // its end is unknown: it may have changed files
		if end := t.after(i); end != "" {
			set := map[string]bool{}
			if err := m.mark(set, c.Before, end); err != nil {
				return err
			}
			changed = len(set) > 0
		}
		if changed && !yield(c.Turn) {
			return nil
		}
	}
	return nil
}

// WriteDiff writes the changes of turn n (n = 0: of every turn) as one
// unified diff per step, each under a header naming the turn and the call.
// It returns how many steps changed files.
func (t *Timeline) WriteDiff(ctx context.Context, w io.Writer, s Store, n int) (int, error) {
	m := manifests{s: s, ctx: ctx, cache: map[string]Manifest{}}
	shown := 0
	for i, c := range t.Changes {
		if n != 0 && c.Turn != n {
			continue
		}
		end, note := t.after(i), ""
		if end == "" {
			var err error
			if end, err = s.Take(ctx); err != nil {
				return shown, err
			}
			note = " (its end was not recorded: compared with the files now)"
		}
		a, err := m.get(c.Before)
		if err != nil {
			return shown, err
		}
		b, err := m.get(end)
		if err != nil {
			return shown, err
		}
		changes := within(Compare(a, b), c.Paths)
		if len(changes) == 0 {
			continue
		}
		shown++
		if c.Tool == "undo" {
			fmt.Fprintf(w, "# turn %d · undo of turn %d and later%s\n", c.Turn, c.UndoneTurn, note)
		} else {
			fmt.Fprintf(w, "# turn %d · %s · %s%s\n", c.Turn, c.Tool, c.CallID, note)
		}
		if err := WriteDiff(ctx, w, s, changes); err != nil {
			return shown, err
		}
	}
	return shown, nil
}
