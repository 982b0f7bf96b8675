package tools

import (
	"context"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/protocol"
	"github.com/wtagent/wtagent/toolactors/proc"
)

// This file is what the actor layer (package toolactors) uses of the tools
// beyond Run: the deadline a call gets, the results it builds for calls
// that never finished, and the output handling of managed processes.

// WithDefaults returns d with its zero fields filled.
func (d Deps) WithDefaults() Deps { return d.withDefaults() }

// CallLimit is the deadline a call applies itself: terminal.exec's
// timeout_ms (up to the catalogue's maximum), else InvokeTool.Timeout,
// else the catalogue's default. d must have its defaults (WithDefaults).
func CallLimit(d Deps, inv messages.InvokeTool) time.Duration {
	limit := callTimeout(d, inv)
	if inv.Call.Name == protocol.ToolTerminalExec {
		spec, _ := d.Catalogue.Lookup(inv.Call.Name)
		if a, err := decodeArgs(spec, inv.Call); err == nil {
			if ea, ok := a.(*protocol.ExecArgs); ok {
				limit = execTimeout(call{d: d, inv: inv, spec: spec}, ea)
			}
		}
	}
	return limit
}

// ErrorResult is the error result of a call that failed with err, its
// code (see the sentinels) and extra in Data.
func ErrorResult(err error, extra map[string]any) event.ToolResult {
	return errResult(err, extra)
}

// ContextError reports a context error as a tool error (ErrTimedOut or
// ErrCancelled), or nil.
func ContextError(ctx context.Context) error { return ctxErr(ctx) }

// StartError explains a managed process's failed start the way
// terminal.exec does (a program the sandbox keeps from starting).
func StartError(d Deps, plan proc.Plan, err error) error {
	return sandboxStartError(call{d: d}, plan, err)
}

// ProcessSink is where a managed process's output goes as it arrives: the
// spool and d.Output under callID (the process.start call) and processID.
// d must have its defaults (WithDefaults).
func ProcessSink(d Deps, callID, processID string) func([]byte) {
	return outputSink{c: call{d: d, inv: messages.InvokeTool{CallID: callID}}, processID: processID, stream: messages.StreamStdout, spoolErr: &spoolState{}}.write
}

// ShapeOutput cleans output for the model (see termtext.Clean) and cuts
// its middle to fit limit bytes, saying what was cut.
func ShapeOutput(data []byte, name string, limit int) (string, *event.Truncation) {
	s := shapeBytes(data, name, limit)
	return s.text, s.cut
}
