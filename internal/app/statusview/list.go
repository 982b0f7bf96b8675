package statusview

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/session"
)

// Entries lists the sessions `wtagent status` shows: session id alone when
// id is set, else the live ones, or every one with all set. hidden counts
// the sessions left out for not running. It stops with ctx's error when
// ctx ends.
func Entries(ctx context.Context, h session.Home, id string, all bool) (entries []Entry, hidden int, err error) {
	list, err := session.List(h)
	if err != nil {
		return nil, 0, err
	}
	if id != "" {
		var one []session.Summary
		for _, s := range list {
			if s.ID == id {
				one = append(one, s)
			}
		}
		if len(one) == 0 {
			return nil, 0, fmt.Errorf("no session %s under %s", id, h.SessionsDir())
		}
		list = one
	}
	for _, s := range list {
		e := EntryFor(ctx, s)
		if dir, err := h.SessionDir(s.ID); err == nil {
			e.SubAgents = SubAgentsOf(dir)
		}
		if err := ctx.Err(); err != nil {
			return nil, 0, err
		}
		if e.State == "running" || id != "" || all {
			entries = append(entries, e)
		} else {
			hidden++
		}
	}
	return entries, hidden, nil
}

// EntryFor builds a session's entry: live from its socket, else from
// session.json. Its socket gets 2 s to answer, or until ctx ends.
func EntryFor(ctx context.Context, s session.Summary) Entry {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	if st, err := Query(ctx, s.Socket); err == nil {
		return Entry{Status: st, State: "running"}
	}
	state := session.LiveState(ctx, s)
	e := Entry{State: state, Status: messages.Status{SessionID: s.ID, PID: s.PID, Root: s.Root, Provider: s.Provider,
		Phase: s.Phase, Turn: s.Turns, StartedAt: s.Created, UpdatedAt: s.LastActivity}}
	switch state {
	case "dead", string(event.OutcomeInterrupted), string(event.OutcomeFailed), string(event.OutcomeCancelled),
		string(event.OutcomeRefused):
		e.Dead = state == "dead"
		e.Resume = "wtagent resume " + s.ID
	}
	return e
}

// PrintList prints the entries one after another (with tree, each live
// one's actor tree), and how many sessions not running were left out.
func PrintList(w io.Writer, entries []Entry, hidden int, tree bool) {
	if len(entries) == 0 {
		fmt.Fprintln(w, "no live sessions")
	}
	for i, e := range entries {
		if i > 0 {
			fmt.Fprintln(w)
		}
		Print(w, e)
		if tree {
			PrintTree(w, e)
		}
	}
	if hidden > 0 {
		fmt.Fprintf(w, "\n%d more not running: wtagent status --all (wtagent sessions prune removes idle ones)\n", hidden)
	}
}

// SubAgentsOf are the sub-agents of the session in dir, from their state
// files.
func SubAgentsOf(dir string) []SubAgent {
	var out []SubAgent
	for _, st := range session.AgentStates(dir) {
		out = append(out, SubAgent{ID: st.ID, Task: st.Task, Phase: st.Phase, Outcome: st.Outcome, Turn: st.Turn,
			Elapsed: st.Updated.Sub(st.Created)})
	}
	return out
}
