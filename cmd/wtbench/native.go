package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/creack/pty"
	"golang.org/x/term"

	"github.com/wtagent/wtagent/browser/chrome"
	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/session"
)

// reply builds a fenced <agent_response>.
func reply(done bool, msg, call string) string {
	return fmt.Sprintf("```xml\n<agent_response><done>%v</done><message><![CDATA[%s]]></message>%s</agent_response>\n```", done, msg, call)
}

// project is a fresh data root and project directory.
func (b *bench) project(name string) (home, root string) {
	home, root = filepath.Join(b.dir, name, "home"), filepath.Join(b.dir, name, "root")
	os.MkdirAll(home, 0o700)
	os.MkdirAll(root, 0o755)
	return home, root
}

// wtagent prepares a wtagent command on home and root.
func (b *bench) wtagent(ctx context.Context, home, root string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, b.bin, append([]string{"-C", root}, args...)...)
	cmd.Env = append(os.Environ(), "WTAGENT_HOME="+home, "NO_COLOR=1")
	return cmd
}

func writeScript(path string, lines []model.ScriptLine) error {
	var buf bytes.Buffer
	for _, l := range lines {
		j, _ := json.Marshal(l)
		buf.Write(j)
		buf.WriteByte('\n')
	}
	return os.WriteFile(path, buf.Bytes(), 0o644)
}

// events reads the one session of home.
func events(home string) ([]event.Event, string, error) {
	h, err := session.NewHome(home)
	if err != nil {
		return nil, "", err
	}
	list, err := session.List(h)
	if err != nil || len(list) != 1 {
		return nil, "", fmt.Errorf("want one session, got %d (%v)", len(list), err)
	}
	evs, _, err := session.ReadEvents(filepath.Join(home, "sessions", list[0].ID, "events.jsonl"))
	return evs, list[0].ID, err
}

// completionLatency runs a conversation through real Chromium against the
// mock page and measures, per turn, the time from the page's last streamed
// token to wtagent's parsed turn.
func (b *bench) completionLatency() result {
	if _, err := chrome.Discover(os.Getenv, "linux"); err != nil {
		return result{measured: "not measured", baseline: "-", ok: "n/a", note: err.Error()}
	}
	n := 20
	if b.quick {
		n = 5
	}
	var lines []model.ScriptLine
	text := strings.Repeat("Streaming an explanation token by token. ", 40)
	for i := 0; i < n; i++ {
		lines = append(lines, model.ScriptLine{Line: i + 1, StreamMS: 2, Reply: reply(false, text,
			fmt.Sprintf(`<tool_call name="fs.list"><args><depth>%d</depth></args></tool_call>`, i%8))})
	}
	lines = append(lines, model.ScriptLine{Line: n + 1, Reply: reply(true, "Listed.", "")})
	srv := mockchat.New(mockchat.Options{Script: lines, LoggedIn: true})
	url, err := srv.Start("127.0.0.1:0")
	if err != nil {
		return failed(err)
	}
	defer srv.Close()
	home, root := b.project("latency")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cmd := b.wtagent(ctx, home, root, "--chatgpt-url", url, "--headless", "--max-turns", "100", "list the project")
	if out, err := cmd.CombinedOutput(); err != nil {
		return failed(fmt.Errorf("wtagent: %v\n%s", err, out))
	}
	evs, _, err := events(home)
	if err != nil {
		return failed(err)
	}
	stats := srv.Stats().Messages
	var lat []time.Duration
	early := 0
	for _, ev := range evs {
		if ev.Type != event.EvProtocolParsed || ev.Turn < 1 || ev.Turn > len(stats) {
			continue
		}
		d := ev.TS.Sub(stats[ev.Turn-1].LastToken)
		if d < 0 {
			early++
		}
		lat = append(lat, d)
	}
	if len(lat) == 0 {
		return failed(fmt.Errorf("no parsed turns"))
	}
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	med, p90 := lat[len(lat)/2], lat[len(lat)*9/10]
	return result{
		measured: fmt.Sprintf("%s median, %s p90 over %d turns; %d early", ms(med), ms(p90), len(lat), early),
		baseline: "stability window 120 ms (used only on the DOM path); the JS peer adds ≥ 1.5 s (250 ms polling + 1.5 s window)",
		ok:       verdict(med < 300*time.Millisecond && early == 0),
	}
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000) }

// execOutput runs wtagent with a terminal.exec of a program printing about
// 200 MB and compares it with the same program writing to /dev/null, and
// with a bare PTY read loop (the kernel's floor for a terminal).
func (b *bench) execOutput() result {
	count := "24000000" // seq 1 24000000 prints 205 MB
	if b.quick {
		count = "2400000"
	}
	home, root := b.project("exec")
	script := filepath.Join(b.dir, "exec.jsonl")
	if err := writeScript(script, []model.ScriptLine{
		{Reply: reply(false, "Print.", `<tool_call name="terminal.exec"><args><program>seq</program><argv><item>1</item><item>`+count+`</item></argv><timeout_ms>600000</timeout_ms></args></tool_call>`)},
		{Reply: reply(true, "Printed.", "")},
	}); err != nil {
		return failed(err)
	}
	tool, rss, err := b.runExec200(home, root, script, "workspace-write")
	if err != nil {
		return failed(err)
	}
	t0 := time.Now()
	null := exec.Command("seq", "1", count)
	null.Stdout = nil // /dev/null
	if err := null.Run(); err != nil {
		return failed(err)
	}
	devnull := time.Since(t0)
	floor, err := ptyFloor(count)
	if err != nil {
		return failed(err)
	}
	ratio := tool.Seconds() / devnull.Seconds()
	return result{
		measured: fmt.Sprintf("%s (%.1f× /dev/null); peak RSS %.0f MB", tool.Round(10*time.Millisecond), ratio, float64(rss)/1024),
		baseline: fmt.Sprintf("/dev/null %s; a bare PTY read loop %s (%.1f×)", devnull.Round(10*time.Millisecond),
			floor.Round(10*time.Millisecond), floor.Seconds()/devnull.Seconds()),
		ok: verdict(ratio <= 1.5 && rss <= 64<<10),
		note: "terminal.exec runs programs on a PTY (so tools that need a terminal behave). The kernel's PTY moves about " +
			"90–150 MB/s here, so no PTY-based runner can print 200 MB within 1.5× of /dev/null: the bare PTY read loop " +
			"beside it is the floor. Memory stays bounded (head and tail kept, the rest spooled to disk).",
	}
}

// runExec200 runs the 200 MB script with a sandbox mode and returns the
// tool's duration and wtagent's peak RSS (KiB); each mode's figure is
// kept for the sandbox row.
func (b *bench) runExec200(home, root, script, mode string) (time.Duration, int64, error) {
	cmd := b.wtagent(context.Background(), home, root, "--provider", "script", "--script", script, "--sandbox", mode, "print")
	cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
	if err := cmd.Run(); err != nil {
		return 0, 0, fmt.Errorf("wtagent: %w", err)
	}
	rss := peakRSS(cmd.ProcessState)
	evs, _, err := events(home)
	if err != nil {
		return 0, 0, err
	}
	var tool time.Duration
	for _, ev := range evs {
		if ev.Type == event.EvToolCompleted {
			var p event.ToolCompletedPayload
			json.Unmarshal(ev.Payload, &p)
			tool = p.Result.Duration
		}
	}
	if b.exec200 == nil {
		b.exec200 = map[string]time.Duration{}
	}
	if old, ok := b.exec200[mode]; !ok || tool < old {
		b.exec200[mode] = tool
	}
	return tool, rss, nil
}

// sandboxCost is what the kernel sandbox adds: per command (the sandbox
// package's paired benchmark, judged on a start by the session's ready
// spare init, with the cold start beside it) and on the 200 MB output
// row (the same run with --sandbox off).
func (b *bench) sandboxCost() result {
	release := filepath.Join(b.dir, "wtagent-release")
	if err := buildRelease(release); err != nil {
		return failed(err)
	}
	m, err := goBench("./sandbox", "^BenchmarkSandboxStart(Binary)?(Cold)?$", "300x", "WTAGENT_BENCH_BINARY="+release)
	if err != nil {
		return failed(err)
	}
	s, bin, cold := m["BenchmarkSandboxStart"], m["BenchmarkSandboxStartBinary"], m["BenchmarkSandboxStartBinaryCold"]
	if bin == nil || cold == nil {
		return failed(fmt.Errorf("BenchmarkSandboxStartBinary(Cold) did not run"))
	}
	count := "24000000"
	if b.quick {
		count = "2400000"
	}
	script := filepath.Join(b.dir, "exec-sandbox.jsonl")
	if err := writeScript(script, []model.ScriptLine{
		{Reply: reply(false, "Print.", `<tool_call name="terminal.exec"><args><program>seq</program><argv><item>1</item><item>`+count+`</item></argv><timeout_ms>600000</timeout_ms></args></tool_call>`)},
		{Reply: reply(true, "Printed.", "")},
	}); err != nil {
		return failed(err)
	}
	// Alternated, best of three each: the machine's load changes between
	// runs far more than the sandbox costs.
	for i := range 3 {
		for _, mode := range []string{"off", "workspace-write"} {
			home, root := b.project(fmt.Sprintf("exec-%s-%d", mode, i))
			if _, _, err := b.runExec200(home, root, script, mode); err != nil {
				return failed(err)
			}
		}
	}
	on, off := b.exec200["workspace-write"], b.exec200["off"]
	pct := 100 * (on.Seconds() - off.Seconds()) / off.Seconds()
	return result{
		measured: fmt.Sprintf("%.2f ms per command started by the ready spare init, wtagent as the init (median of 300 paired runs; %.2f ms with the sandbox's test binary; %.2f ms cold, without a spare); 200 MB row %+.1f %%",
			bin["cost-ms"], s["cost-ms"], cold["cost-ms"], pct),
		baseline: fmt.Sprintf("/bin/true %.2f ms plain, %.2f ms sandboxed (%.2f ms cold); 200 MB row best of 3 alternated: %s off, %s sandboxed; ruleset built once per session in %.0f ms",
			bin["plain-ms"], bin["sandboxed-ms"], cold["sandboxed-ms"], off.Round(10*time.Millisecond), on.Round(10*time.Millisecond), s["new-ms"]),
		ok:   verdict(bin["cost-ms"] <= 5 && pct <= 5),
		note: "each program is started by an init (wtagent itself, started again: here a wtagent built as a release is, static, which is what users run) in its own user, mount and PID namespaces, which mounts the covers and a fresh /proc and forks the program from a thread in the Landlock domain. That init's start (a full fork of wtagent and a Go runtime: the cold figure) is made ahead of need: the session keeps a spare init ready, prepared once the previous program ended or ran for 250 ms, so a command pays the request, the program's fork in the domain and the namespace's teardown; the program's own I/O is not touched, so the output row differs by noise only.",
	}
}

// buildRelease builds wtagent at out as cmd/wtrelease builds a release
// (no cgo, -trimpath, stripped): the binary users run, whose start is
// most of what confining a program costs.
func buildRelease(out string) error {
	return sh("", []string{"CGO_ENABLED=0"}, "go", "build", "-trimpath", "-ldflags", "-s -w", "-o", out, "./cmd/wtagent")
}

// ptyFloor is how long the program takes on a raw PTY (no newline
// translation) read as fast as possible, with nothing done with the bytes.
func ptyFloor(count string) (time.Duration, error) {
	ptmx, tty, err := pty.Open()
	if err != nil {
		return 0, err
	}
	defer ptmx.Close()
	if _, err := term.MakeRaw(int(tty.Fd())); err != nil {
		return 0, err
	}
	cmd := exec.Command("seq", "1", count)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = tty, tty, tty
	t0 := time.Now()
	if err := cmd.Start(); err != nil {
		return 0, err
	}
	tty.Close()
	buf := make([]byte, 64<<10)
	for {
		if _, err := ptmx.Read(buf); err != nil {
			break
		}
	}
	cmd.Wait()
	return time.Since(t0), nil
}

// status times `wtagent status --json ID` against a live session.
func (b *bench) status() result {
	home, root := b.project("status")
	script := filepath.Join(b.dir, "status.jsonl")
	if err := writeScript(script, []model.ScriptLine{{Reply: reply(true, "Done.", ""), DelayMS: 300000}}); err != nil {
		return failed(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	live := b.wtagent(ctx, home, root, "--provider", "script", "--script", script, "wait")
	if err := live.Start(); err != nil {
		return failed(err)
	}
	defer func() { live.Process.Signal(syscall.SIGKILL); live.Wait() }()
	var id string
	deadline := time.Now().Add(30 * time.Second)
	for id == "" && time.Now().Before(deadline) {
		if _, sid, err := events(home); err == nil {
			out, err := b.wtagent(ctx, home, root, "status", "--json", sid).Output()
			if err == nil && strings.Contains(string(out), `"live":true`) {
				id = sid
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	if id == "" {
		return failed(fmt.Errorf("the session never answered on its socket"))
	}
	var times []time.Duration
	for i := 0; i < 20; i++ {
		t0 := time.Now()
		out, err := b.wtagent(ctx, home, root, "status", "--json", id).Output()
		if err != nil || !strings.Contains(string(out), `"live":true`) {
			return failed(fmt.Errorf("status: %v: %s", err, out))
		}
		times = append(times, time.Since(t0))
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	t0 := time.Now()
	exec.Command(b.bin, "version").Run()
	start := time.Since(t0)
	return result{
		measured: fmt.Sprintf("%s median, %s p90 (the whole command)", ms(times[len(times)/2]), ms(times[len(times)*9/10])),
		baseline: fmt.Sprintf("wtagent version (process start only) %s", ms(start)),
		ok:       verdict(times[len(times)/2] < 50*time.Millisecond),
	}
}
