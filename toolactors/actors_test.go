//go:build unix

package toolactors

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/anthdm/hollywood/actor"

	"github.com/wtagent/wtagent/internal/tooltest"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/protocol"
	"github.com/wtagent/wtagent/supervisor"
	"github.com/wtagent/wtagent/toolactors/tools"
)

// runtimeTree is a root supervisor with the process and tools supervisors
// under it, and an actor collecting ProcessEvents.
type runtimeTree struct {
	e    *actor.Engine
	root *supervisor.Root
	// tools and procs are the fronts; calls and procSup the supervisors
	// of the invocations and of the processes.
	tools, calls   *actor.PID
	procs, procSup *actor.PID
	mu             sync.Mutex
	events         []messages.ProcessEvent
	notify         chan struct{}
	// changed is signalled on each supervisor event in the tree.
	changed chan struct{}
}

// hangGuard bounds a test's waits: they end on their event, and the guard
// only turns a hang into a failure, however loaded the machine.
const hangGuard = 3 * time.Minute

// liveOutput collects the live output chunks of Deps.Output.
type liveOutput struct {
	mu     sync.Mutex
	buf    strings.Builder
	notify chan struct{}
}

func newLiveOutput() *liveOutput { return &liveOutput{notify: make(chan struct{}, 1)} }

func (l *liveOutput) add(o messages.ToolOutput) {
	l.mu.Lock()
	l.buf.Write(o.Data)
	l.mu.Unlock()
	select {
	case l.notify <- struct{}{}:
	default:
	}
}

// wait waits until the output so far contains s.
func (l *liveOutput) wait(t *testing.T, s string) {
	t.Helper()
	hang := time.NewTimer(hangGuard)
	defer hang.Stop()
	for {
		l.mu.Lock()
		got := l.buf.String()
		l.mu.Unlock()
		if strings.Contains(got, s) {
			return
		}
		select {
		case <-l.notify:
		case <-hang.C:
			t.Fatalf("no %q in the live output %q", s, got)
		}
	}
}

func startTree(t *testing.T, d tools.Deps, restart ProcessRestart) *runtimeTree {
	t.Helper()
	return startTreeSlack(t, d, restart, 0)
}

// startTreeSlack is startTree with the invocation watchdog's margin
// replaced by slack when it is positive.
func startTreeSlack(t *testing.T, d tools.Deps, restart ProcessRestart, slack time.Duration) *runtimeTree {
	t.Helper()
	e, err := actor.NewEngine(actor.NewEngineConfig())
	if err != nil {
		t.Fatal(err)
	}
	rt := &runtimeTree{e: e, notify: make(chan struct{}, 1), changed: make(chan struct{}, 1)}
	collector := e.SpawnFunc(func(c *actor.Context) {
		if ev, ok := c.Message().(messages.ProcessEvent); ok {
			rt.mu.Lock()
			rt.events = append(rt.events, ev)
			rt.mu.Unlock()
			select {
			case rt.notify <- struct{}{}:
			default:
			}
		}
	}, "events")
	rt.root = supervisor.Start(e, "root", supervisor.Spec{Strategy: supervisor.OneForOne, OnEvent: func(supervisor.Event) {
		select { // the supervisors under root inherit this hook
		case rt.changed <- struct{}{}:
		default:
		}
	}})
	procs := rt.startChild(t, supervisor.ChildSpec{ID: "processes", Producer: NewProcessSupervisor(d, collector, restart), Restart: supervisor.Permanent, Shutdown: 20 * time.Second})
	rt.procs, rt.procSup = Front(procs), supervisor.ChildPID(procs, procsID)
	tools := rt.startChild(t, supervisor.ChildSpec{ID: "tools", Producer: newToolsSupervisor(d, rt.procs, slack), Restart: supervisor.Permanent, Shutdown: 20 * time.Second})
	rt.tools, rt.calls = Front(tools), supervisor.ChildPID(tools, callsID)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), hangGuard)
		defer cancel()
		if err := rt.root.Shutdown(ctx); err != nil {
			t.Errorf("shutdown: %v", err)
		}
		<-e.Poison(collector).Done()
	})
	return rt
}

func (rt *runtimeTree) startChild(t *testing.T, cs supervisor.ChildSpec) *actor.PID {
	t.Helper()
	r, err := callTree[supervisor.ChildStartResult](rt, rt.root.PID(), supervisor.StartChild{Spec: cs})
	if err != nil || r.ID != cs.ID || r.PID == nil {
		t.Fatalf("StartChild %s: %+v, %v", cs.ID, r, err)
	}
	return r.PID
}

// callTree sends msg with supervisor.Call and waits for its reply, at most
// hangGuard.
func callTree[R any](rt *runtimeTree, pid *actor.PID, msg any) (R, error) {
	ctx, cancel := context.WithTimeout(context.Background(), hangGuard)
	defer cancel()
	return supervisor.Call[R](ctx, rt.e, pid, msg)
}

// call sends one InvokeTool to the tools supervisor and waits for its
// result.
func (rt *runtimeTree) call(t *testing.T, inv messages.InvokeTool) event.ToolResult {
	t.Helper()
	res, err := callTree[event.ToolResult](rt, rt.tools, inv)
	if err != nil {
		t.Fatalf("%s: no result: %v", inv.Call.Name, err)
	}
	return res
}

func (rt *runtimeTree) tool(t *testing.T, name string, args any) event.ToolResult {
	t.Helper()
	inv := tooltest.Invoke(name, args)
	inv.OpKey = fmt.Sprintf("op-%s-%d", strings.ReplaceAll(name, ".", "-"), time.Now().UnixNano())
	return rt.call(t, inv)
}

// waitEvent waits for a ProcessEvent matching ok.
func (rt *runtimeTree) waitEvent(t *testing.T, timeout time.Duration, ok func(messages.ProcessEvent) bool) messages.ProcessEvent {
	t.Helper()
	deadline := time.After(timeout)
	seen := 0
	for {
		rt.mu.Lock()
		evs := rt.events[seen:]
		seen = len(rt.events)
		rt.mu.Unlock()
		for _, ev := range evs {
			if ok(ev) {
				return ev
			}
		}
		select {
		case <-rt.notify:
		case <-deadline:
			t.Fatalf("no matching process event in %s; got %+v", timeout, rt.events)
		}
	}
}

func (rt *runtimeTree) children(t *testing.T, pid *actor.PID) []supervisor.ChildInfo {
	t.Helper()
	r, err := callTree[supervisor.ChildrenResult](rt, pid, supervisor.WhichChildren{})
	if err != nil {
		t.Fatal(err)
	}
	return r.Children
}

func TestToolsSupervisorRunsCalls(t *testing.T) {
	b := tooltest.NewBoundary(t)
	rt := startTree(t, tools.Deps{Paths: b, Grace: 300 * time.Millisecond}, ProcessRestart{})
	var wg sync.WaitGroup
	results := make([]event.ToolResult, 4)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			inv := tooltest.Invoke(protocol.ToolFSWrite, &protocol.FSWriteArgs{Path: fmt.Sprintf("f%d.txt", i), Content: "x\n"})
			inv.OpKey = fmt.Sprintf("op-write-%d", i)
			results[i] = rt.call(t, inv)
		}()
	}
	wg.Wait()
	for i, res := range results {
		tooltest.WantStatus(t, res, event.ToolOK)
		if res.OpKey != fmt.Sprintf("op-write-%d", i) || b.Read(t, fmt.Sprintf("f%d.txt", i)) != "x\n" {
			t.Errorf("call %d: %+v", i, res)
		}
	}
	// a verified build/test is remembered for project.status
	b.Write(t, map[string]string{"test.sh": "#!/bin/sh\necho ok\n"})
	if err := os.Chmod(filepath.Join(b.Dir(), "test.sh"), 0o755); err != nil {
		t.Fatal(err)
	}
	res := rt.tool(t, protocol.ToolTerminalExec, &protocol.ExecArgs{Program: "./test.sh", TimeoutMS: 120000})
	tooltest.WantStatus(t, res, event.ToolOK)
	if !res.Verified {
		t.Errorf("./test.sh not verified")
	}
	st := tooltest.Decode[tools.StatusResult](t, rt.tool(t, protocol.ToolProjectStatus, &protocol.ProjectStatusArgs{}))
	if st.Verification == nil || !st.Verification.Passed || st.Verification.Command != "./test.sh" || st.Root != b.Dir() {
		t.Errorf("status: %+v", st)
	}
	// each invocation exits right after its result
	rt.waitNoChildren(t, rt.calls)
}

// waitNoChildren waits until a supervisor has no children left, asking
// again after each lifecycle event in the tree.
func (rt *runtimeTree) waitNoChildren(t *testing.T, pid *actor.PID) {
	t.Helper()
	hang := time.NewTimer(hangGuard)
	defer hang.Stop()
	for {
		kids := rt.children(t, pid)
		if len(kids) == 0 {
			return
		}
		select {
		case <-rt.changed:
		case <-hang.C:
			t.Fatalf("children left: %+v", kids)
		}
	}
}

func TestToolsSupervisorTimeoutKillsTree(t *testing.T) {
	b := tooltest.NewBoundary(t)
	rt := startTree(t, tools.Deps{Paths: b, Grace: 300 * time.Millisecond}, ProcessRestart{})
	script := `echo $$ > top.pid; sh -c 'setsid sh -c "echo \$\$ > orphan.pid; exec sleep 300" &'; while [ ! -s orphan.pid ]; do sleep 0.01; done; sleep 300`
	res := rt.tool(t, protocol.ToolTerminalExec, &protocol.ExecArgs{Program: "sh", Argv: []string{"-c", script}, TimeoutMS: 800})
	tooltest.WantStatus(t, res, event.ToolTimeout)
	for _, pid := range tooltest.ReadPids(t, b, "top.pid", "orphan.pid") {
		if !tooltest.ProcessGone(pid) {
			t.Errorf("pid %d survived", pid)
		}
	}
}

// TestToolsSupervisorWatchdog: a tool that ignores its context is cut off
// with status timeout, and the supervisor keeps serving.
func TestToolsSupervisorWatchdog(t *testing.T) {
	b := tooltest.NewBoundary(t)
	release := make(chan struct{})
	d := tools.Deps{Paths: b, Grace: 100 * time.Millisecond, Tools: map[string]tools.Func{
		"test.hang": func(ctx context.Context, d tools.Deps, inv messages.InvokeTool) event.ToolResult {
			<-release // ignores ctx on purpose
			return event.ToolResult{Status: event.ToolOK}
		},
	}}
	rt := startTreeSlack(t, d, ProcessRestart{}, 200*time.Millisecond)
	t.Cleanup(func() { close(release) })
	inv := tooltest.Invoke("test.hang", nil)
	inv.Timeout = 200 * time.Millisecond
	res := rt.call(t, inv) // the tool never returns: only the watchdog answers
	tooltest.WantStatus(t, res, event.ToolTimeout)
	if res.CallID != inv.CallID {
		t.Errorf("watchdog result %+v", res)
	}
	tooltest.WantStatus(t, rt.tool(t, protocol.ToolFSList, &protocol.FSListArgs{Path: "."}), event.ToolOK)
}

func TestToolsSupervisorSurvivesPanic(t *testing.T) {
	b := tooltest.NewBoundary(t)
	d := tools.Deps{Paths: b, Tools: map[string]tools.Func{
		"test.panic": func(context.Context, tools.Deps, messages.InvokeTool) event.ToolResult { panic("boom in a tool") },
	}}
	rt := startTree(t, d, ProcessRestart{})
	for range 3 {
		inv := tooltest.Invoke("test.panic", nil)
		inv.OpKey = fmt.Sprintf("op-panic-%d", time.Now().UnixNano())
		res := rt.call(t, inv)
		tooltest.WantStatus(t, res, event.ToolError)
		if tooltest.ErrorCode(t, res) != "crashed" || !strings.Contains(res.Message, "boom in a tool") || res.Tool != "test.panic" {
			t.Errorf("panic result: %+v %s", res, res.Data)
		}
	}
	tooltest.WantStatus(t, rt.tool(t, protocol.ToolFSWrite, &protocol.FSWriteArgs{Path: "after.txt", Content: "ok"}), event.ToolOK)
	rt.waitNoChildren(t, rt.calls)
	if kids := rt.children(t, rt.root.PID()); len(kids) != 2 || kids[1].Restarts != 0 || kids[1].State != supervisor.StateRunning {
		t.Errorf("tools supervisor affected: %+v", kids)
	}
}

func TestToolsSupervisorCancelRun(t *testing.T) {
	b := tooltest.NewBoundary(t)
	rt := startTree(t, tools.Deps{Paths: b, Grace: 300 * time.Millisecond}, ProcessRestart{})
	got := make(chan event.ToolResult, 1)
	started := tooltest.Signalled(t, b.Dir(), "started")
	go func() {
		got <- rt.tool(t, protocol.ToolTerminalExec, &protocol.ExecArgs{Program: "sh", Argv: []string{"-c", "echo $$ > c.pid; echo > started; exec sleep 300"}, TimeoutMS: 600000})
	}()
	await(t, "the command to start", started)
	rt.e.Send(rt.tools, messages.CancelRun{Reason: "test"})
	res := <-got
	if res.Status != event.ToolError || tooltest.ErrorCode(t, res) != "cancelled" {
		t.Errorf("cancel: %s %s", res.Status, res.Data)
	}
	if pid := tooltest.ReadPids(t, b, "c.pid")[0]; !tooltest.ProcessGone(pid) {
		t.Errorf("cancelled program %d still runs", pid)
	}
}

func httpGet(t *testing.T, url string) string {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return string(body)
}

func TestProcessLifecycle(t *testing.T) {
	b := tooltest.NewBoundary(t)
	live := newLiveOutput()
	rt := startTree(t, tools.Deps{Paths: b, Grace: 500 * time.Millisecond, Output: live.add}, ProcessRestart{})
	res := rt.tool(t, protocol.ToolProcessStart, &protocol.ProcessStartArgs{Program: tooltest.HelperProgram(t), Argv: []string{"-test.run=^$"}, Env: []string{helperEnv + "=server"}})
	tooltest.WantStatus(t, res, event.ToolOK)
	st := tooltest.Decode[tools.ProcessStartData](t, res)
	if st.State != event.ProcessReady || st.PID == 0 || len(st.URLs) != 1 || !strings.HasPrefix(st.URLs[0], "http://127.0.0.1:") || !strings.HasSuffix(st.URLs[0], "/") {
		t.Fatalf("start: %+v", st)
	}
	var raw map[string]any
	_ = json.Unmarshal(res.Data, &raw)
	for _, k := range []string{"process_id", "pid", "status", "detected_urls"} {
		if _, ok := raw[k]; !ok {
			t.Errorf("process.start data lacks %s: %s", k, res.Data)
		}
	}
	id := st.ID

	read := func(since int) tools.ProcessReadData {
		t.Helper()
		r := rt.tool(t, protocol.ToolProcessRead, &protocol.ProcessReadArgs{ProcessID: id, Since: since})
		tooltest.WantStatus(t, r, event.ToolOK)
		return tooltest.Decode[tools.ProcessReadData](t, r)
	}
	// Ready comes from the listening socket, which the server opens
	// before it prints its banner: wait for the banner, not for time.
	live.wait(t, "Local:")
	first := read(-1)
	if !strings.Contains(first.Output, "Local:") || strings.Contains(first.Output, "\x1b") || first.Offset != 0 {
		t.Errorf("first read: %+v", first)
	}
	if body := httpGet(t, st.URLs[0]+"hello"); body != "hello\n" {
		t.Errorf("GET: %q", body)
	}
	live.wait(t, "GET /hello\n")
	second := read(-1)
	if second.Output != "GET /hello\n" || second.Offset != first.NextOffset {
		t.Errorf("incremental read: %+v (first ended at %d)", second, first.NextOffset)
	}
	if again := read(-1); again.Output != "" || again.Offset != second.NextOffset {
		t.Errorf("read with nothing new: %+v", again)
	}
	if all := read(0); !strings.Contains(all.Output, "Local:") || !strings.HasSuffix(all.Output, "GET /hello\n") {
		t.Errorf("read since 0: %q", all.Output)
	}

	list := rt.tool(t, protocol.ToolProcessList, &protocol.ProcessListArgs{})
	if !strings.Contains(string(list.Data), id) {
		t.Errorf("list: %s", list.Data)
	}
	stop := rt.tool(t, protocol.ToolProcessStop, &protocol.ProcessStopArgs{ProcessID: id})
	tooltest.WantStatus(t, stop, event.ToolOK)
	info := tooltest.Decode[event.ProcessInfo](t, stop)
	if info.State != event.ProcessStopped || (info.Signal == "" && info.ExitCode == nil) {
		t.Errorf("stop: %+v", info)
	}
	if !tooltest.ProcessGone(st.PID) {
		t.Errorf("server pid %d still runs", st.PID)
	}
	// stopping again reports the same end; unknown ids are refused
	tooltest.WantStatus(t, rt.tool(t, protocol.ToolProcessStop, &protocol.ProcessStopArgs{ProcessID: id}), event.ToolOK)
	for _, r := range []event.ToolResult{
		rt.tool(t, protocol.ToolProcessRead, &protocol.ProcessReadArgs{ProcessID: "proc_nope", Since: -1}),
		rt.tool(t, protocol.ToolProcessStop, &protocol.ProcessStopArgs{ProcessID: "1"}),
	} {
		if r.Status != event.ToolError || tooltest.ErrorCode(t, r) != "unknown_process" {
			t.Errorf("unknown process: %s %s", r.Status, r.Data)
		}
	}
	rt.waitEvent(t, hangGuard, func(ev messages.ProcessEvent) bool {
		return ev.Info.ID == id && ev.Info.State == event.ProcessStopped
	})
}

func TestProcessPythonHTTPServer(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 not installed")
	}
	b := tooltest.NewBoundary(t)
	b.Write(t, map[string]string{"index.html": "<h1>hi</h1>\n"})
	rt := startTree(t, tools.Deps{Paths: b, Grace: 500 * time.Millisecond}, ProcessRestart{})
	res := rt.tool(t, protocol.ToolProcessStart, &protocol.ProcessStartArgs{Program: "python3", Argv: []string{"-m", "http.server", "0", "--bind", "127.0.0.1"}})
	tooltest.WantStatus(t, res, event.ToolOK)
	st := tooltest.Decode[tools.ProcessStartData](t, res)
	if len(st.URLs) == 0 {
		t.Fatalf("no URL: %+v", st)
	}
	if body := httpGet(t, st.URLs[0]); body != "<h1>hi</h1>\n" {
		t.Errorf("GET %s: %q", st.URLs[0], body)
	}
	tooltest.WantStatus(t, rt.tool(t, protocol.ToolProcessStop, &protocol.ProcessStopArgs{ProcessID: st.ID}), event.ToolOK)
	if !tooltest.ProcessGone(st.PID) {
		t.Errorf("python pid %d still runs", st.PID)
	}
}

func TestProcessStartFailures(t *testing.T) {
	b := tooltest.NewBoundary(t)
	b.Write(t, map[string]string{"bad.bin": "not a program\n"})
	if err := os.Chmod(filepath.Join(b.Dir(), "bad.bin"), 0o755); err != nil {
		t.Fatal(err)
	}
	rt := startTree(t, tools.Deps{Paths: b, Grace: 300 * time.Millisecond}, ProcessRestart{Backoff: supervisor.Backoff{Min: 10 * time.Millisecond}, Intensity: 3, Period: time.Minute})
	tests := []struct {
		args protocol.ProcessStartArgs
		code string
		out  string
	}{
		{protocol.ProcessStartArgs{Program: "wtagent-missing-binary"}, "program_not_found", ""},
		{protocol.ProcessStartArgs{Program: "./bad.bin"}, "error", ""},
		{protocol.ProcessStartArgs{Program: "sh", Argv: []string{"-c", "echo going away; exit 3"}}, "exited_early", "going away"},
	}
	for _, tc := range tests {
		res := rt.tool(t, protocol.ToolProcessStart, &tc.args)
		if res.Status != event.ToolError || tooltest.ErrorCode(t, res) != tc.code {
			t.Errorf("%s: %s %s %s", tc.args.Program, res.Status, res.Message, res.Data)
			continue
		}
		if tc.out != "" {
			if d := tooltest.Decode[tools.ProcessStartData](t, res); !strings.Contains(d.Output, tc.out) || d.ExitCode == nil || *d.ExitCode != 3 {
				t.Errorf("early exit data: %+v", d)
			}
		}
	}
	// none of them is left to restart: once the process supervisor has no
	// child left, nothing can restart
	rt.waitNoChildren(t, rt.procSup)
	for _, p := range tooltest.Decode[struct {
		Processes []event.ProcessInfo `json:"processes"`
	}](t, rt.tool(t, protocol.ToolProcessList, &protocol.ProcessListArgs{})).Processes {
		if p.State == event.ProcessRunning || p.State == event.ProcessReady || p.Restarts > 0 {
			t.Errorf("failed start still managed: %+v", p)
		}
	}
}

// TestProcessCrashRestartsWithBackoffThenGivesUp: a dev server that dies
// after start is restarted with growing delays, then given up.
func TestProcessCrashRestartsWithBackoffThenGivesUp(t *testing.T) {
	b := tooltest.NewBoundary(t)
	policy := ProcessRestart{Backoff: supervisor.Backoff{Min: 100 * time.Millisecond, Max: 400 * time.Millisecond, ResetAfter: time.Minute}, Intensity: 3, Period: time.Minute}
	rt := startTree(t, tools.Deps{Paths: b, Grace: 300 * time.Millisecond}, policy)
	res := rt.tool(t, protocol.ToolProcessStart, &protocol.ProcessStartArgs{Program: tooltest.HelperProgram(t), Argv: []string{"-test.run=^$"}, Env: []string{helperEnv + "=server", "HELPER_CRASH=1"}})
	tooltest.WantStatus(t, res, event.ToolOK)
	id := tooltest.Decode[tools.ProcessStartData](t, res).ID
	final := rt.waitEvent(t, hangGuard, func(ev messages.ProcessEvent) bool {
		return ev.Info.ID == id && strings.Contains(ev.Err, "gave up")
	})
	if final.Info.State != event.ProcessCrashed || final.Info.Restarts != 3 || final.Info.ExitCode == nil || *final.Info.ExitCode != 1 {
		t.Errorf("final: %+v", final)
	}
	// the restarts were spaced by the backoff: 100, 200, 400 ms
	var starts []time.Time
	rt.mu.Lock()
	for _, ev := range rt.events {
		if ev.Info.ID == id && ev.Info.State == event.ProcessRunning {
			starts = append(starts, ev.Info.Started)
		}
	}
	rt.mu.Unlock()
	if len(starts) != 4 {
		t.Fatalf("%d starts, want 4", len(starts))
	}
	for i, min := range []time.Duration{100 * time.Millisecond, 200 * time.Millisecond, 400 * time.Millisecond} {
		if gap := starts[i+1].Sub(starts[i]); gap < min {
			t.Errorf("restart %d after %s, want at least %s", i+1, gap, min)
		}
	}
	out := tooltest.Decode[tools.ProcessReadData](t, rt.tool(t, protocol.ToolProcessRead, &protocol.ProcessReadArgs{ProcessID: id, Since: 0}))
	if strings.Count(out.Output, "crashing on purpose") != 4 || strings.Count(out.Output, "[wtagent: restarted") != 3 {
		t.Errorf("output across restarts: %q", out.Output)
	}
}

func TestStopAllProcesses(t *testing.T) {
	b := tooltest.NewBoundary(t)
	rt := startTree(t, tools.Deps{Paths: b, Grace: 300 * time.Millisecond}, ProcessRestart{})
	var pids []int
	for range 2 {
		res := rt.tool(t, protocol.ToolProcessStart, &protocol.ProcessStartArgs{Program: tooltest.HelperProgram(t), Argv: []string{"-test.run=^$"}, Env: []string{helperEnv + "=listen-quiet"}})
		tooltest.WantStatus(t, res, event.ToolOK)
		st := tooltest.Decode[tools.ProcessStartData](t, res)
		// The helper binds 127.0.0.1: the URL shows the bound address.
		if !st.Ready || len(st.URLs) != 1 || !strings.HasPrefix(st.URLs[0], "http://127.0.0.1:") {
			t.Errorf("port readiness: %+v", st)
		}
		pids = append(pids, st.PID)
	}
	list, err := callTree[messages.ProcessList](rt, rt.procs, messages.StopAllProcesses{})
	if err != nil {
		t.Fatal(err)
	}
	if len(list.Processes) != 2 {
		t.Fatalf("stopped %+v", list)
	}
	for _, p := range list.Processes {
		if p.State != event.ProcessStopped {
			t.Errorf("%s: %s", p.ID, p.State)
		}
	}
	for _, pid := range pids {
		if !tooltest.ProcessGone(pid) {
			t.Errorf("pid %d survived StopAllProcesses", pid)
		}
	}
}

// TestProcessShutdownDuringStart shuts the tree down while a process.start
// is still waiting for readiness: the process must not outlive it.
func TestProcessShutdownDuringStart(t *testing.T) {
	b := tooltest.NewBoundary(t)
	rt := startTree(t, tools.Deps{Paths: b, Grace: 300 * time.Millisecond}, ProcessRestart{})
	got := make(chan event.ToolResult, 1)
	started := tooltest.Signalled(t, b.Dir(), "started")
	go func() {
		inv := tooltest.Invoke(protocol.ToolProcessStart, &protocol.ProcessStartArgs{Program: "sh", Argv: []string{"-c", "echo $$ > s.pid; echo > started; exec sleep 300"}})
		inv.OpKey = "op-start-during-shutdown"
		res, err := callTree[event.ToolResult](rt, rt.tools, inv)
		if err != nil {
			res.Status = event.ToolError
		}
		got <- res
	}()
	await(t, "the process to start", started)
	ctx, cancel := context.WithTimeout(context.Background(), hangGuard)
	defer cancel()
	if err := rt.root.Shutdown(ctx); err != nil {
		t.Fatalf("shutdown: %v", err)
	}
	if pid := tooltest.ReadPids(t, b, "s.pid")[0]; !tooltest.ProcessGone(pid) {
		t.Errorf("process %d outlived the shutdown", pid)
	}
	if res := <-got; res.Status == event.ToolOK {
		t.Errorf("start reported success across a shutdown: %+v", res)
	}
}
