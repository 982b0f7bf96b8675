package tools

import (
	"context"
	"fmt"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/protocol"
)

// ProcessSpec is a resolved process.start request.
type ProcessSpec struct {
	CallID string
	// Program is as given; Path the resolved executable.
	Program string
	Path    string
	Argv    []string
	// Dir is the absolute working directory; Cwd how results show it.
	Dir string
	Cwd string
	Env []string
	// ReadyTimeout bounds the wait for a URL or a listening port.
	ReadyTimeout time.Duration
}

// ProcessStarted is the outcome of a start.
type ProcessStarted struct {
	Info event.ProcessInfo
	// Ready is true when a URL was printed or a port is listening.
	Ready bool
	// Output is the process's output so far, cleaned and cut for the
	// model (it explains an early exit).
	Output string
}

// ProcessOutput is the answer to a read.
type ProcessOutput struct {
	Info event.ProcessInfo
	// Output is the cleaned output from From to Next, cut in the middle to
	// the tool's limit.
	Output string
	From   int64
	Next   int64
	// Lost counts bytes that were dropped from the ring before they were
	// read.
	Lost int64
	Cut  *event.Truncation
}

// ProcessStartData is process.start's Data.
type ProcessStartData struct {
	event.ProcessInfo
	Ready  bool   `json:"ready"`
	Output string `json:"output,omitempty"`
}

// ProcessReadData is process.read's Data.
type ProcessReadData struct {
	event.ProcessInfo
	Output     string `json:"output"`
	Offset     int64  `json:"offset"`
	NextOffset int64  `json:"next_offset"`
	LostBytes  int64  `json:"lost_bytes,omitempty"`
}

func processStart(ctx context.Context, c call) event.ToolResult {
	a, err := argsAs[protocol.ProcessStartArgs](c)
	if err != nil {
		return errResult(err, nil)
	}
	if c.d.Processes == nil {
		return errResult(ErrNoProcesses, nil)
	}
	plan, err := c.planProgram(a.Program, a.Argv, a.Cwd, a.Env)
	if err != nil {
		return errResult(err, map[string]any{"program": a.Program})
	}
	wait := c.d.ReadyTimeout
	if dl, ok := ctx.Deadline(); ok {
		wait = min(wait, time.Until(dl)-2*time.Second)
	}
	spec := ProcessSpec{CallID: c.inv.CallID, Program: plan.Program, Path: plan.Path, Argv: plan.Argv,
		Dir: plan.Dir, Cwd: plan.Cwd, Env: plan.Env, ReadyTimeout: max(wait, time.Second)}
	st, err := c.d.Processes.Start(ctx, spec)
	data := ProcessStartData{ProcessInfo: st.Info, Ready: st.Ready, Output: st.Output}
	if err != nil {
		res := errResult(err, nil)
		res.Data = mustJSON(struct {
			Error string `json:"error"`
			ProcessStartData
		}{errorCode(err), data})
		res.ExitCode, res.Signal = st.Info.ExitCode, st.Info.Signal
		return res
	}
	msg := fmt.Sprintf("started %s (process_id %s, pid %d)", plan.Program, st.Info.ID, st.Info.PID)
	switch {
	case len(st.Info.URLs) > 0:
		msg += "; ready at " + st.Info.URLs[0]
	case st.Ready:
		msg += "; ready"
	default:
		msg += fmt.Sprintf("; running, but no URL or listening port was seen within %s (read its output with process.read)", spec.ReadyTimeout.Round(time.Second))
	}
	return okResult(msg, data)
}

func processRead(ctx context.Context, c call) event.ToolResult {
	a, err := argsAs[protocol.ProcessReadArgs](c)
	if err != nil {
		return errResult(err, nil)
	}
	if c.d.Processes == nil {
		return errResult(ErrNoProcesses, nil)
	}
	out, err := c.d.Processes.Read(ctx, a.ProcessID, int64(a.Since))
	if err != nil {
		return errResult(err, map[string]any{"process_id": a.ProcessID})
	}
	data := ProcessReadData{ProcessInfo: out.Info, Output: out.Output, Offset: out.From, NextOffset: out.Next, LostBytes: out.Lost}
	msg := fmt.Sprintf("%d new bytes of output from %s (%s)", out.Next-out.From, a.ProcessID, out.Info.State)
	if out.Lost > 0 {
		msg += fmt.Sprintf("; %d older bytes were dropped before they were read", out.Lost)
	}
	res := okResult(msg, data)
	res.StdoutCut = out.Cut
	return res
}

func processStop(ctx context.Context, c call) event.ToolResult {
	a, err := argsAs[protocol.ProcessStopArgs](c)
	if err != nil {
		return errResult(err, nil)
	}
	if c.d.Processes == nil {
		return errResult(ErrNoProcesses, nil)
	}
	info, err := c.d.Processes.Stop(ctx, a.ProcessID)
	if err != nil {
		return errResult(err, map[string]any{"process_id": a.ProcessID})
	}
	res := okResult(fmt.Sprintf("stopped %s (%s)", a.ProcessID, ExitText(info)), info)
	res.ExitCode, res.Signal = info.ExitCode, info.Signal
	return res
}

func processList(ctx context.Context, c call) event.ToolResult {
	if c.d.Processes == nil {
		return errResult(ErrNoProcesses, nil)
	}
	ps, err := c.d.Processes.List(ctx)
	if err != nil {
		return errResult(err, nil)
	}
	if ps == nil {
		ps = []event.ProcessInfo{}
	}
	return okResult(fmt.Sprintf("%d processes", len(ps)), map[string]any{"processes": ps})
}

// ExitText describes how a process ended.
func ExitText(info event.ProcessInfo) string {
	switch {
	case info.Signal != "":
		return "killed by " + info.Signal
	case info.ExitCode != nil:
		return fmt.Sprintf("exit code %d", *info.ExitCode)
	}
	return string(info.State)
}
