package session

import (
	"cmp"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/wtagent/wtagent/session/event"
	"mvdan.cc/sh/v3/syntax"
)

// Replay is what the controller needs from the event log on start, built
// in one pass: the ledger, the turn, the message in flight, the
// conversation cursor, the changed files and the evidence for the done
// gate, and the task grants.
type Replay struct {
	Ledger *Ledger
	// SessionID is the id the events carry.
	SessionID string
	// LastSeq is the last event's sequence number.
	LastSeq int64
	// Turn is the highest turn number seen.
	Turn int
	// Task, Root, Provider and Mode come from run.started.
	Task, Root, Provider, Mode string
	// Instructions are the user's later instructions, in order.
	Instructions []string
	// Requests are what the current run was asked, for the done gate: the
	// task or the instruction the run started with (a resume without one
	// keeps the last run's) and the instructions added while it ran.
	Requests []Request
	// Pending is the binding of the last message sent with no
	// model.message_complete after it; PendingKind and PendingResultOps
	// describe that message.
	Pending          *event.Binding
	PendingKind      event.OutboundKind
	PendingResultOps []string
	// Cursor is the conversation position: the latest reply's, or the
	// latest sent message's.
	Cursor string
	// Replies counts complete model replies.
	Replies int
	// Changed lists the project files changed by completed calls, in the
	// order they were first changed.
	Changed []string
	// SnapshotChanged lists the project files the snapshots after calls
	// found changed, commands' writes included (the done gate credits them
	// to claims, after a resume too).
	SnapshotChanged []string
	// LastChangeSeq is the seq of the last result that changed files;
	// LastVerifiedSeq of the last successful verification (a build, test
	// or run with Verified set).
	LastChangeSeq, LastVerifiedSeq int64
	// LastFailedEditSeq is the seq of the last fs.write or fs.edit that
	// failed (error or unknown outcome): a change that did not happen.
	LastFailedEditSeq int64
	// Verifications describes the successful verifying calls, in order
	// (the command line of a program).
	Verifications []string
	// Request is what the current request did (see RequestWork).
	Request RequestWork
	// Rules are the task grants from approval.resolved, in order, without
	// duplicates.
	Rules []event.Rule
	// Phase is the last run.phase target; Outcome and Reason the last
	// run end.
	Phase   event.Phase
	Outcome event.Outcome
	Reason  string
	// Queued are the user's queued instructions no message has carried
	// yet, in order.
	Queued []event.QueueInstruction
	// LastMessage and Done are the model's latest parsed message.
	LastMessage string
	Done        bool

	changed map[string]bool
	// sendingRaw is the payload of a model.message_sending with no
	// model.message_sent after it (see InDoubt).
	sendingRaw []byte
	// pendingRaw is the model.message_sending payload of the message in
	// flight (see PendingMessage).
	pendingRaw []byte
}

// Request is one thing the user asked and where in the log: the done
// gate wants its evidence after Seq.
type Request struct {
	Text string
	Seq  int64
	// Attached are the files sent with it (@path): the model has read
	// them.
	Attached []string
}

// NewReplay returns an empty Replay to Apply events to.
func NewReplay() *Replay {
	return &Replay{Ledger: NewLedger(), changed: make(map[string]bool)}
}

// BuildReplay folds events into a Replay.
func BuildReplay(events []event.Event) (*Replay, error) {
	r := NewReplay()
	for _, ev := range events {
		if err := r.Apply(ev); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// Apply folds one event into the replay. Each payload is decoded once,
// and only the parts replay needs: message texts and tool output stay
// encoded until asked for.
func (r *Replay) Apply(ev event.Event) error {
	if r.SessionID == "" {
		r.SessionID = ev.SessionID
	}
	r.LastSeq = max(r.LastSeq, ev.Seq)
	r.Turn = max(r.Turn, ev.Turn)
	switch ev.Type {
	case event.EvRunStarted, event.EvRunResumed:
		return r.runStarted(ev)
	case event.EvInstruction:
		var p event.InstructionPayload
		if err := event.DecodePayload(ev, &p); err != nil {
			return err
		}
		text := cmp.Or(p.Text, p.Instruction, p.Task)
		r.instruction(text)
		if text != "" {
			r.Requests = append(r.Requests, Request{Text: text, Seq: ev.Seq})
		}
	case event.EvModelMessageSending:
		if len(ev.Payload) == 0 {
			return event.DecodePayload(ev, &struct{}{})
		}
		r.sendingRaw = ev.Payload
		var q struct {
			Queued []string `json:"queued"`
		}
		if event.Unmarshal(ev.Payload, &q) == nil && len(q.Queued) > 0 {
			for _, x := range r.Queued {
				if slices.Contains(q.Queued, x.ID) {
					r.Requests = append(r.Requests, Request{Text: x.Text, Seq: ev.Seq})
				}
			}
			r.Queued = slices.DeleteFunc(r.Queued, func(x event.QueueInstruction) bool { return slices.Contains(q.Queued, x.ID) })
		}
	case event.EvQueued:
		var p event.QueueInstruction
		if err := event.DecodePayload(ev, &p); err != nil {
			return err
		}
		r.Queued = append(r.Queued, p)
	case event.EvModelMessageSent:
		return r.messageSent(ev)
	case event.EvModelMessageComplete:
		var p struct {
			Reply struct {
				Cursor string `json:"cursor"`
			} `json:"reply"`
		}
		if err := event.DecodePayload(ev, &p); err != nil {
			return err
		}
		r.Pending, r.PendingKind, r.PendingResultOps = nil, "", nil
		r.pendingRaw = nil
		r.Cursor = cmp.Or(p.Reply.Cursor, r.Cursor)
		r.Replies++
	case event.EvConversationStart, event.EvConversationRoll, event.EvModelState:
		r.cursorEvent(ev)
	case event.EvProtocolParsed:
		var p event.ParsedPayload
		if err := event.DecodePayload(ev, &p); err != nil {
			return err
		}
		r.LastMessage, r.Done = p.Message, p.Done
	case event.EvToolProposed, event.EvToolPrepared, event.EvToolStarted:
		var p toolHead
		if err := event.DecodePayload(ev, &p); err != nil {
			return err
		}
		return r.Ledger.tool(ev, p)
	case event.EvToolCompleted, event.EvToolUnknown, event.EvToolReused:
		var p completedHead
		if err := event.DecodePayload(ev, &p); err != nil {
			return err
		}
		if err := r.Ledger.completed(ev, p); err != nil {
			return err
		}
		if ev.Type == event.EvToolCompleted {
			r.toolCompleted(ev, p)
		}
	case event.EvCheckpoint:
		return r.requestCheckpoint(ev)
	case event.EvApprovalResolved:
		var p event.PolicyPayload
		if err := event.DecodePayload(ev, &p); err != nil {
			return err
		}
		if p.Rule != nil && p.Choice != event.ApproveDeny && !slices.ContainsFunc(r.Rules, sameRule(*p.Rule)) {
			r.Rules = append(r.Rules, *p.Rule)
		}
	case event.EvPhaseChanged:
		var p struct {
			To event.Phase `json:"to,case:ignore"`
		}
		if event.Unmarshal(ev.Payload, &p) == nil && p.To != "" {
			r.Phase = p.To
		}
	case event.EvRunCompleted, event.EvRunInterrupted, event.EvRunFailed, event.EvRunCancelled:
		var p event.RunEndPayload
		if err := event.DecodePayload(ev, &p); err != nil {
			return err
		}
		r.Outcome, r.Reason = p.Outcome, p.Reason
		if p.Outcome == event.OutcomeRefused {
			// ChatGPT refused the message in flight: no reply will come,
			// and waiting for it again would wait for nothing.
			r.Pending, r.PendingKind, r.PendingResultOps, r.pendingRaw = nil, "", nil, nil
		}
	}
	return nil
}

// runStarted records run.started (the task) and run.resumed (a follow-up).
func (r *Replay) runStarted(ev event.Event) error {
	var p event.RunStartedPayload
	if err := event.DecodePayload(ev, &p); err != nil {
		return err
	}
	if ev.Type == event.EvRunStarted && r.Task == "" {
		r.Task = p.Task
	} else {
		r.instruction(p.Task)
	}
	if p.Task != "" {
		r.beginRequest()
		r.Requests = []Request{{Text: strings.TrimSpace(strings.TrimPrefix(p.Task, p.Note)), Seq: ev.Seq, Attached: p.Attachments}}
	}
	r.Root = cmp.Or(p.Root, r.Root)
	r.Provider = cmp.Or(p.Provider, r.Provider)
	r.Mode = cmp.Or(p.Mode, r.Mode)
	r.Outcome, r.Reason = "", ""
	return nil
}

// instruction appends a user instruction unless it repeats the last one.
func (r *Replay) instruction(text string) {
	if text == "" || text == r.Task && len(r.Instructions) == 0 {
		return
	}
	if n := len(r.Instructions); n > 0 && r.Instructions[n-1] == text {
		return
	}
	r.Instructions = append(r.Instructions, text)
}

// messageSent records the message in flight.
func (r *Replay) messageSent(ev event.Event) error {
	var p sentHead
	if err := event.DecodePayload(ev, &p); err != nil {
		return err
	}
	r.Ledger.sent(ev, p.ResultOps)
	b := p.Binding
	r.pendingRaw, r.sendingRaw = r.sendingRaw, nil
	r.Pending, r.PendingKind, r.PendingResultOps = &b, p.Kind, p.ResultOps
	r.Cursor = cmp.Or(b.Cursor, r.Cursor)
	return nil
}

// cursorEvent takes a conversation cursor from events that carry one.
func (r *Replay) cursorEvent(ev event.Event) {
	var p struct {
		Cursor string `json:"cursor,case:ignore"`
	}
	if event.Unmarshal(ev.Payload, &p) == nil && p.Cursor != "" {
		r.Cursor = p.Cursor
	}
}

// InDoubt returns the message logged as model.message_sending with no
// model.message_sent after it: it may or may not have reached the
// conversation, so the transport must look before sending it again. It is
// nil when no send is in doubt.
func (r *Replay) InDoubt() (*event.MessageSentPayload, error) {
	if r.sendingRaw == nil {
		return nil, nil
	}
	var p event.MessageSentPayload
	if err := event.Unmarshal(r.sendingRaw, &p); err != nil {
		return nil, fmt.Errorf("model.message_sending payload: %w", err)
	}
	return &p, nil
}

// PendingMessage returns the message in flight (sent, no reply yet) as it
// was logged by model.message_sending, text included, so it can be sent
// again if the conversation turns out not to have it. It is nil when no
// message is in flight or its intent was not logged.
func (r *Replay) PendingMessage() (*event.MessageSentPayload, error) {
	if r.Pending == nil || r.pendingRaw == nil {
		return nil, nil
	}
	var p event.MessageSentPayload
	if err := event.Unmarshal(r.pendingRaw, &p); err != nil {
		return nil, fmt.Errorf("model.message_sending payload: %w", err)
	}
	return &p, nil
}

// toolCompleted records changed files and verification evidence.
func (r *Replay) toolCompleted(ev event.Event, p completedHead) {
	res := p.Result
	if len(res.Changed) > 0 {
		r.LastChangeSeq = ev.Seq
		for _, f := range res.Changed {
			if !r.changed[f] {
				r.changed[f] = true
				r.Changed = append(r.Changed, f)
			}
		}
	}
	if (res.Tool == "fs.write" || res.Tool == "fs.edit" || res.Tool == "fs.patch") && (res.Status == event.ToolError || res.Status == event.ToolUnknown) {
		r.LastFailedEditSeq = ev.Seq
	}
	verified := ""
	if res.Verified && res.Status == event.ToolOK {
		r.LastVerifiedSeq = ev.Seq
		verified = r.describe(p.OpKey, res.Tool)
		r.Verifications = append(r.Verifications, verified)
	}
	r.requestResult(p, verified)
}

// describe names a verifying call: its command line, else its tool.
func (r *Replay) describe(opKey, tool string) string {
	if op, ok := r.Ledger.ops[opKey]; ok {
		var a struct {
			Program string   `json:"program"`
			Argv    []string `json:"argv"`
		}
		if json.Unmarshal(op.Call.CanonicalArgs, &a) == nil && a.Program != "" {
			return shellJoin(append([]string{a.Program}, a.Argv...))
		}
		if op.Tool != "" {
			return op.Tool
		}
	}
	return cmp.Or(tool, opKey)
}

// VerifiedAfterChange reports whether a successful verification came at
// or after the last change: the done gate's evidence.
func (r *Replay) VerifiedAfterChange() bool {
	return r.LastVerifiedSeq > 0 && r.LastVerifiedSeq >= r.LastChangeSeq
}

// Recover is the ledger's resume decisions (see Ledger.Recover).
func (r *Replay) Recover(isReadOnly func(tool string) bool) []Recovery {
	return r.Ledger.Recover(isReadOnly)
}

// String summarises the replay for logs.
func (r *Replay) String() string {
	return fmt.Sprintf("session %s: %d events, turn %d, %d ops, %d changed, pending=%v",
		r.SessionID, r.LastSeq, r.Turn, r.Ledger.Len(), len(r.Changed), r.Pending != nil)
}

// sameRule matches rules equal to want.
func sameRule(want event.Rule) func(event.Rule) bool {
	return func(r event.Rule) bool {
		return r.Tool == want.Tool && r.Kind == want.Kind && slices.Equal(r.Prefix, want.Prefix)
	}
}

// shellJoin quotes words for bash (syntax.Quote) and joins them into one
// command line. A NUL byte, which no argument can hold, is dropped.
func shellJoin(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		w = strings.ReplaceAll(w, "\x00", "")
		q[i], _ = syntax.Quote(w, syntax.LangBash)
	}
	return strings.Join(q, " ")
}
