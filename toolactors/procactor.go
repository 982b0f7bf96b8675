package toolactors

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/anthdm/hollywood/actor"
	psnet "github.com/shirou/gopsutil/v3/net"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/supervisor"
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
	procRunning struct{ sp *spawned }
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
	spec  ProcessSpec
	d     Deps
	front *actor.PID
	sp    *spawned
	gone  bool // the process has exited
}

// procProducer makes the actor of each incarnation, numbering them. The
// producer is only called on the supervisor's goroutine.
func procProducer(id string, spec ProcessSpec, d Deps, front *actor.PID) actor.Producer {
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
			a.sp.tree.terminate(context.Background(), a.d.Grace)
		}
	}
}

// run is the process's whole life, off the actor goroutine.
func (a *procActor) run(e *actor.Engine, self *actor.PID) func(context.Context) any {
	id, inc, front, d, spec := a.id, a.inc, a.front, a.d, a.spec
	return func(ctx context.Context) any {
		plan := programPlan{Program: spec.Program, Path: spec.Path, Argv: spec.Argv, Dir: spec.Dir, Cwd: spec.Cwd, Env: spec.Env}
		sp, err := spawn(plan, false, d.Sandbox)
		if err != nil {
			err = sandboxStartError(call{d: d}, plan, err)
			e.Send(front, procSpawnFailed{id: id, inc: inc, err: err})
			return procDone{spawnErr: err}
		}
		e.Send(front, procSpawned{id: id, inc: inc, pid: sp.tree.leader, at: time.Now()})
		e.Send(self, procRunning{sp: sp})
		stopPoll := make(chan struct{})
		polled := make(chan struct{})
		go func() {
			defer close(polled)
			if urls := pollListening(ctx, stopPoll, sp.tree, spec.ReadyTimeout); len(urls) > 0 {
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
func watchProcess(ctx context.Context, e *actor.Engine, front *actor.PID, id string, inc int, d Deps, callID string, sp *spawned) (*int, string) {
	sink := outputSink{c: call{d: d, inv: messages.InvokeTool{CallID: callID}}, processID: id, stream: messages.StreamStdout, spoolErr: &spoolState{}}
	pumped := make(chan struct{})
	go func() {
		defer close(pumped)
		pump(sp.term, func(p []byte) {
			// The process actor gets the chunk first: a reader told of it
			// by the live output finds it in the actor's buffer.
			e.Send(front, procOutput{id: id, inc: inc, data: append([]byte(nil), p...)})
			sink.write(p)
		})
	}()
	waited := make(chan struct{})
	go func() {
		sp.wait()
		close(waited)
	}()
	select {
	case <-waited:
	case <-ctx.Done():
		sp.tree.terminate(context.Background(), 0)
		<-waited
	}
	if rest := sp.tree.scan(context.Background()); len(rest) > 0 {
		sp.tree.terminate(context.Background(), leftoverGrace)
	}
	select {
	case <-pumped:
	case <-time.After(drainWait):
	}
	sp.closeAll()
	<-pumped
	return exitInfo(sp)
}

// pollListening looks for a listening TCP socket in the process tree until
// it finds one, the wait ends, stop closes or ctx is cancelled, and returns
// the URLs of what it found.
func pollListening(ctx context.Context, stop <-chan struct{}, tree procTree, wait time.Duration) []string {
	if wait <= 0 {
		return nil
	}
	deadline := time.NewTimer(wait)
	defer deadline.Stop()
	tick := time.NewTicker(150 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-stop:
			return nil
		case <-deadline.C:
			return nil
		case <-tick.C:
			if urls := listeningURLs(ctx, tree); len(urls) > 0 {
				return urls
			}
		}
	}
}

// listeningURLs returns the URLs of the TCP sockets the tree's processes
// listen on (see listenURL).
func listeningURLs(ctx context.Context, tree procTree) []string {
	var urls []string
	for _, m := range tree.scan(ctx) {
		conns, err := psnet.ConnectionsPidWithContext(ctx, "tcp", m.pid)
		if err != nil {
			continue
		}
		for _, cn := range conns {
			if cn.Status != "LISTEN" || cn.Laddr.Port == 0 {
				continue
			}
			if u := listenURL(cn.Laddr.IP, cn.Laddr.Port); !slices.Contains(urls, u) {
				urls = append(urls, u)
			}
		}
	}
	return urls
}
