package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/protocol"
)

// call is what a tool implementation gets: the dependencies with defaults
// applied, the invocation, and the tool's catalogue entry.
type call struct {
	d    Deps
	inv  messages.InvokeTool
	spec protocol.ToolSpec
}

// builtin maps tool names to their implementations.
func builtin(name string) func(context.Context, call) event.ToolResult {
	switch name {
	case protocol.ToolFSList:
		return fsList
	case protocol.ToolFSRead:
		return fsRead
	case protocol.ToolFSWrite:
		return fsWrite
	case protocol.ToolFSEdit:
		return fsEdit
	case protocol.ToolFSPatch:
		return fsPatch
	case protocol.ToolFSSearch:
		return fsSearch
	case protocol.ToolTerminalExec:
		return terminalExec
	case protocol.ToolProcessStart:
		return processStart
	case protocol.ToolProcessRead:
		return processRead
	case protocol.ToolProcessStop:
		return processStop
	case protocol.ToolProcessList:
		return processList
	case protocol.ToolProjectStatus:
		return projectStatus
	}
	return nil
}

// Run runs one tool call synchronously and returns its result. It is what
// an invocation actor runs (off its goroutine) and what benchmarks call.
// The call is bounded by the tool's timeout (terminal.exec: timeout_ms);
// cancelling ctx stops it, killing any process tree it started. A tool
// that panics panics here: the invocation actor turns that into a crash
// its supervisor handles.
func Run(ctx context.Context, d Deps, inv messages.InvokeTool) event.ToolResult {
	d = d.withDefaults()
	start := d.Now()
	if d.Started != nil {
		d.Started(messages.ToolStarted{CallID: inv.CallID, OpKey: inv.OpKey, Tool: inv.Call.Name, At: start})
	}
	res := dispatch(ctx, d, inv)
	res.CallID, res.OpKey, res.Tool = inv.CallID, inv.OpKey, inv.Call.Name
	if res.Duration == 0 {
		res.Duration = d.Now().Sub(start)
	}
	return res
}

func dispatch(ctx context.Context, d Deps, inv messages.InvokeTool) event.ToolResult {
	name := inv.Call.Name
	if f, ok := d.Tools[name]; ok {
		ctx, cancel := context.WithTimeout(ctx, callTimeout(d, inv))
		defer cancel()
		return f(ctx, d, inv)
	}
	spec, ok := d.Catalogue.Lookup(name)
	impl := builtin(name)
	if !ok || impl == nil {
		return errResult(fmt.Errorf("%w: %q", ErrUnknownTool, name), nil)
	}
	args, err := decodeArgs(spec, inv.Call)
	if err != nil {
		return errResult(err, nil)
	}
	inv.Call.Args = args
	c := call{d: d, inv: inv, spec: spec}
	if name == protocol.ToolTerminalExec {
		return impl(ctx, c) // it applies timeout_ms itself, with a kill grace
	}
	ctx, cancel := context.WithTimeout(ctx, callTimeout(d, inv))
	defer cancel()
	res := impl(ctx, c)
	if res.Status == event.ToolError && ctx.Err() != nil {
		res = errResult(ctx.Err(), nil)
	}
	return res
}

// callTimeout is the deadline of a non-exec call: InvokeTool.Timeout, or
// the catalogue's default, or one minute.
func callTimeout(d Deps, inv messages.InvokeTool) time.Duration {
	if inv.Timeout > 0 {
		return inv.Timeout
	}
	if spec, ok := d.Catalogue.Lookup(inv.Call.Name); ok && spec.Timeout > 0 {
		return spec.Timeout
	}
	return time.Minute
}

// decodeArgs returns the call's typed argument struct: Call.Args when it
// already is one, otherwise CanonicalArgs decoded over the catalogue's
// defaults.
func decodeArgs(spec protocol.ToolSpec, tc event.ToolCall) (any, error) {
	if spec.New == nil {
		return nil, nil
	}
	want := reflect.TypeOf(spec.New())
	if tc.Args != nil {
		if reflect.TypeOf(tc.Args) == want {
			return tc.Args, nil
		}
		if v := reflect.ValueOf(tc.Args); v.Type() == want.Elem() {
			p := reflect.New(want.Elem())
			p.Elem().Set(v)
			return p.Interface(), nil
		}
		return nil, fmt.Errorf("%w: %s wants %s, got %T", ErrBadArgs, spec.Name, want, tc.Args)
	}
	ptr := spec.New()
	if err := json.Unmarshal(defaultsJSON(spec), ptr); err != nil {
		return nil, fmt.Errorf("%w: defaults of %s: %v", ErrBadArgs, spec.Name, err)
	}
	if len(tc.CanonicalArgs) > 0 {
		if err := json.Unmarshal(tc.CanonicalArgs, ptr); err != nil {
			return nil, fmt.Errorf("%w: %s: %v", ErrBadArgs, spec.Name, err)
		}
	}
	return ptr, nil
}

// defaultsJSON renders the catalogue defaults of a tool as a JSON object.
func defaultsJSON(spec protocol.ToolSpec) []byte {
	m := map[string]any{}
	for _, a := range spec.Args {
		if a.Default == "" {
			continue
		}
		switch a.Type {
		case protocol.ArgInt:
			if n, err := strconv.Atoi(a.Default); err == nil {
				m[a.Name] = n
			}
		case protocol.ArgBool:
			m[a.Name] = a.Default == "true"
		case protocol.ArgString, protocol.ArgText, protocol.ArgEnum:
			m[a.Name] = a.Default
		}
	}
	b, _ := json.Marshal(m)
	return b
}

// argsAs returns the call's arguments as *T.
func argsAs[T any](c call) (*T, error) {
	a, ok := c.inv.Call.Args.(*T)
	if !ok || a == nil {
		return nil, fmt.Errorf("%w: %s: unexpected argument type %T", ErrBadArgs, c.spec.Name, c.inv.Call.Args)
	}
	return a, nil
}

// ctxErr reports a context error as a tool error, or nil.
func ctxErr(ctx context.Context) error {
	if err := ctx.Err(); err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			return fmt.Errorf("%w: %w", ErrTimedOut, err)
		}
		return fmt.Errorf("%w: %w", ErrCancelled, err)
	}
	return nil
}
