package toolactors

import (
	"context"
	"fmt"
	"time"

	"github.com/anthdm/hollywood/actor"

	"github.com/wtagent/wtagent/supervisor"
	"github.com/wtagent/wtagent/toolactors/proc"
	"github.com/wtagent/wtagent/toolactors/tools"
)

// Messages from a process actor (and its goroutines) to the process
// supervisor, tagged with the process id and incarnation.
type (
	procSpawned struct {
		id       string
		inc, pid int
		at       time.Time
	}
	procSpawnFailed struct {
		id  string
		inc int
		err error
	}
	procOutput struct {
		id   string
		inc  int
		data []byte
	}
	procListening struct {
		id   string
		inc  int
		urls []string
	}
	procExited struct {
		id     string
		inc    int
		code   *int
		signal string
	}
)

// Messages a process actor gets from its own goroutine.
type (
	// procRunning hands the actor its process, for a graceful stop.
	procRunning struct{ sp *proc.Spawned }
	// procDone is the end of the run: a failed start or the exit.
	procDone struct {
		spawnErr error
		code     *int
		signal   string
	}
)

// ExitError is how a managed process ended abnormally: the error of its
// actor's exit, which makes the supervisor restart it.
type ExitError struct {
	Code   *int
	Signal string
}

func (e *ExitError) Error() string {
	if e.Signal != "" {
		return "killed by " + e.Signal
	}
	if e.Code != nil {
		return fmt.Sprintf("exited with code %d", *e.Code)
	}
	return "exited"
}

// procActor is the transient actor that owns one incarnation of a managed
// process. One function run with supervisor.Go owns the process from
// spawn to exit (so a stop that races the spawn cannot leak it): it spawns
// under a PTY, streams the output to the process supervisor, watches for a
// listening port, stops the tree when the incarnation's context is
// cancelled, and reports the exit. The actor exits when the process does:
// normally for exit code 0, abnormally otherwise (so the supervisor
// restarts it with backoff); a first start that fails is not retried.
// Stopping the actor stops the tree gracefully (TERM, grace, KILL).
type procActor struct {
	id    string
	inc   int
	spec  tools.ProcessSpec
	d     tools.Deps
	front *actor.PID
	sp    *proc.Spawned
	gone  bool // the process has exited
}

// procProducer makes the actor of each incarnation, numbering them. The
// producer is only called on the supervisor's goroutine.
func procProducer(id string, spec tools.ProcessSpec, d tools.Deps, front *actor.PID) actor.Producer {
	inc := 0
	return func() actor.Receiver {
		inc++
		return &procActor{id: id, inc: inc, spec: spec, d: d, front: front}
	}
}

// Receive is the process actor's message switch.
func (a *procActor) Receive(c *actor.Context) {
	switch m := c.Message().(type) {
	case actor.Started:
		supervisor.Go(c, a.run(c.Engine(), c.PID()))
	case procRunning:
		a.sp = m.sp
	case procDone:
		a.gone = true
		switch {
		case m.spawnErr != nil && a.inc == 1:
			supervisor.Exit(c, nil) // reported to the caller, not retried
		case m.spawnErr != nil:
			supervisor.Exit(c, m.spawnErr)
		case m.signal == "" && m.code != nil && *m.code == 0:
			supervisor.Exit(c, nil)
		default:
			supervisor.Exit(c, &ExitError{Code: m.code, Signal: m.signal})
		}
	case actor.Stopped:
		if a.sp != nil && !a.gone {
			a.sp.Tree.Terminate(context.Background(), a.d.Grace)
		}
	}
}

// run is the process's whole life, off the actor goroutine.
func (a *procActor) run(e *actor.Engine, self *actor.PID) func(context.Context) any {
	id, inc, front, d, spec := a.id, a.inc, a.front, a.d, a.spec
	return func(ctx context.Context) any {
		plan := proc.Plan{Program: spec.Program, Path: spec.Path, Argv: spec.Argv, Dir: spec.Dir, Cwd: spec.Cwd, Env: spec.Env}
		sp, err := proc.Spawn(plan, false, d.Sandbox)
		if err != nil {
			err = tools.StartError(d, plan, err)
			e.Send(front, procSpawnFailed{id: id, inc: inc, err: err})
			return procDone{spawnErr: err}
		}
		e.Send(front, procSpawned{id: id, inc: inc, pid: sp.Tree.Leader(), at: time.Now()})
		e.Send(self, procRunning{sp: sp})
		stopPoll := make(chan struct{})
		polled := make(chan struct{})
		go func() {
			defer close(polled)
			if urls := proc.PollListening(ctx, stopPoll, sp.Tree, spec.ReadyTimeout); len(urls) > 0 {
				e.Send(front, procListening{id: id, inc: inc, urls: urls})
			}
		}()
		code, sig := watchProcess(ctx, e, front, id, inc, d, spec.CallID, sp)
		close(stopPoll)
		<-polled
		e.Send(front, procExited{id: id, inc: inc, code: code, signal: sig})
		return procDone{code: code, signal: sig}
	}
}

// watchProcess streams the process's output until it exits (or ctx is
// cancelled, which kills the tree at once), stops anything it left
// running, and returns how it ended.
func watchProcess(ctx context.Context, e *actor.Engine, front *actor.PID, id string, inc int, d tools.Deps, callID string, sp *proc.Spawned) (*int, string) {
	sink := tools.ProcessSink(d, callID, id)
	pumped := make(chan struct{})
	go func() {
		defer close(pumped)
		proc.Pump(sp.Term, func(p []byte) {
			// The process actor gets the chunk first: a reader told of it
			// by the live output finds it in the actor's buffer.
			e.Send(front, procOutput{id: id, inc: inc, data: append([]byte(nil), p...)})
			sink(p)
		})
	}()
	waited := make(chan struct{})
	go func() {
		sp.Wait()
		close(waited)
	}()
	select {
	case <-waited:
	case <-ctx.Done():
		sp.Tree.Terminate(context.Background(), 0)
		<-waited
	}
	if rest := sp.Tree.Scan(context.Background()); len(rest) > 0 {
		sp.Tree.Terminate(context.Background(), proc.LeftoverGrace)
	}
	select {
	case <-pumped:
	case <-time.After(proc.DrainWait):
	}
	sp.CloseAll()
	<-pumped
	return proc.ExitInfo(sp)
}
