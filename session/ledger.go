package session

import (
	"fmt"
	"strconv"

	"github.com/wtagent/wtagent/session/event"
)

// Stage is how far an operation got. Stages only move forward.
type Stage int

// The ledger stages, in order.
const (
	StageProposed Stage = iota + 1
	StagePrepared
	StageStarted
	StageCompleted
	StageResultSent
)

// String names the stage as the architecture does.
func (s Stage) String() string {
	switch s {
	case StageProposed:
		return "proposed"
	case StagePrepared:
		return "prepared"
	case StageStarted:
		return "started"
	case StageCompleted:
		return "completed"
	case StageResultSent:
		return "result_sent"
	}
	return "stage(" + strconv.Itoa(int(s)) + ")"
}

// MarshalText implements encoding.TextMarshaler.
func (s Stage) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// OpState is the ledger's record of one operation.
type OpState struct {
	Key    string
	CallID string
	Tool   string
	Turn   int
	Call   event.ToolCall
	// ReplyMessageID is the assistant message the call came from.
	ReplyMessageID string
	Stage          Stage
	// Result is the saved result once completed (or completion_unknown).
	Result *event.ToolResult
	// Unknown is true when the outcome was recorded as lost.
	Unknown bool
	// ReadOnly is filled in by Recover from the tool catalogue.
	ReadOnly bool
	// Seq is the log position of the operation's latest stage change;
	// DoneSeq of its completion (zero until it completed).
	Seq, DoneSeq int64
}

// Ledger is the exactly-once ledger, rebuilt from the event log: each
// operation's furthest stage and saved result.
type Ledger struct {
	ops   map[string]*opRecord
	order []string
}

// opRecord is an operation with its saved result still encoded: results
// (full tool output) are only decoded when asked for.
type opRecord struct {
	OpState
	// resultRaw is the payload of the event that saved the result.
	resultRaw []byte
}

// toolHead is the part of tool.proposed/prepared/started the ledger reads.
type toolHead struct {
	OpKey          string         `json:"op_key"`
	Call           event.ToolCall `json:"call"`
	ReplyMessageID string         `json:"reply_message_id"`
}

// completedHead is the part of tool.completed/reused/completion_unknown
// that replay reads; the full result stays encoded.
type completedHead struct {
	OpKey  string `json:"op_key"`
	Result struct {
		CallID   string           `json:"call_id"`
		Tool     string           `json:"tool"`
		Status   event.ToolStatus `json:"status"`
		Changed  []string         `json:"changed"`
		Verified bool             `json:"verified"`
	} `json:"result"`
}

// sentHead is the part of model.message_sent that replay reads (not the
// message text).
type sentHead struct {
	Kind      event.OutboundKind `json:"kind"`
	Binding   event.Binding      `json:"binding"`
	ResultOps []string           `json:"result_ops"`
}

// NewLedger returns an empty ledger.
func NewLedger() *Ledger { return &Ledger{ops: make(map[string]*opRecord)} }

// Apply folds one event into the ledger; events that are not about
// operations are ignored. A payload that does not decode is an error.
func (l *Ledger) Apply(ev event.Event) error {
	switch ev.Type {
	case event.EvToolProposed, event.EvToolPrepared, event.EvToolStarted:
		var p toolHead
		if err := event.DecodePayload(ev, &p); err != nil {
			return err
		}
		return l.tool(ev, p)
	case event.EvToolCompleted, event.EvToolUnknown, event.EvToolReused:
		var p completedHead
		if err := event.DecodePayload(ev, &p); err != nil {
			return err
		}
		return l.completed(ev, p)
	case event.EvModelMessageSent:
		var p sentHead
		if err := event.DecodePayload(ev, &p); err != nil {
			return err
		}
		l.sent(ev, p.ResultOps)
	}
	return nil
}

// tool records a proposed, prepared or started call.
func (l *Ledger) tool(ev event.Event, p toolHead) error {
	if p.OpKey == "" {
		return fmt.Errorf("event %d (%s): no op_key", ev.Seq, ev.Type)
	}
	op := l.op(p.OpKey, ev)
	op.Call, op.Tool = p.Call, p.Call.Name
	if p.ReplyMessageID != "" {
		op.ReplyMessageID = p.ReplyMessageID
	}
	l.advance(op, stageOf(ev.Type), ev.Seq)
	return nil
}

// completed records a saved result (kept encoded). A reuse never replaces
// the result it reused.
func (l *Ledger) completed(ev event.Event, p completedHead) error {
	if p.OpKey == "" {
		return fmt.Errorf("event %d (%s): no op_key", ev.Seq, ev.Type)
	}
	op := l.op(p.OpKey, ev)
	if op.resultRaw == nil || ev.Type != event.EvToolReused {
		op.resultRaw = ev.Payload
		op.Unknown = ev.Type == event.EvToolUnknown || p.Result.Status == event.ToolUnknown
	}
	if op.Tool == "" {
		op.Tool = p.Result.Tool
	}
	if op.DoneSeq == 0 {
		op.DoneSeq = ev.Seq
	}
	l.advance(op, StageCompleted, ev.Seq)
	return nil
}

// sent marks the operations whose results a sent message carried.
func (l *Ledger) sent(ev event.Event, keys []string) {
	for _, key := range keys {
		l.advance(l.op(key, ev), StageResultSent, ev.Seq)
	}
}

// snapshot returns a copy of op with its result decoded.
func (op *opRecord) snapshot() OpState {
	st := op.OpState
	if op.resultRaw != nil {
		var p event.ToolCompletedPayload
		if event.Unmarshal(op.resultRaw, &p) == nil {
			st.Result = &p.Result
		}
	}
	return st
}

// stageOf maps a tool event type to its stage.
func stageOf(t event.Type) Stage {
	switch t {
	case event.EvToolPrepared:
		return StagePrepared
	case event.EvToolStarted:
		return StageStarted
	}
	return StageProposed
}

// op returns the record of key, creating it in log order.
func (l *Ledger) op(key string, ev event.Event) *opRecord {
	if op, ok := l.ops[key]; ok {
		return op
	}
	callID := ev.CallID
	if callID == "" || ev.Type == event.EvModelMessageSent {
		callID = event.CallID(key)
	}
	op := &opRecord{OpState: OpState{Key: key, CallID: callID, Turn: ev.Turn}}
	l.ops[key] = op
	l.order = append(l.order, key)
	return op
}

// advance moves op forward to st; it never moves back.
func (l *Ledger) advance(op *opRecord, st Stage, seq int64) {
	if st > op.Stage {
		op.Stage = st
		op.Seq = seq
	}
}

// Op returns a copy of the operation with key.
func (l *Ledger) Op(key string) (OpState, bool) {
	op, ok := l.ops[key]
	if !ok {
		return OpState{}, false
	}
	return op.snapshot(), true
}

// ByCallID returns a copy of the operation with the call id.
func (l *Ledger) ByCallID(callID string) (OpState, bool) {
	for _, k := range l.order {
		if op := l.ops[k]; op.CallID == callID {
			return op.snapshot(), true
		}
	}
	return OpState{}, false
}

// Ops returns copies of every operation in the order they first appeared.
func (l *Ledger) Ops() []OpState {
	out := make([]OpState, 0, len(l.order))
	for _, k := range l.order {
		out = append(out, l.ops[k].snapshot())
	}
	return out
}

// Len is the number of operations.
func (l *Ledger) Len() int { return len(l.order) }

// RecoveryAction is what resume must do with an unfinished operation.
type RecoveryAction string

// The recovery actions.
const (
	// RecoverResend: the result is saved but the model never got it;
	// send the saved result, do not run the tool.
	RecoverResend RecoveryAction = "resend"
	// RecoverRecheck: the call was proposed or prepared but never started;
	// ask the policy again before anything runs.
	RecoverRecheck RecoveryAction = "recheck"
	// RecoverRerun: a read-only call started but its outcome was lost; it
	// is safe to run again.
	RecoverRerun RecoveryAction = "rerun"
	// RecoverUnknown: a call with side effects started but its outcome was
	// lost; report status="unknown" to the model, never run it again.
	RecoverUnknown RecoveryAction = "unknown"
)

// Recovery is one resume decision.
type Recovery struct {
	Action RecoveryAction
	Op     OpState
}

// Recover returns, in log order, what resume must do with each operation
// whose result the model has not been sent. isReadOnly tells whether a tool
// has no side effects (nil means none is read-only).
func (l *Ledger) Recover(isReadOnly func(tool string) bool) []Recovery {
	var out []Recovery
	for _, k := range l.order {
		rec := l.ops[k]
		if rec.Stage == StageResultSent {
			continue
		}
		op := rec.snapshot()
		op.ReadOnly = isReadOnly != nil && isReadOnly(op.Tool)
		var a RecoveryAction
		switch op.Stage {
		case StageCompleted:
			a = RecoverResend
		case StageStarted:
			a = RecoverUnknown
			if op.ReadOnly {
				a = RecoverRerun
			}
		default:
			a = RecoverRecheck
		}
		out = append(out, Recovery{Action: a, Op: op})
	}
	return out
}
