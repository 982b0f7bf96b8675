package actors

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/anthdm/hollywood/actor"
	"github.com/wtagent/wtagent/actors/subagent"
	"github.com/wtagent/wtagent/internal/pathlock"
	"github.com/wtagent/wtagent/internal/runlimit"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/policy/boundary"
	"github.com/wtagent/wtagent/session"
	"github.com/wtagent/wtagent/supervisor"
)

// Runtime is one session's running actor tree.
type Runtime struct {
	cfg  Config
	e    *actor.Engine
	p    pids
	path string
	root tree
	// agentTrees are the sub-agents' trees under the agents supervisor.
	agentTrees *subagent.Trees
	finished   chan messages.RunFinished
	spool      *session.Spool
	// spoolWriter writes to spool off the tools' reading goroutines.
	spoolWriter *session.AsyncSpool
	boundary    *boundary.Boundary
	released    sync.Once
	// agentSlots holds one token per running sub-agent (max-subagents);
	// agentPaths the paths of the running write sub-agents.
	agentSlots chan struct{}
	agentPaths *pathlock.Locks
	agentCount atomic.Int64
	// agents are the running sub-agents' runtimes; pausing is the reason
	// of a pause asked for since the last Run, which every sub-agent, even
	// one that starts later, takes too.
	agentsMu sync.Mutex
	agents   map[*Runtime]bool
	pausing  string
}

// Start builds the session's actor tree and starts it. The controller
// replays the session's event log at once; call Run to start or resume a
// run.
func Start(cfg Config) (*Runtime, error) {
	e, err := actor.NewEngine(actor.NewEngineConfig())
	if err != nil {
		return nil, fmt.Errorf("actors: engine: %w", err)
	}
	rt, err := build(cfg, e, pathRoot, clientID)
	if err != nil {
		return nil, err
	}
	root := supervisor.Start(e, pathRoot, rt.rootSpec())
	rt.root = root
	select {
	case <-root.Done():
		rt.release()
		return nil, fmt.Errorf("actors: the session could not start: %w", root.Err())
	default:
	}
	return rt, nil
}

// startAgentTree starts a sub-agent's runtime on rt's engine: its tree is the
// child id of rt's agents supervisor, a subtree of the main session's.
func (rt *Runtime) startAgentTree(ctx context.Context, id string, cfg Config) (*Runtime, error) {
	sub, err := build(cfg, rt.e, pathAgents+"/"+id, clientID+"-"+id)
	if err != nil {
		return nil, err
	}
	if sub.root, err = rt.agentTrees.Start(ctx, id, sub.rootSpec()); err != nil {
		sub.release()
		return nil, fmt.Errorf("its actor tree: %w", err)
	}
	return sub, nil
}

// build makes a runtime whose tree is at path on e (not started yet).
func build(cfg Config, e *actor.Engine, path, client string) (*Runtime, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	rt := &Runtime{cfg: cfg, e: e, p: newPIDs(e, path, client), path: path, finished: make(chan messages.RunFinished, 16),
		agentSlots: make(chan struct{}, cmp.Or(cfg.Limits.MaxSubagents, runlimit.DefaultMaxSubagents)), agentPaths: pathlock.New()}
	rt.agentTrees = subagent.NewTrees(e, rt.p.agents)
	if rt.spool, err = cfg.Session.OpenSpool(cfg.SpoolCap); err != nil {
		return nil, fmt.Errorf("actors: tool output spool: %w", err)
	}
	rt.spoolWriter = session.NewAsyncSpool(rt.spool, 256)
	rt.cfg.live = newToolOutput(e, rt.p.eventlog, cfg.Session.ID())
	if rt.boundary, err = boundary.Open(cfg.Root); err != nil {
		rt.spoolWriter.Close()
		rt.spool.Close()
		return nil, fmt.Errorf("actors: %w", err)
	}
	e.Spawn(func() actor.Receiver { return &bridge{out: rt.finished} }, clientKind, actor.WithID(client))
	return rt, nil
}

func (rt *Runtime) rootSpec() supervisor.Spec {
	cfg, p, e := &rt.cfg, rt.p, rt.e
	onEvent := func(ev supervisor.Event) { e.Send(p.status, actorChanged(ev)) }
	children := []supervisor.ChildSpec{
		{ID: idEventLog, Producer: newEventLog(cfg, p), Restart: supervisor.Permanent, Shutdown: 5 * time.Second},
		{ID: idStatus, Producer: newStatusActor(cfg, p), Restart: supervisor.Permanent, Shutdown: time.Second},
		{ID: idSession, Producer: supervisor.New(rt.sessionSpec(onEvent)), Restart: supervisor.Permanent, Shutdown: 30 * time.Second},
	}
	if rt.path == pathRoot { // a sub-agent shares the main tree's engine, and its engine log
		children = append([]supervisor.ChildSpec{{ID: idEngineLog, Producer: newEngineLog(cfg), Restart: supervisor.Permanent, Shutdown: time.Second}}, children...)
	}
	return supervisor.Spec{Strategy: supervisor.OneForOne, Intensity: 3, Period: time.Minute, OnEvent: onEvent, Children: children}
}

// sessionSpec is the session's supervisor; its agents supervisor holds
// the sub-agents' trees, isolated: one that gives up ends only its own.
func (rt *Runtime) sessionSpec(onEvent func(supervisor.Event)) supervisor.Spec {
	cfg, p := &rt.cfg, rt.p
	agents := supervisor.Spec{Strategy: supervisor.OneForOne, Isolate: true,
		OnEvent: func(ev supervisor.Event) { onEvent(ev); rt.agentTrees.Observe(ev) }}
	children := []supervisor.ChildSpec{
		{ID: idPolicy, Producer: newPolicyActor(cfg, p), Restart: supervisor.Permanent},
		{ID: idApproval, Producer: newApprovalActor(cfg, p), Restart: supervisor.Permanent, Shutdown: time.Second},
		{ID: idAgents, Producer: supervisor.New(agents), Restart: supervisor.Permanent, Shutdown: 45 * time.Second},
		{ID: idModelSup, Producer: supervisor.New(rt.modelSpec()), Restart: supervisor.Permanent, Shutdown: 15 * time.Second},
	}
	children = append(children, rt.mcpChildren()...)
	children = append(children, rt.toolChildren()...)
	children = append(children, supervisor.ChildSpec{ID: idController, Producer: newController(cfg, p), Restart: supervisor.Permanent})
	return supervisor.Spec{Strategy: supervisor.OneForOne, Intensity: 5, Period: time.Minute, Notify: []*actor.PID{p.controller}, Children: children}
}

// modelSpec is the browser's own supervisor: it restarts a crashed model
// transport with backoff, and gives it up (only it) when it keeps crashing;
// the controller, notified, pauses the run with a clear message.
func (rt *Runtime) modelSpec() supervisor.Spec {
	return supervisor.Spec{
		Strategy: supervisor.OneForOne, Intensity: 4, Period: 2 * time.Minute, Isolate: true,
		Notify: []*actor.PID{rt.p.controller},
		Children: []supervisor.ChildSpec{{ID: idModel, Producer: newModelActor(&rt.cfg, rt.p), Restart: supervisor.Permanent,
			Shutdown: 10 * time.Second,
			Backoff:  supervisor.Backoff{Min: time.Second, Max: 30 * time.Second, Jitter: 0.2, ResetAfter: 2 * time.Minute}}},
	}
}

// Run starts a run with m.Task, or resumes the session (the task is then a
// new instruction, or empty). The outcome arrives on Finished.
func (rt *Runtime) Run(m messages.StartRun) {
	rt.agentsMu.Lock()
	rt.pausing = ""
	rt.agentsMu.Unlock()
	rt.e.Send(rt.p.controller, m)
}

// Finished delivers the end of each run.
func (rt *Runtime) Finished() <-chan messages.RunFinished { return rt.finished }

// Pause asks for a safe pause after the current step.
// The running sub-agents pause at their own next safe point.
func (rt *Runtime) Pause(reason string) {
	rt.agentsMu.Lock()
	rt.pausing = reason
	for a := range rt.agents {
		a.Pause(reason)
	}
	rt.agentsMu.Unlock()
	rt.e.Send(rt.p.controller, messages.PauseRun{Reason: reason})
}

// startAgent runs a sub-agent's task on its runtime, paused at once when
// the main run is pausing; the returned func forgets it.
func (rt *Runtime) startAgent(a *Runtime, task string) func() {
	rt.agentsMu.Lock()
	defer rt.agentsMu.Unlock()
	if rt.agents == nil {
		rt.agents = map[*Runtime]bool{}
	}
	rt.agents[a] = true
	a.Run(messages.StartRun{Task: task})
	if rt.pausing != "" {
		a.Pause(rt.pausing)
	}
	return func() {
		rt.agentsMu.Lock()
		delete(rt.agents, a)
		rt.agentsMu.Unlock()
	}
}

// Cancel stops the run now, killing running tools.
func (rt *Runtime) Cancel(reason string) {
	rt.e.Send(rt.p.controller, messages.CancelRun{Reason: reason})
}

// Done is closed when the actor tree has stopped (after Shutdown, or when
// the root supervisor gave up); Err then says why.
func (rt *Runtime) Done() <-chan struct{} { return rt.root.Done() }

// Err is why the tree stopped: nil after a clean Shutdown.
func (rt *Runtime) Err() error { return rt.root.Err() }

// Shutdown stops every actor (dev servers included), in reverse order, and
// releases the session's files. It is safe to call more than once.
func (rt *Runtime) Shutdown(ctx context.Context) error {
	err := rt.root.Shutdown(ctx)
	rt.release()
	if errors.Is(err, context.Canceled) {
		return nil
	}
	return err
}

func (rt *Runtime) release() {
	rt.released.Do(func() {
		if rt.cfg.live != nil {
			rt.cfg.live.Stop()
		}
		<-rt.e.Poison(rt.p.client).Done()
		if rt.spoolWriter != nil {
			rt.spoolWriter.Close()
		}
		if rt.spool != nil {
			rt.spool.Close()
		}
		if rt.boundary != nil {
			rt.boundary.Close()
		}
	})
}

// NewConversation makes the next run start a fresh conversation: with
// compact, from a local checkpoint of the session (a rollover now);
// otherwise with a fresh bootstrap and the next prompt as the task. Only
// between runs.
func (rt *Runtime) NewConversation(compact bool) error {
	kind := convNew
	if compact {
		kind = convCompact
	}
	_, err := request[recorded](rt.e, rt.p.controller, newConversation{kind: kind}, 5*time.Second)
	return err
}

// Record appends an event made outside the actor tree (an undo from the
// prompt) to the session's log; with sync it returns once the event is
// fsynced. Only between runs.
func (rt *Runtime) Record(t event.Type, payload any, sync bool) error {
	b, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("record %s: %w", t, err)
	}
	if _, err := request[recorded](rt.e, rt.p.controller, recordEvent{typ: t, payload: b, sync: sync}, 30*time.Second); err != nil {
		return fmt.Errorf("record %s: %w", t, err)
	}
	return nil
}

// Queue queues text the user typed while a run works; it goes to the
// model with the next outbound message.
func (rt *Runtime) Queue(id, text string) {
	rt.e.Send(rt.p.controller, event.QueueInstruction{ID: id, Text: text})
}

// TakeOver asks for a manual takeover: the run pauses at the next safe
// point and the browser window is the user's until HandBack.
func (rt *Runtime) TakeOver() {
	rt.e.Send(rt.p.controller, messages.TakeOver{})
}

// HandBack ends a manual takeover: the page is read again (a message sent
// by hand is taken as the next message) and the run goes on.
func (rt *Runtime) HandBack() {
	rt.e.Send(rt.p.controller, messages.HandBack{})
}

// SetMode asks for another ChatGPT mode and effort tier (empty keeps the
// page's), selected before the next message.
func (rt *Runtime) SetMode(mode, effort string) {
	rt.e.Send(rt.p.controller, messages.SetMode{Mode: mode, Effort: effort})
}

// Processes lists the dev servers this session started.
func (rt *Runtime) Processes() ([]event.ProcessInfo, error) {
	pl, err := request[messages.ProcessList](rt.e, rt.p.processes, messages.ListProcesses{}, 2*time.Second)
	if err != nil {
		return nil, fmt.Errorf("list processes: %w", err)
	}
	return pl.Processes, nil
}

// StopProcesses stops every dev server (TERM, grace, KILL on each tree).
func (rt *Runtime) StopProcesses(timeout time.Duration) ([]event.ProcessInfo, error) {
	pl, err := request[messages.ProcessList](rt.e, rt.p.processes, messages.StopAllProcesses{}, timeout)
	if err != nil {
		return nil, fmt.Errorf("stop processes: %w", err)
	}
	return pl.Processes, nil
}

// request asks an actor from outside the actor system and waits, at most
// timeout, for a reply of type T (see supervisor.Call).
func request[T any](e *actor.Engine, pid *actor.PID, msg any, timeout time.Duration) (T, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	return supervisor.Call[T](ctx, e, pid, msg)
}
