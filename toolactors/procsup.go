package toolactors

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/anthdm/hollywood/actor"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/supervisor"
	"github.com/wtagent/wtagent/toolactors/proc"
	"github.com/wtagent/wtagent/toolactors/tools"
)

// ProcessRestart is the restart policy of managed processes: a process
// that exits abnormally is restarted after Backoff; more than Intensity
// restarts within Period and it is given up (reported, not restarted).
type ProcessRestart struct {
	Backoff   supervisor.Backoff
	Intensity int
	Period    time.Duration
}

// DefaultProcessRestart restarts a crashed dev server after 1 s, 2 s, 4 s
// … up to 30 s, and gives up after 5 restarts within 5 minutes.
var DefaultProcessRestart = ProcessRestart{
	Backoff:   supervisor.Backoff{Min: time.Second, Max: 30 * time.Second, Jitter: 0.2, ResetAfter: time.Minute},
	Intensity: 5,
	Period:    5 * time.Minute,
}

// ProcessesSpec is the supervision of managed processes: one_for_one,
// each process isolated, with the policy's intensity.
func ProcessesSpec(r ProcessRestart) supervisor.Spec {
	return supervisor.Spec{Strategy: supervisor.OneForOne, Isolate: true, Intensity: r.Intensity, Period: r.Period}
}

// NewProcessSupervisor returns the producer of the process subtree, a
// supervisor (one_for_all) of two children: "procs", a supervisor (spec
// ProcessesSpec) of one Transient actor per managed process, and "front",
// the worker that starts and stops them, owns their output rings and
// answers the process.* tools (through NewProcessClient),
// messages.ListProcesses (reply messages.ProcessList) and
// messages.StopAllProcesses (reply messages.ProcessList once all are
// stopped); send those to Front(subtree). Every change of a process
// (started, ready, crashed, restarting, gave up, exited, stopped) is sent
// to notify as a messages.ProcessEvent. The restart policy is restart
// (zero value: DefaultProcessRestart).
func NewProcessSupervisor(d tools.Deps, notify *actor.PID, restart ProcessRestart) actor.Producer {
	if restart.Intensity == 0 {
		restart = DefaultProcessRestart
	}
	d = d.WithDefaults()
	return supervisor.New(supervisor.Spec{
		Strategy: supervisor.OneForAll, Intensity: 10, Period: time.Minute,
		Children: []supervisor.ChildSpec{
			{ID: procsID, Producer: supervisor.New(ProcessesSpec(restart)), Restart: supervisor.Permanent, Shutdown: d.Grace + 2*proc.KillWait + 2*time.Second},
			{ID: frontID, Producer: func() actor.Receiver {
				return &procFront{d: d, notify: notify, restart: restart, procs: map[string]*procRecord{}}
			}, Restart: supervisor.Permanent, Shutdown: time.Second},
		},
	})
}

// procRecord is the front's view of one managed process.
type procRecord struct {
	info  event.ProcessInfo
	spec  tools.ProcessSpec
	ring  *outputRing
	lines lineScanner
	// lastRead is where the last process.read ended.
	lastRead int64
	inc      int
	ready    bool
	// starters wait for readiness; stoppers for the final exit.
	starters   []*actor.PID
	stoppers   []*actor.PID
	readyTimer *time.Timer
	// stopping: process.stop (or StopAllProcesses) asked for it;
	// abandoned: its start failed, so it is not restarted.
	stopping   bool
	abandoned  bool
	restarting bool
	final      bool
}

type readyTimeout struct{ id string }

// procFront manages the processes under the procs supervisor (which it
// watches): it starts and stops them, keeps their state and output, and
// answers the process tools.
type procFront struct {
	d       tools.Deps
	notify  *actor.PID
	restart ProcessRestart
	sup     *actor.PID // the procs supervisor
	self    *actor.PID
	engine  *actor.Engine
	procs   map[string]*procRecord
	order   []string
	// stopAll lists StopAllProcesses requesters waiting for the last exit.
	stopAll []*actor.PID
}

// Receive is the process front's message switch.
func (s *procFront) Receive(c *actor.Context) {
	switch m := c.Message().(type) {
	case actor.Started:
		s.self, s.engine = c.PID(), c.Engine()
		s.sup = supervisor.ChildPID(supervisor.Parent(c), procsID)
		c.Send(s.sup, supervisor.Watch{})
	case procStartReq:
		s.start(c, m.spec)
	case procReadReq:
		s.read(c, m)
	case procStopReq:
		s.stop(c.Sender(), m.id)
	case messages.ListProcesses:
		c.Respond(messages.ProcessList{Processes: s.list()})
	case messages.StopAllProcesses:
		s.stopEverything(c.Sender())
	case procSpawned:
		s.onSpawned(m)
	case procSpawnFailed:
		s.onSpawnFailed(m)
	case procOutput:
		s.onOutput(m)
	case procListening:
		s.onListening(m)
	case procExited:
		s.onExited(m)
	case readyTimeout:
		s.onReadyTimeout(m.id)
	case supervisor.ChildExited:
		s.onChildExited(m)
	case supervisor.ChildStarted:
		if r := s.procs[m.ID]; r != nil && m.Incarnation > 1 {
			r.restarting, r.info.State = false, event.ProcessStarting
		}
	case supervisor.ChildStartResult, supervisor.WatchResult:
		// Ignored: a child that fails to start reports procSpawnFailed and
		// its exit, and the procs supervisor refuses a start only while
		// the subtree, this front included, is stopping (IDs are unique).
	case actor.Stopped:
		s.answerAll(fmt.Errorf("%w: the process supervisor stopped", tools.ErrCancelled))
	}
}

func (s *procFront) start(c *actor.Context, spec tools.ProcessSpec) {
	id := "proc_" + randomHex(4)
	for s.procs[id] != nil {
		id = "proc_" + randomHex(4)
	}
	r := &procRecord{spec: spec, ring: newOutputRing(s.d.Limits.ProcessRing), starters: []*actor.PID{c.Sender()},
		info: event.ProcessInfo{ID: id, Program: spec.Program, Argv: spec.Argv, Cwd: spec.Cwd, State: event.ProcessStarting, Started: time.Now()}}
	s.procs[id] = r
	s.order = append(s.order, id)
	e, self := s.engine, s.self
	r.readyTimer = time.AfterFunc(spec.ReadyTimeout, func() { e.Send(self, readyTimeout{id: id}) })
	c.Send(s.sup, supervisor.StartChild{Spec: supervisor.ChildSpec{
		ID: id, Producer: procProducer(id, spec, s.d, s.self), Restart: supervisor.Transient,
		Backoff: s.restart.Backoff, Shutdown: s.d.Grace + 2*proc.KillWait + time.Second,
	}})
}

func (s *procFront) onSpawned(m procSpawned) {
	r := s.current(m.id, m.inc)
	if r == nil {
		return
	}
	r.info.PID, r.info.Started, r.info.State = m.pid, m.at, event.ProcessRunning
	r.info.ExitCode, r.info.Signal = nil, ""
	if m.inc > 1 {
		r.ring.write(fmt.Appendf(nil, "\n[wtagent: restarted %s (restart %d, pid %d)]\n", r.info.Program, m.inc-1, m.pid))
	}
	s.event(r, "")
}

func (s *procFront) onSpawnFailed(m procSpawnFailed) {
	r := s.current(m.id, m.inc)
	if r == nil {
		return
	}
	r.info.State = event.ProcessCrashed
	s.answerStarters(r, m.err)
	s.event(r, m.err.Error())
}

func (s *procFront) onOutput(m procOutput) {
	r := s.procs[m.id]
	if r == nil {
		return
	}
	r.ring.write(m.data)
	for _, line := range r.lines.feed(m.data) {
		for _, u := range detectURLs(line) {
			if !slices.Contains(r.info.URLs, u) {
				r.info.URLs = append(r.info.URLs, u)
			}
		}
	}
	if len(r.info.URLs) > 0 && m.inc == r.inc {
		s.markReady(r)
	}
}

func (s *procFront) onListening(m procListening) {
	r := s.current(m.id, m.inc)
	if r == nil || r.ready {
		return
	}
	if len(r.info.URLs) == 0 {
		r.info.URLs = append(r.info.URLs, m.urls...)
	}
	s.markReady(r)
}

func (s *procFront) markReady(r *procRecord) {
	if r.ready || r.info.State == event.ProcessExited || r.info.State == event.ProcessCrashed {
		return
	}
	r.ready, r.info.State = true, event.ProcessReady
	s.answerStarters(r, nil)
	s.event(r, "")
}

func (s *procFront) onReadyTimeout(id string) {
	if r := s.procs[id]; r != nil && len(r.starters) > 0 {
		s.answerStarters(r, nil)
	}
}

// onExited records how an incarnation's process ended.
func (s *procFront) onExited(m procExited) {
	r := s.current(m.id, m.inc)
	if r == nil {
		return
	}
	r.info.ExitCode, r.info.Signal, r.ready = m.code, m.signal, false
	clean := m.signal == "" && m.code != nil && *m.code == 0
	switch {
	case r.stopping:
		r.info.State = event.ProcessStopped
	case clean:
		r.info.State = event.ProcessExited
	default:
		r.info.State = event.ProcessCrashed
	}
	if len(r.starters) > 0 {
		s.answerStarters(r, fmt.Errorf("%w: %s", tools.ErrExitedEarly, tools.ExitText(r.info)))
	}
}

// onChildExited follows the supervisor's decision about an incarnation.
func (s *procFront) onChildExited(m supervisor.ChildExited) {
	r := s.procs[m.ID]
	if r == nil || r.final {
		return
	}
	r.info.Restarts = m.Restarts
	if m.WillRestart && !r.stopping && !r.abandoned {
		r.restarting, r.info.State = true, event.ProcessCrashed
		s.event(r, fmt.Sprintf("%s crashed (%s); restarting it (restart %d)", r.info.Program, tools.ExitText(r.info), m.Restarts+1))
		return
	}
	r.final = true
	if r.readyTimer != nil {
		r.readyTimer.Stop()
	}
	msg := ""
	switch {
	case r.stopping:
		r.info.State = event.ProcessStopped
	case m.Reason == supervisor.GaveUp:
		r.info.State = event.ProcessCrashed
		msg = fmt.Sprintf("%s crashed (%s) and was restarted %d times; wtagent gave up on it", r.info.Program, tools.ExitText(r.info), m.Restarts)
	case r.info.State == event.ProcessCrashed:
		msg = fmt.Sprintf("%s crashed (%s)", r.info.Program, tools.ExitText(r.info))
	case r.info.State != event.ProcessExited:
		r.info.State = event.ProcessExited
	}
	s.answerStarters(r, errors.New(msg))
	s.event(r, msg)
	for _, w := range r.stoppers {
		s.engine.Send(w, procReply{info: r.info})
	}
	r.stoppers = nil
	s.checkStopAll()
}

// current returns the record of id if inc is its newest incarnation.
func (s *procFront) current(id string, inc int) *procRecord {
	r := s.procs[id]
	if r == nil || inc < r.inc {
		return nil
	}
	r.inc = inc
	return r
}

// answerStarters replies to the process.start calls waiting on r: an
// error (with the output so far) or the current state.
func (s *procFront) answerStarters(r *procRecord, err error) {
	if len(r.starters) == 0 {
		return
	}
	if err != nil && err.Error() == "" {
		err = fmt.Errorf("%w: %s", tools.ErrExitedEarly, tools.ExitText(r.info))
	}
	data, _, _ := r.ring.since(0)
	out, _ := tools.ShapeOutput(data, "output", 4<<10)
	st := tools.ProcessStarted{Info: s.snapshot(r), Ready: r.ready, Output: out}
	for _, w := range r.starters {
		s.engine.Send(w, procReply{started: st, err: err})
	}
	r.starters = nil
	if r.readyTimer != nil {
		r.readyTimer.Stop()
	}
	if err != nil && !r.final && !r.stopping && !r.abandoned {
		// A process that failed its start is not left to restart.
		r.abandoned = true
		s.engine.Send(s.sup, supervisor.StopChild{ID: r.info.ID})
	}
}

func (s *procFront) read(c *actor.Context, m procReadReq) {
	r := s.procs[m.id]
	if r == nil {
		c.Respond(procReply{err: fmt.Errorf("%w: %q (process.list shows this session's processes)", tools.ErrUnknownProcess, m.id)})
		return
	}
	from := m.since
	if from < 0 {
		from = r.lastRead
	}
	data, from, lost := r.ring.since(from)
	limit := m.limit
	if limit <= 0 {
		limit = 16 << 10
	}
	out, cut := tools.ShapeOutput(data, "output", limit)
	r.lastRead = r.ring.end
	c.Respond(procReply{output: tools.ProcessOutput{Info: s.snapshot(r), Output: out, From: from, Next: r.ring.end, Lost: lost, Cut: cut}})
}

func (s *procFront) stop(replyTo *actor.PID, id string) {
	r := s.procs[id]
	switch {
	case r == nil:
		s.engine.Send(replyTo, procReply{err: fmt.Errorf("%w: %q", tools.ErrUnknownProcess, id)})
	case r.final:
		s.engine.Send(replyTo, procReply{info: s.snapshot(r)})
	default:
		r.stoppers = append(r.stoppers, replyTo)
		s.stopProc(r)
	}
}

// stopProc stops a process's actor: its Stopped handler stops the tree.
func (s *procFront) stopProc(r *procRecord) {
	if (r.stopping || r.abandoned) && !r.restarting {
		r.stopping = true
		return
	}
	r.stopping = true
	s.engine.Send(s.sup, supervisor.StopChild{ID: r.info.ID})
	if r.restarting {
		// Waiting for a restart: StopChild just removes it, without an
		// exit to report.
		r.restarting = false
		s.onChildExited(supervisor.ChildExited{ID: r.info.ID, Reason: supervisor.Shutdown, Restarts: r.info.Restarts})
	}
}

func (s *procFront) stopEverything(replyTo *actor.PID) {
	s.stopAll = append(s.stopAll, replyTo)
	for _, id := range s.order {
		if r := s.procs[id]; !r.final {
			s.stopProc(r)
		}
	}
	s.checkStopAll()
}

func (s *procFront) checkStopAll() {
	if len(s.stopAll) == 0 {
		return
	}
	for _, r := range s.procs {
		if !r.final {
			return
		}
	}
	list := messages.ProcessList{Processes: s.list()}
	for _, w := range s.stopAll {
		s.engine.Send(w, list)
	}
	s.stopAll = nil
}

func (s *procFront) list() []event.ProcessInfo {
	out := make([]event.ProcessInfo, 0, len(s.order))
	for _, id := range s.order {
		out = append(out, s.snapshot(s.procs[id]))
	}
	return out
}

// snapshot copies a record's info so no slice is shared with a reader.
func (s *procFront) snapshot(r *procRecord) event.ProcessInfo {
	info := r.info
	info.Argv = slices.Clone(info.Argv)
	info.URLs = slices.Clone(info.URLs)
	if info.ExitCode != nil {
		code := *info.ExitCode
		info.ExitCode = &code
	}
	return info
}

// answerAll answers every waiting request when the supervisor stops.
func (s *procFront) answerAll(err error) {
	for _, id := range s.order {
		r := s.procs[id]
		if r.readyTimer != nil {
			r.readyTimer.Stop()
		}
		if !r.final && r.info.State != event.ProcessCrashed && r.info.State != event.ProcessExited {
			r.info.State = event.ProcessStopped
		}
		r.final = true
		s.answerStarters(r, err)
		for _, w := range r.stoppers {
			s.engine.Send(w, procReply{info: s.snapshot(r)})
		}
		r.stoppers = nil
	}
	s.checkStopAll()
}

// event reports a process change to the notify actor.
func (s *procFront) event(r *procRecord, errText string) {
	if s.notify != nil {
		s.engine.Send(s.notify, messages.ProcessEvent{Info: s.snapshot(r), Err: errText})
	}
}

// randomHex is n random bytes in hex.
func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}
