package toolactors

import (
	"encoding/json"

	"fmt"
	"strings"
	"time"

	"github.com/anthdm/hollywood/actor"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/policy"
	"github.com/wtagent/wtagent/protocol"
	"github.com/wtagent/wtagent/supervisor"
)

// ToolsSpec is the supervision of tool invocations: one_for_one, each call
// isolated (a crashing call never takes its siblings or the supervisor
// down).
func ToolsSpec() supervisor.Spec {
	return supervisor.Spec{Strategy: supervisor.OneForOne, Isolate: true, Intensity: 1000, Period: time.Minute}
}

// NewToolsSupervisor returns the producer of the tools supervisor: a
// supervisor (spec ToolsSpec) whose children are one Temporary invocation
// actor per call, which also accepts messages.InvokeTool. Send it an
// InvokeTool (Send or Request); exactly one messages.ToolResult goes back
// to the sender, whatever happens to the call: its result, or an error or
// timeout result when the invocation crashed, was killed or overran.
// procs is the process supervisor (NewProcessSupervisor) the process.*
// tools and project.status use; nil disables them. It also accepts
// messages.CancelRun (stop every running call; each still gets its
// result) and every supervisor request (WhichChildren, StopChild …).
func NewToolsSupervisor(d Deps, procs *actor.PID) actor.Producer {
	return func() actor.Receiver {
		return &toolsSup{d: d, procs: procs, pending: map[string]*pendingCall{}}
	}
}

// pendingCall is a call whose result has not been sent yet.
type pendingCall struct {
	inv     messages.InvokeTool
	replyTo *actor.PID
}

// toolsSup is a supervisor actor extended with the InvokeTool protocol:
// it delegates every message it does not own to the embedded supervisor.
type toolsSup struct {
	d       Deps
	procs   *actor.PID
	sup     actor.Receiver
	self    *actor.PID
	engine  *actor.Engine
	pending map[string]*pendingCall
	// starts lists the children whose StartChild reply is due, in order.
	starts []string
	seq    int
	verify *Verification
}

// Receive is the tools supervisor's message switch.
func (t *toolsSup) Receive(c *actor.Context) {
	switch m := c.Message().(type) {
	case actor.Initialized:
		t.self, t.engine = c.PID(), c.Engine()
		spec := ToolsSpec()
		spec.Notify = append(spec.Notify, c.PID())
		t.sup = supervisor.New(spec)()
		t.sup.Receive(c)
	case messages.InvokeTool:
		t.invoke(c, m)
	case toolFinished:
		t.deliver(m.id, m.result)
	case supervisor.ChildExited:
		t.childExited(m)
	case supervisor.ChildStarted:
	case *actor.PID: // StartChild reply
		t.popStart()
	case error: // StartChild failure
		if id := t.popStart(); id != "" {
			t.deliver(id, t.failure(id, fmt.Errorf("%w: could not start the call: %w", ErrCrashed, m)))
		}
	case messages.CancelRun:
		for id := range t.pending {
			t.engine.Send(t.self, supervisor.StopChild{ID: id})
		}
	case actor.Stopped:
		t.sup.Receive(c)
		for id := range t.pending { // the supervisor is gone: no call waits forever
			t.deliver(id, t.failure(id, fmt.Errorf("%w: the tools supervisor stopped", ErrCancelled)))
		}
	default:
		t.sup.Receive(c)
	}
}

// invoke starts one Temporary invocation child for the call.
func (t *toolsSup) invoke(c *actor.Context, inv messages.InvokeTool) {
	id := t.childID(inv)
	if _, busy := t.pending[id]; busy {
		res := errResult(fmt.Errorf("%w: call %s is already running", ErrBadArgs, id), nil)
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
		d.Verification = func() (Verification, bool) { return v, true }
	}
	spec := supervisor.ChildSpec{
		ID: id, Producer: newInvocation(id, d, inv, t.self), Restart: supervisor.Temporary,
		Shutdown: d.withDefaults().Grace + killWait + time.Second,
	}
	t.starts = append(t.starts, id)
	c.Send(t.self, supervisor.StartChild{Spec: spec})
}

// childID names the invocation child after the operation key.
func (t *toolsSup) childID(inv messages.InvokeTool) string {
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

func (t *toolsSup) popStart() string {
	if len(t.starts) == 0 {
		return ""
	}
	id := t.starts[0]
	t.starts = t.starts[1:]
	return id
}

// childExited turns an invocation that ended without a result into one.
func (t *toolsSup) childExited(m supervisor.ChildExited) {
	if _, ok := t.pending[m.ID]; !ok {
		return
	}
	var err error
	switch m.Reason {
	case supervisor.Panic:
		err = fmt.Errorf("%w: %v", ErrCrashed, m.Err)
	case supervisor.Shutdown, supervisor.Killed:
		err = fmt.Errorf("%w: the call was stopped (%s)", ErrCancelled, m.Reason)
	default:
		err = fmt.Errorf("%w: the call ended without a result (%s: %v)", ErrCrashed, m.Reason, m.Err)
	}
	t.deliver(m.ID, t.failure(m.ID, err))
}

// failure is the result of a call that produced none.
func (t *toolsSup) failure(id string, err error) messages.ToolResult {
	res := errResult(err, nil)
	if p := t.pending[id]; p != nil {
		res.CallID, res.OpKey, res.Tool = p.inv.CallID, p.inv.OpKey, p.inv.Call.Name
	}
	return res
}

// deliver sends a call's one result and records verification evidence.
func (t *toolsSup) deliver(id string, res messages.ToolResult) {
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
func (t *toolsSup) noteVerification(inv messages.InvokeTool, res messages.ToolResult) {
	if inv.Call.Name != protocol.ToolTerminalExec {
		return
	}
	var data ExecData
	if json.Unmarshal(res.Data, &data) != nil || policy.VerificationOf(data.Program, data.Argv) == policy.EvidenceNone {
		return
	}
	t.verify = &Verification{
		Command:  strings.TrimSpace(data.Program + " " + strings.Join(data.Argv, " ")),
		Passed:   res.Verified,
		ExitCode: res.ExitCode,
		At:       time.Now(),
	}
}
