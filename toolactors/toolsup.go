package toolactors

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/anthdm/hollywood/actor"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/policy/evidence"
	"github.com/wtagent/wtagent/protocol"
	"github.com/wtagent/wtagent/supervisor"
	"github.com/wtagent/wtagent/toolactors/proc"
	"github.com/wtagent/wtagent/toolactors/tools"
)

// ToolsSpec is the supervision of tool invocations: one_for_one, each call
// isolated (a crashing call never takes its siblings or the supervisor
// down).
func ToolsSpec() supervisor.Spec {
	return supervisor.Spec{Strategy: supervisor.OneForOne, Isolate: true, Intensity: 1000, Period: time.Minute}
}

// Child IDs in the tools and process subtrees: the supervisor of the
// calls (or processes) and the front worker that manages them.
const (
	callsID = "calls"
	procsID = "procs"
	frontID = "front"
)

// Front returns the PID of the worker that takes a subtree's messages
// (NewToolsSupervisor, NewProcessSupervisor) given the subtree's PID.
func Front(subtree *actor.PID) *actor.PID { return supervisor.ChildPID(subtree, frontID) }

// NewToolsSupervisor returns the producer of the tools subtree, a
// supervisor (one_for_all) of two children: "calls", a supervisor (spec
// ToolsSpec) of one Temporary invocation actor per call, and "front", the
// worker that takes the calls. Send Front(subtree) an InvokeTool (Send or
// Request); exactly one event.ToolResult goes back to the sender,
// whatever happens to the call: its result, or an error or timeout result
// when the invocation crashed, was killed or overran. procs is the process
// subtree's front (NewProcessSupervisor) the process.* tools and
// project.status use; nil disables them. The front also takes
// messages.CancelRun (stop every running call; each still gets its
// result).
func NewToolsSupervisor(d tools.Deps, procs *actor.PID) actor.Producer {
	return newToolsSupervisor(d, procs, 0)
}

// newToolsSupervisor is NewToolsSupervisor with the invocation watchdog's
// margin replaced by slack when it is positive (tests).
func newToolsSupervisor(d tools.Deps, procs *actor.PID, slack time.Duration) actor.Producer {
	return supervisor.New(supervisor.Spec{
		Strategy: supervisor.OneForAll, Intensity: 10, Period: time.Minute,
		Children: []supervisor.ChildSpec{
			{ID: callsID, Producer: supervisor.New(ToolsSpec()), Restart: supervisor.Permanent, Shutdown: d.WithDefaults().Grace + proc.KillWait + 2*time.Second},
			{ID: frontID, Producer: func() actor.Receiver {
				return &toolsFront{d: d, procs: procs, slack: slack, pending: map[string]*pendingCall{}, starts: map[supervisor.Ref]string{}}
			}, Restart: supervisor.Permanent, Shutdown: time.Second},
		},
	})
}

// pendingCall is a call whose result has not been sent yet.
type pendingCall struct {
	inv     messages.InvokeTool
	replyTo *actor.PID
}

// toolsFront takes InvokeTool and CancelRun, starts one invocation child
// per call under the calls supervisor (which it watches) and sends each
// call's one result.
type toolsFront struct {
	d       tools.Deps
	procs   *actor.PID
	slack   time.Duration
	calls   *actor.PID
	self    *actor.PID
	engine  *actor.Engine
	pending map[string]*pendingCall
	// starts maps the Ref of each StartChild whose reply is due to the
	// call's child ID.
	starts map[supervisor.Ref]string
	refs   supervisor.Refs
	seq    int
	verify *tools.Verification
}

// Receive is the tools front's message switch.
func (t *toolsFront) Receive(c *actor.Context) {
	switch m := c.Message().(type) {
	case actor.Started:
		t.self, t.engine = c.PID(), c.Engine()
		t.calls = supervisor.ChildPID(supervisor.Parent(c), callsID)
		c.Send(t.calls, supervisor.Watch{})
	case messages.InvokeTool:
		t.invoke(c, m)
	case toolFinished:
		t.deliver(m.id, m.result)
	case supervisor.ChildExited:
		t.childExited(m)
	case supervisor.ChildStartResult:
		t.started(m)
	case messages.CancelRun:
		for id := range t.pending { // no sender: no reply wanted
			t.engine.Send(t.calls, supervisor.StopChild{ID: id})
		}
	case actor.Stopped:
		for id := range t.pending { // the calls go with us: no call waits forever
			t.deliver(id, t.failure(id, fmt.Errorf("%w: the tools supervisor stopped", tools.ErrCancelled)))
		}
	}
}

// invoke starts one Temporary invocation child for the call.
func (t *toolsFront) invoke(c *actor.Context, inv messages.InvokeTool) {
	id := t.childID(inv)
	if _, busy := t.pending[id]; busy {
		res := tools.ErrorResult(fmt.Errorf("%w: call %s is already running", tools.ErrBadArgs, id), nil)
		res.CallID, res.OpKey, res.Tool = inv.CallID, inv.OpKey, inv.Call.Name
		c.Send(c.Sender(), res)
		return
	}
	t.pending[id] = &pendingCall{inv: inv, replyTo: c.Sender()}
	d := t.d
	if t.procs != nil && d.Processes == nil {
		d.Processes = NewProcessClient(t.engine, t.procs)
	}
	if d.Verification == nil && t.verify != nil {
		v := *t.verify
		d.Verification = func() (tools.Verification, bool) { return v, true }
	}
	spec := supervisor.ChildSpec{
		ID: id, Producer: newInvocation(id, d, inv, t.self, t.slack), Restart: supervisor.Temporary,
		Shutdown: d.WithDefaults().Grace + proc.KillWait + time.Second,
	}
	ref := t.refs.Next()
	t.starts[ref] = id
	c.Send(t.calls, supervisor.StartChild{Ask: supervisor.Ask{Ref: ref}, Spec: spec})
}

// started handles the calls supervisor's reply to a StartChild, matched by
// its Ref: a refusal is the call's result.
func (t *toolsFront) started(m supervisor.ChildStartResult) {
	id, ok := t.starts[m.Ref]
	if !ok {
		return
	}
	delete(t.starts, m.Ref)
	if m.Err != nil {
		t.deliver(id, t.failure(id, fmt.Errorf("%w: could not start the call: %w", tools.ErrCrashed, m.Err)))
	}
}

// childID names the invocation child after the operation key.
func (t *toolsFront) childID(inv messages.InvokeTool) string {
	id := inv.OpKey
	if id == "" {
		id = inv.CallID
	}
	if id == "" {
		t.seq++
		id = fmt.Sprintf("call-%d", t.seq)
	}
	return strings.ReplaceAll(id, "/", "_")
}

// childExited turns an invocation that ended without a result into one.
func (t *toolsFront) childExited(m supervisor.ChildExited) {
	if _, ok := t.pending[m.ID]; !ok {
		return
	}
	var err error
	switch m.Reason {
	case supervisor.Panic:
		err = fmt.Errorf("%w: %v", tools.ErrCrashed, m.Err)
	case supervisor.Shutdown, supervisor.Killed:
		err = fmt.Errorf("%w: the call was stopped (%s)", tools.ErrCancelled, m.Reason)
	default:
		err = fmt.Errorf("%w: the call ended without a result (%s: %v)", tools.ErrCrashed, m.Reason, m.Err)
	}
	t.deliver(m.ID, t.failure(m.ID, err))
}

// failure is the result of a call that produced none.
func (t *toolsFront) failure(id string, err error) event.ToolResult {
	res := tools.ErrorResult(err, nil)
	if p := t.pending[id]; p != nil {
		res.CallID, res.OpKey, res.Tool = p.inv.CallID, p.inv.OpKey, p.inv.Call.Name
	}
	return res
}

// deliver sends a call's one result and records verification evidence.
func (t *toolsFront) deliver(id string, res event.ToolResult) {
	p, ok := t.pending[id]
	if !ok {
		return
	}
	delete(t.pending, id)
	t.noteVerification(p.inv, res)
	if p.replyTo != nil {
		t.engine.Send(p.replyTo, res)
	}
}

// noteVerification remembers the last build/test outcome for
// project.status.
func (t *toolsFront) noteVerification(inv messages.InvokeTool, res event.ToolResult) {
	if inv.Call.Name != protocol.ToolTerminalExec {
		return
	}
	var data tools.ExecData
	if json.Unmarshal(res.Data, &data) != nil || evidence.VerificationOf(data.Program, data.Argv) == evidence.None {
		return
	}
	t.verify = &tools.Verification{
		Command:  strings.TrimSpace(data.Program + " " + strings.Join(data.Argv, " ")),
		Passed:   res.Verified,
		ExitCode: res.ExitCode,
		At:       time.Now(),
	}
}
