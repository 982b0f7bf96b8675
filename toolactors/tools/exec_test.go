//go:build unix

package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/internal/tooltest"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/protocol"
)

// recorder collects live output and spooled bytes.
type recorder struct {
	mu     sync.Mutex
	live   map[messages.ToolStream]*strings.Builder
	spool  map[string]int64
	keep   bool
	counts map[messages.ToolStream]int64
}

func newRecorder(keep bool) *recorder {
	return &recorder{live: map[messages.ToolStream]*strings.Builder{}, spool: map[string]int64{}, counts: map[messages.ToolStream]int64{}, keep: keep}
}

func (r *recorder) output(o messages.ToolOutput) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.counts[o.Stream] += int64(len(o.Data))
	if r.keep {
		if r.live[o.Stream] == nil {
			r.live[o.Stream] = &strings.Builder{}
		}
		r.live[o.Stream].Write(o.Data)
	}
}

func (r *recorder) Write(callID, processID, stream string, p []byte) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.spool[stream] += int64(len(p))
	return nil
}

func (r *recorder) text(s messages.ToolStream) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.live[s] == nil {
		return ""
	}
	return r.live[s].String()
}

func execDeps(b *tooltest.Boundary, rec *recorder) Deps {
	d := Deps{Paths: b, Grace: 300 * time.Millisecond}
	if rec != nil {
		d.Output, d.Spool = rec.output, rec
	}
	return d
}

func execData(t testing.TB, res event.ToolResult) ExecData {
	return tooltest.Decode[ExecData](t, res)
}

func TestExecTTYAndSeparateStderr(t *testing.T) {
	b := tooltest.NewBoundary(t)
	rec := newRecorder(true)
	script := `test -t 1 && echo "stdout is a tty"; test -t 0 && echo "stdin is a tty"; test -t 2 || echo "stderr is a pipe"; ` +
		`echo "to stderr" >&2; cat; echo "stdin at eof"; printf '\033[31mred\033[0m\n'`
	res := run(t, execDeps(b, rec), protocol.ToolTerminalExec, &protocol.ExecArgs{Program: "sh", Argv: []string{"-c", script}, TimeoutMS: 20000})
	tooltest.WantStatus(t, res, event.ToolOK)
	for _, want := range []string{"stdout is a tty\n", "stdin is a tty\n", "stderr is a pipe\n", "stdin at eof\n", "red\n"} {
		if !strings.Contains(res.Stdout, want) {
			t.Errorf("stdout %q lacks %q", res.Stdout, want)
		}
	}
	if strings.Contains(res.Stdout, "\r") || strings.Contains(res.Stdout, "\x1b") || strings.Contains(res.Stdout, "to stderr") {
		t.Errorf("stdout not clean or mixed: %q", res.Stdout)
	}
	if res.Stderr != "to stderr\n" {
		t.Errorf("stderr %q", res.Stderr)
	}
	if res.ExitCode == nil || *res.ExitCode != 0 || res.Verified {
		t.Errorf("exit %v verified %v", res.ExitCode, res.Verified)
	}
	// the live stream is the raw terminal output, ANSI and CRLF included
	if live := rec.text(messages.StreamStdout); !strings.Contains(live, "stdout is a tty\n") || !strings.Contains(live, "\x1b[31mred") {
		t.Errorf("live stdout %q", live)
	}
	if rec.text(messages.StreamStderr) != "to stderr\n" || rec.spool["stderr"] != int64(len("to stderr\n")) || rec.spool["stdout"] == 0 {
		t.Errorf("live stderr %q spool %v", rec.text(messages.StreamStderr), rec.spool)
	}
}

func TestExecExitEnvAndLookup(t *testing.T) {
	b := tooltest.NewBoundary(t)
	b.Write(t, map[string]string{"sub/test.sh": "#!/bin/sh\necho \"in $(basename \"$PWD\") with $GREETING\"\n"})
	if err := os.Chmod(filepath.Join(b.Dir(), "sub/test.sh"), 0o755); err != nil {
		t.Fatal(err)
	}
	d := execDeps(b, nil)
	inv := tooltest.Invoke(protocol.ToolTerminalExec, &protocol.ExecArgs{Program: "sh", Argv: []string{"-c", `echo "$FROM_POLICY/$EXTRA/$TERM"; exit 3`}, Env: []string{"EXTRA=added"}, TimeoutMS: 20000})
	inv.Env = []string{"PATH=" + os.Getenv("PATH"), "FROM_POLICY=kept"}
	res := Run(t.Context(), d, inv)
	tooltest.WantStatus(t, res, event.ToolError)
	if res.ExitCode == nil || *res.ExitCode != 3 || res.Stdout != "kept/added/dumb\n" || res.Message != "exited with code 3" {
		t.Errorf("exit=%v stdout=%q msg=%q", res.ExitCode, res.Stdout, res.Message)
	}

	res = run(t, d, protocol.ToolTerminalExec, &protocol.ExecArgs{Program: "./test.sh", Cwd: "sub", Env: []string{"GREETING=hi"}, TimeoutMS: 20000})
	tooltest.WantStatus(t, res, event.ToolOK)
	if res.Stdout != "in sub with hi\n" || !res.Verified || execData(t, res).Verification != "test" {
		t.Errorf("script: %q verified=%v %s", res.Stdout, res.Verified, res.Data)
	}

	for _, tc := range []struct {
		args protocol.ExecArgs
		code string
	}{
		{protocol.ExecArgs{Program: "wtagent-no-such-program"}, "program_not_found"},
		{protocol.ExecArgs{Program: "./nope.sh"}, "program_not_found"},
		{protocol.ExecArgs{Program: "sh", Cwd: "missing"}, "not_found"},
		{protocol.ExecArgs{Program: "sh", Cwd: "../"}, "error"},
		{protocol.ExecArgs{Program: "sh", Env: []string{"NOEQUALS"}}, "invalid_arguments"},
		{protocol.ExecArgs{Program: "sub/test.sh/x"}, "program_not_found"},
	} {
		res := run(t, d, protocol.ToolTerminalExec, &tc.args)
		if res.Status != event.ToolError || tooltest.ErrorCode(t, res) != tc.code {
			t.Errorf("%+v: %s %s", tc.args, res.Status, res.Data)
		}
	}
}

// TestExecHugeOutput runs a program printing 200 MB: memory stays bounded
// and the model gets the head and the tail.
func TestExecHugeOutput(t *testing.T) {
	if testing.Short() {
		t.Skip("pushes 200 MB through a program's output; not under -short")
	}
	b := tooltest.NewBoundary(t)
	rec := newRecorder(false)
	const size = 200 << 20
	stop := make(chan struct{})
	var peak atomic.Uint64
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	base := ms.HeapInuse
	done := make(chan struct{})
	go func() {
		defer close(done)
		tick := time.NewTicker(20 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				var m runtime.MemStats
				runtime.ReadMemStats(&m)
				if m.HeapInuse > peak.Load() {
					peak.Store(m.HeapInuse)
				}
			}
		}
	}()
	res := run(t, execDeps(b, rec), protocol.ToolTerminalExec, &protocol.ExecArgs{Program: "sh", Argv: []string{"-c", hugeScript(size)}, TimeoutMS: 120000})
	close(stop)
	<-done
	tooltest.WantStatus(t, res, event.ToolOK)
	growth := int64(peak.Load()) - int64(base)
	t.Logf("heap in use: base %d MiB, peak %d MiB; stdout %d bytes in %s", base>>20, peak.Load()>>20, execData(t, res).StdoutBytes, res.Duration)
	if growth > 48<<20 {
		t.Errorf("heap grew by %d MiB for 200 MB of output", growth>>20)
	}
	if !strings.HasPrefix(res.Stdout, "HEAD-MARKER first line\nline abcdefghij") || !strings.HasSuffix(res.Stdout, "TAIL-MARKER last line\n") {
		t.Errorf("head/tail: %q … %q", res.Stdout[:80], res.Stdout[len(res.Stdout)-80:])
	}
	if !strings.Contains(res.Stdout, "[… wtagent cut the middle of stdout") || len(res.Stdout) > 16<<10+400 {
		t.Errorf("cut: %d bytes", len(res.Stdout))
	}
	data := execData(t, res)
	if data.StdoutBytes < size || res.StdoutCut == nil || res.StdoutCut.OriginalBytes != data.StdoutBytes || res.StdoutCut.KeptBytes > 16<<10 {
		t.Errorf("sizes: %+v cut %+v", data.StdoutBytes, res.StdoutCut)
	}
	if rec.counts[messages.StreamStdout] != data.StdoutBytes || rec.spool["stdout"] != data.StdoutBytes {
		t.Errorf("live %d, spooled %d, counted %d", rec.counts[messages.StreamStdout], rec.spool["stdout"], data.StdoutBytes)
	}
}

// hugeScript prints size bytes of lines between a head and a tail marker
// (yes and head: fast, so the test measures wtagent, not the printer).
func hugeScript(size int) string {
	return fmt.Sprintf("echo 'HEAD-MARKER first line'; yes 'line abcdefghijklmnopqrstuvwxyz0123456789abcdefghijklmnopqrstuvwxyz' | head -c %d; echo 'TAIL-MARKER last line'", size)
}

// treeScript starts nested shells: one keeps a child that ignores
// SIGTERM, one starts a setsid grandchild and exits at once, so the
// grandchild is orphaned into its own session.
const treeScript = `#!/bin/sh
echo $$ > top.pid
sh -c 'echo $$ > mid.pid; setsid sh -c "echo \$\$ > setsid.pid; exec sleep 300" & exit 0'
sh -c 'trap "" TERM HUP; echo $$ > stubborn.pid; sh -c "echo \$\$ > inner.pid; exec sleep 300" & while :; do sleep 1; done' &
while [ ! -s setsid.pid ] || [ ! -s inner.pid ]; do sleep 0.01; done
echo ready
wait
`

func TestExecTimeoutKillsTree(t *testing.T) {
	b := tooltest.NewBoundary(t)
	b.Write(t, map[string]string{"tree.sh": treeScript})
	if err := os.Chmod(filepath.Join(b.Dir(), "tree.sh"), 0o755); err != nil {
		t.Fatal(err)
	}
	// The timeout fires when the whole tree is up (the script says
	// "ready"), not after a time a loaded machine could miss.
	d := execDeps(b, nil)
	ready := make(chan time.Time)
	var once sync.Once
	var seen strings.Builder // only the stdout pump writes it
	d.Output = func(o messages.ToolOutput) {
		if o.Stream != messages.StreamStdout {
			return
		}
		if seen.Write(o.Data); strings.Contains(seen.String(), "ready") {
			once.Do(func() { close(ready) })
		}
	}
	d.hooks = &hooks{execExpiry: func() <-chan time.Time { return ready }}
	res := run(t, d, protocol.ToolTerminalExec, &protocol.ExecArgs{Program: "./tree.sh", TimeoutMS: 600000})
	tooltest.WantStatus(t, res, event.ToolTimeout)
	data := execData(t, res)
	if !data.TimedOut || data.Kill == nil || data.Kill.Termed < 4 || data.Kill.Killed < 1 || len(data.Kill.Survivors) > 0 {
		t.Errorf("kill report %+v", data.Kill)
	}
	if !strings.Contains(res.Stdout, "ready") {
		t.Fatalf("tree never got ready: %q", res.Stdout)
	}
	pids := tooltest.ReadPids(t, b, "top.pid", "mid.pid", "setsid.pid", "stubborn.pid", "inner.pid")
	if pgidOf(int32(pids[2])) == pids[0] {
		t.Errorf("setsid grandchild shares the group: the test proves nothing")
	}
	for i, pid := range pids {
		if !tooltest.ProcessGone(pid) {
			t.Errorf("process %d (%d) survived the timeout", i, pid)
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}

func TestExecLeftoversAndCancel(t *testing.T) {
	b := tooltest.NewBoundary(t)
	d := execDeps(b, nil)
	// Waiting for the background child (sleep 300) would end in a timeout.
	res := run(t, d, protocol.ToolTerminalExec, &protocol.ExecArgs{Program: "sh", Argv: []string{"-c", "sh -c 'trap \"\" HUP; echo $$ > bg.pid; exec sleep 300' & while [ ! -s bg.pid ]; do sleep 0.01; done; echo started"}, TimeoutMS: 120000})
	tooltest.WantStatus(t, res, event.ToolOK)
	if data := execData(t, res); data.Leftovers == nil || data.Leftovers.Termed < 1 {
		t.Errorf("leftovers %+v", data.Leftovers)
	}
	if pid := tooltest.ReadPids(t, b, "bg.pid")[0]; !tooltest.ProcessGone(pid) {
		t.Errorf("background child %d left running", pid)
	}

	ctx, cancel := context.WithCancel(t.Context())
	started := tooltest.Signalled(t, b.Dir(), "started")
	go func() {
		select {
		case <-started:
			cancel()
		case <-ctx.Done():
		}
	}()
	res = Run(ctx, d, tooltest.Invoke(protocol.ToolTerminalExec, &protocol.ExecArgs{Program: "sh", Argv: []string{"-c", "echo $$ > c.pid; echo > started; exec sleep 300"}, TimeoutMS: 600000}))
	tooltest.WantStatus(t, res, event.ToolError)
	if data := execData(t, res); !data.Cancelled || data.Kill == nil {
		t.Errorf("cancel: %s", res.Data)
	}
	if pid := tooltest.ReadPids(t, b, "c.pid")[0]; !tooltest.ProcessGone(pid) {
		t.Errorf("cancelled program %d still running", pid)
	}
}

// TestExecLongTimeoutHonoured checks that timeout_ms beyond the JS peer's
// 120 s clamp becomes the deadline, up to the catalogue's hour.
func TestExecLongTimeoutHonoured(t *testing.T) {
	b := tooltest.NewBoundary(t)
	now := time.Date(2030, 1, 2, 3, 4, 5, 0, time.UTC)
	d := execDeps(b, nil)
	d.Now = func() time.Time { return now }
	for _, tc := range []struct {
		json string
		want time.Duration
	}{
		{`{"program":"true","timeout_ms":300000}`, 300 * time.Second},
		{`{"program":"true","timeout_ms":3600000}`, time.Hour},
		{`{"program":"true","timeout_ms":7200000}`, time.Hour},
		{`{"program":"true"}`, 120 * time.Second},
	} {
		inv := messages.InvokeTool{CallID: "c", Call: event.ToolCall{Name: protocol.ToolTerminalExec, CanonicalArgs: json.RawMessage(tc.json)}}
		res := Run(t.Context(), d, inv)
		tooltest.WantStatus(t, res, event.ToolOK)
		data := execData(t, res)
		if time.Duration(data.TimeoutMS)*time.Millisecond != tc.want || !data.Deadline.Equal(now.Add(tc.want)) {
			t.Errorf("%s: timeout %dms deadline %s, want %s", tc.json, data.TimeoutMS, data.Deadline, tc.want)
		}
	}
	// the timer really is the asked deadline: 1.2 s beats the 1 s default
	res := run(t, d, protocol.ToolTerminalExec, &protocol.ExecArgs{Program: "sleep", Argv: []string{"1.2"}, TimeoutMS: 60000})
	tooltest.WantStatus(t, res, event.ToolOK)
}

func TestExecStdinNeverBlocks(t *testing.T) {
	b := tooltest.NewBoundary(t)
	res := run(t, execDeps(b, nil), protocol.ToolTerminalExec, &protocol.ExecArgs{Program: "sh", Argv: []string{"-c", "read line; echo \"read=$? line=[$line]\""}, TimeoutMS: 120000})
	tooltest.WantStatus(t, res, event.ToolOK)
	if res.Stdout != "read=1 line=[]\n" {
		t.Errorf("stdout %q", res.Stdout)
	}
}

func TestExecOutputLimits(t *testing.T) {
	b := tooltest.NewBoundary(t)
	script := `i=0; while [ $i -lt 3000 ]; do echo "out $i"; echo "err $i" >&2; i=$((i+1)); done`
	res := run(t, execDeps(b, nil), protocol.ToolTerminalExec, &protocol.ExecArgs{Program: "sh", Argv: []string{"-c", script}, TimeoutMS: 20000})
	tooltest.WantStatus(t, res, event.ToolOK)
	total := len(res.Stdout) + len(res.Stderr)
	if res.StdoutCut == nil || res.StderrCut == nil || total > 16<<10+800 {
		t.Fatalf("limits: stdout %d stderr %d cuts %v %v", len(res.Stdout), len(res.Stderr), res.StdoutCut, res.StderrCut)
	}
	for _, s := range []struct{ text, head, tail string }{{res.Stdout, "out 0\n", "out 2999\n"}, {res.Stderr, "err 0\n", "err 2999\n"}} {
		if !strings.HasPrefix(s.text, s.head) || !strings.HasSuffix(s.text, s.tail) {
			t.Errorf("head/tail of %q…", s.text[:20])
		}
	}
	_ = fmt.Sprint()
}

// cappedSpool fails once it holds limit bytes, like the session's
// per-session cap.
type cappedSpool struct {
	mu    sync.Mutex
	n     int
	limit int
}

var errSpoolFull = errors.New("tool output spool is full")

func (s *cappedSpool) Write(callID, processID, stream string, p []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.n+len(p) > s.limit {
		return errSpoolFull
	}
	s.n += len(p)
	return nil
}

func TestExecSpoolFull(t *testing.T) {
	b := tooltest.NewBoundary(t)
	sp := &cappedSpool{limit: 64 << 10}
	rec := newRecorder(false)
	d := Deps{Paths: b, Spool: sp, Output: rec.output}
	res := run(t, d, protocol.ToolTerminalExec, &protocol.ExecArgs{Program: "sh", Argv: []string{"-c", hugeScript(4 << 20)}, TimeoutMS: 60000})
	tooltest.WantStatus(t, res, event.ToolOK)
	data := execData(t, res)
	if data.SpoolError != errSpoolFull.Error() || sp.n > sp.limit || sp.n == 0 {
		t.Errorf("spool: %q, %d bytes", data.SpoolError, sp.n)
	}
	if rec.counts[messages.StreamStdout] != data.StdoutBytes || !strings.HasSuffix(res.Stdout, "TAIL-MARKER last line\n") {
		t.Errorf("output after the spool filled: live %d of %d", rec.counts[messages.StreamStdout], data.StdoutBytes)
	}
}

// pgidOf is pid's process group, or -1.
func pgidOf(pid int32) int {
	g, err := syscall.Getpgid(int(pid))
	if err != nil {
		return -1
	}
	return g
}
