package tools

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"sync"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/policy/evidence"
	"github.com/wtagent/wtagent/protocol"
	"github.com/wtagent/wtagent/sandbox"
	"github.com/wtagent/wtagent/toolactors/proc"
)

// ExecData is terminal.exec's Data.
type ExecData struct {
	Program string   `json:"program"`
	Path    string   `json:"path"`
	Argv    []string `json:"argv,omitempty"`
	Cwd     string   `json:"cwd"`
	PID     int      `json:"pid"`
	// TimeoutMS is the deadline applied (timeout_ms as asked, up to the
	// catalogue's maximum); Deadline is when it was due.
	TimeoutMS int64     `json:"timeout_ms"`
	Deadline  time.Time `json:"deadline"`
	TimedOut  bool      `json:"timed_out,omitempty"`
	Cancelled bool      `json:"cancelled,omitempty"`
	ExitCode  *int      `json:"exit_code,omitempty"`
	Signal    string    `json:"signal,omitempty"`
	// StdoutBytes and StderrBytes are what the program printed in all.
	StdoutBytes int64 `json:"stdout_bytes"`
	StderrBytes int64 `json:"stderr_bytes"`
	// Kill reports the tree kill after a timeout or cancel; Leftovers the
	// processes a finished program left running, which were stopped.
	Kill       *proc.KillReport `json:"kill,omitempty"`
	Leftovers  *proc.KillReport `json:"leftovers,omitempty"`
	DurationMS int64            `json:"duration_ms"`
	// Verification is the kind of evidence the command is (see
	// evidence.VerificationOf), when it is one.
	Verification string `json:"verification,omitempty"`
	SpoolError   string `json:"spool_error,omitempty"`
	// SandboxBlocked lists the accesses the sandbox refused, found in
	// the program's error messages.
	SandboxBlocked []sandbox.Denial `json:"sandbox_blocked,omitempty"`
	// Unconfined is set for a re-run the user approved without the
	// sandbox.
	Unconfined bool `json:"unconfined,omitempty"`
}

func terminalExec(ctx context.Context, c call) event.ToolResult {
	a, err := argsAs[protocol.ExecArgs](c)
	if err != nil {
		return errResult(err, nil)
	}
	plan, err := c.planProgram(a.Program, a.Argv, a.Cwd, a.Env)
	if err != nil {
		return errResult(err, map[string]any{"program": a.Program})
	}
	timeout := execTimeout(c, a)
	return runProgram(ctx, c, plan, timeout)
}

// execTimeout is timeout_ms as asked (never clamped below it), else
// InvokeTool.Timeout, else the catalogue default, capped at the
// catalogue's MaxTimeout.
func execTimeout(c call, a *protocol.ExecArgs) time.Duration {
	t := time.Duration(a.TimeoutMS) * time.Millisecond
	if t <= 0 {
		t = c.inv.Timeout
	}
	if t <= 0 {
		t = c.spec.Timeout
	}
	if t <= 0 {
		t = 2 * time.Minute
	}
	if m := c.spec.MaxTimeout; m > 0 && t > m {
		t = m
	}
	return t
}

// outputSink fans a stream out to the capture, the spool and the live
// output callback.
type outputSink struct {
	c         call
	processID string
	stream    messages.ToolStream
	cap       *capture
	spoolErr  *spoolState
}

type spoolState struct {
	mu  sync.Mutex
	err error
}

func (s *spoolState) get() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

func (o outputSink) write(p []byte) {
	if o.cap != nil {
		_, _ = o.cap.Write(p)
	}
	if sp := o.c.d.Spool; sp != nil {
		o.spoolErr.mu.Lock()
		if o.spoolErr.err == nil {
			o.spoolErr.err = sp.Write(o.c.inv.CallID, o.processID, string(o.stream), p)
		}
		o.spoolErr.mu.Unlock()
	}
	o.c.d.Output(messages.ToolOutput{CallID: o.c.inv.CallID, ProcessID: o.processID, Stream: o.stream, Data: append([]byte(nil), p...)})
}

// runProgram runs plan to completion under a PTY with stderr on its own
// pipe, streaming output, and kills the whole tree on timeout or cancel.
func runProgram(ctx context.Context, c call, plan proc.Plan, timeout time.Duration) event.ToolResult {
	start := time.Now()
	data := ExecData{Program: plan.Program, Path: plan.Path, Argv: plan.Argv, Cwd: plan.Cwd,
		TimeoutMS: timeout.Milliseconds(), Deadline: c.d.Now().Add(timeout)}
	data.Unconfined = c.inv.Unconfined
	sp, err := proc.Spawn(plan, true, c.sandbox())
	if err != nil {
		return errResult(sandboxStartError(c, plan, err), map[string]any{"program": plan.Program, "path": plan.Path})
	}
	data.PID = sp.Tree.Leader()
	limit := c.spec.OutputLimit
	if limit <= 0 {
		limit = 16 << 10
	}
	perStream := min(c.d.Limits.StreamBytes, limit)
	spool := &spoolState{}
	outCap, errCap := newCapture(2*perStream, 2*perStream), newCapture(2*perStream, 2*perStream)
	var pumps sync.WaitGroup
	pumps.Add(2)
	go func() {
		defer pumps.Done()
		proc.Pump(sp.Term, outputSink{c: c, stream: messages.StreamStdout, cap: outCap, spoolErr: spool}.write)
	}()
	go func() {
		defer pumps.Done()
		proc.Pump(sp.Stderr, outputSink{c: c, stream: messages.StreamStderr, cap: errCap, spoolErr: spool}.write)
	}()
	waited := make(chan struct{})
	go func() {
		sp.Wait()
		close(waited)
	}()
	expired, stop := c.d.execTimer(timeout)
	defer stop()
	select {
	case <-waited:
	case <-expired:
		data.TimedOut = true
	case <-ctx.Done():
		data.Cancelled = true
	}
	if data.TimedOut || data.Cancelled {
		rep := sp.Tree.Terminate(ctx, c.d.Grace)
		data.Kill = &rep
		<-waited
	} else if rest := sp.Tree.Scan(ctx); len(rest) > 0 {
		rep := sp.Tree.Terminate(ctx, proc.LeftoverGrace)
		data.Leftovers = &rep
	}
	drain(&pumps, sp)
	data.DurationMS = time.Since(start).Milliseconds()
	return execResult(c, plan, data, sp, outCap, errCap, perStream, limit, spool.get())
}

// drain waits for the output pumps to see end-of-file, then closes the
// parent's ends (which also ends a pump stuck on a leaked descriptor).
func drain(pumps *sync.WaitGroup, sp *proc.Spawned) {
	done := make(chan struct{})
	go func() {
		pumps.Wait()
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(proc.DrainWait):
	}
	sp.CloseAll()
	<-done
}

func execResult(c call, plan proc.Plan, data ExecData, sp *proc.Spawned, outCap, errCap *capture, perStream, limit int, spoolErr error) event.ToolResult {
	data.ExitCode, data.Signal = proc.ExitInfo(sp)
	_, _, data.StdoutBytes, _, _ = outCap.snapshot()
	_, _, data.StderrBytes, _, _ = errCap.snapshot()
	if spoolErr != nil {
		data.SpoolError = spoolErr.Error()
	}
	outFull, errFull := shapeStream(outCap, "stdout", perStream), shapeStream(errCap, "stderr", perStream)
	budget := allocate(limit, perStream, len(outFull.text), len(errFull.text))
	out, errS := outFull, errFull
	if len(out.text) > budget[0] {
		out = shapeStream(outCap, "stdout", budget[0])
	}
	if len(errS.text) > budget[1] {
		errS = shapeStream(errCap, "stderr", budget[1])
	}
	res := event.ToolResult{
		Stdout: out.text, Stderr: errS.text, StdoutCut: out.cut, StderrCut: errS.cut,
		ExitCode: data.ExitCode, Signal: data.Signal, Duration: time.Duration(data.DurationMS) * time.Millisecond,
	}
	kind := evidence.VerificationOf(plan.Program, plan.Argv)
	switch {
	case data.TimedOut:
		res.Status = event.ToolTimeout
		res.Message = fmt.Sprintf("timed out after %s; the process tree was stopped (SIGTERM, then SIGKILL after %s)", time.Duration(data.TimeoutMS)*time.Millisecond, c.d.Grace)
	case data.Cancelled:
		res.Status = event.ToolError
		res.Message = "cancelled; the process tree was stopped"
	case data.Signal != "":
		res.Status = event.ToolError
		res.Message = fmt.Sprintf("killed by %s", data.Signal)
	case data.ExitCode != nil && *data.ExitCode != 0:
		res.Status = event.ToolError
		res.Message = fmt.Sprintf("exited with code %d", *data.ExitCode)
	default:
		res.Status = event.ToolOK
		res.Message = "exited with code 0"
		if kind != evidence.None {
			res.Verified = true
			data.Verification = string(kind)
		}
	}
	if d := c.sandbox().Denials(plan.Dir, outFull.text+"\n"+errFull.text, 5); len(d) > 0 {
		data.SandboxBlocked = d
		res.Message += "; " + blockedMessage(d)
		for _, x := range d {
			res.SandboxBlocked = append(res.SandboxBlocked, x.String())
		}
	}
	res.Data = mustJSON(data)
	return res
}

// blockedMessage tells the model what the sandbox refused, so it does not
// take it for a mystery EACCES.
func blockedMessage(d []sandbox.Denial) string {
	parts := make([]string, len(d))
	for i, x := range d {
		parts[i] = x.String()
	}
	return "blocked by the sandbox: " + strings.Join(parts, "; ") + " — commands may write only inside the project and read no credentials; do not try to work around it"
}

// sandboxStartError says so when the sandbox kept a program from starting
// (a program outside the places commands may run from).
func sandboxStartError(c call, plan proc.Plan, err error) error {
	if errors.Is(err, fs.ErrPermission) {
		if why := c.sandbox().Explain(plan.Dir, plan.Path, false); why != "" {
			return fmt.Errorf("%w; blocked by the sandbox: %s (%s)", err, why, plan.Path)
		}
	}
	return err
}

// sandbox is the sandbox the call's programs run in: none for a re-run
// the user approved unconfined.
func (c call) sandbox() *sandbox.Sandbox {
	if c.inv.Unconfined {
		return nil
	}
	return c.d.Sandbox
}
