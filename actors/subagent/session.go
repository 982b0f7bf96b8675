package subagent

import (
	"encoding/json"
	"errors"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/session"
	"github.com/wtagent/wtagent/session/event"
)

// Open is the session of the sub-agent of the agent.run call with op key
// call: the one an earlier process started for it (resumed is then set,
// and fin is its end when it had finished), or a new one made from meta.
func Open(main *session.Session, call string, meta session.Meta) (sub *session.Session, resumed bool, fin *messages.RunFinished, err error) {
	sub, st, err := main.AgentOf(call)
	if errors.Is(err, session.ErrNotFound) {
		meta.Call = call
		sub, err = main.CreateAgent(meta)
		return sub, false, nil, err
	}
	if err != nil || st.Outcome != event.OutcomeCompleted {
		return sub, err == nil, nil, err
	}
	evs, _, err := sub.Events()
	if err != nil {
		sub.Close()
		return nil, true, nil, err
	}
	for i := len(evs) - 1; i >= 0; i-- {
		var p event.RunEndPayload
		if evs[i].Type == event.EvRunCompleted && json.Unmarshal(evs[i].Payload, &p) == nil {
			return sub, true, &messages.RunFinished{SessionID: sub.ID(), Outcome: p.Outcome, Reason: p.Reason, Summary: p.Summary,
				Changed: p.Changed, Verification: p.Verification, Turns: st.Turn}, nil
		}
	}
	return sub, true, nil, nil
}

// ResultOf is the result of the sub-agent name whose run in sub ended
// with fin: its end, and what it read and its conversation (from its
// log).
func ResultOf(name string, sub *session.Session, fin messages.RunFinished) Result {
	res := Result{Agent: name, Outcome: fin.Outcome, Reason: fin.Reason, Summary: fin.Summary,
		Changed: fin.Changed, Verified: fin.Verification, Turns: fin.Turns, Session: sub.Dir()}
	if evs, _, err := sub.Events(); err == nil {
		if rp, err := session.BuildReplay(evs); err == nil {
			res.Read, res.Conversation = Reads(rp.Ledger), rp.Cursor
		}
	}
	return res
}
