//go:build linux

// The end-to-end suite is Linux-only (PTYs, inotify, pidfd, Chromium):
// every _test.go file of this package starts with //go:build linux, or
// `make cross` (GOOS=windows/darwin go vet) fails to compile it.

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/session"

	"github.com/wtagent/wtagent/internal/buildtest"
	"github.com/wtagent/wtagent/internal/mcptest"
)

// binary is the wtagent binary the end-to-end tests run, built once
// (not under -short, where every test skips).
var binary string

// skipShort skips an end-to-end test under -short: every way into this
// suite (newEnv, needChromium, debuggableChrome, copySource) calls it.
func skipShort(t testing.TB) {
	t.Helper()
	if testing.Short() {
		t.Skip("end-to-end: builds and runs the wtagent binary; not under -short")
	}
}

func TestMain(m *testing.M) {
	mcptest.ServeIfAsked() // the MCP server of the runs that configure one
	flag.Parse()
	if testing.Short() {
		os.Exit(m.Run()) // every test skips in skipShort: nothing to build
	}
	// make test-user builds wtagent once as the invoking user and runs
	// this test binary as another.
	if b := os.Getenv("WTAGENT_E2E_BINARY"); b != "" {
		binary = b
		os.Exit(m.Run())
	}
	dir, err := os.MkdirTemp("", "wtagent-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binary = filepath.Join(dir, "wtagent")
	// The tag wtfault builds in the fault hooks (package fault) that the
	// kill tests use through WTAGENT_FAULT_* variables. The binary is
	// shared with the other runs of this checkout (package buildtest).
	flags := []string{"-tags", "wtfault"}
	if os.Getenv("WTAGENT_E2E_RACE") != "" {
		flags = append(flags, "-race")
	}
	if err := buildtest.Wtagent(context.Background(), binary, append(flags, coverArgs()...)...); err != nil {
		fmt.Fprintln(os.Stderr, "build wtagent:", err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// coverArgs are the build flags of a wtagent that records its coverage
// (make cover): with WTAGENT_E2E_COVERDIR set, the binary is built with
// -cover for every package of the module and every run of it writes its
// counters there (GOCOVERDIR, inherited by each command through
// os.Environ).
func coverArgs() []string {
	dir := os.Getenv("WTAGENT_E2E_COVERDIR")
	if dir == "" {
		return nil
	}
	if err := os.Setenv("GOCOVERDIR", dir); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	return []string{"-cover", "-covermode=atomic", "-coverpkg=github.com/wtagent/wtagent/..."}
}

// env is one test's machine: a data root and a project.
type env struct {
	t       *testing.T
	home    string
	root    string
	w       *treeWatch // see watch
	display string     // DISPLAY of every wtagent run, when set (see headedEnv)
}

func newEnv(t *testing.T) *env {
	t.Helper()
	skipShort(t)
	return &env{t: t, home: t.TempDir(), root: t.TempDir()}
}

// command prepares a wtagent invocation.
func (e *env) command(ctx context.Context, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, binary, args...)
	cmd.Env = append(os.Environ(), "WTAGENT_HOME="+e.home, "NO_COLOR=1")
	if e.display != "" {
		cmd.Env = append(cmd.Env, "DISPLAY="+e.display)
	}
	cmd.Dir = e.root
	return cmd
}

// run runs wtagent to completion and returns its exit code and output.
func (e *env) run(args ...string) (int, string, string) {
	e.t.Helper()
	return e.runWith(nil, args...)
}

// runWith is run with more environment variables (a fault hook's).
func (e *env) runWith(env []string, args ...string) (int, string, string) {
	e.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := e.command(ctx, args...)
	cmd.Env = append(cmd.Env, env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		e.t.Fatalf("run wtagent %v: %v", args, err)
	}
	return code, out.String(), errb.String()
}

// script writes a script file and returns its path.
func (e *env) script(lines ...model.ScriptLine) string {
	e.t.Helper()
	var b bytes.Buffer
	for _, l := range lines {
		j, err := json.Marshal(l)
		if err != nil {
			e.t.Fatal(err)
		}
		b.Write(j)
		b.WriteByte('\n')
	}
	p := filepath.Join(e.t.TempDir(), "script.jsonl")
	if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
		e.t.Fatal(err)
	}
	return p
}

// sessions lists the sessions of the env's home.
func (e *env) sessions() []session.Summary {
	e.t.Helper()
	h, err := session.NewHome(e.home)
	if err != nil {
		e.t.Fatal(err)
	}
	list, err := session.List(h)
	if err != nil {
		e.t.Fatal(err)
	}
	return list
}

// onlySession returns the id of the one session.
func (e *env) onlySession() string {
	e.t.Helper()
	list := e.sessions()
	if len(list) != 1 {
		e.t.Fatalf("%d sessions, want 1", len(list))
	}
	return list[0].ID
}

// events reads a session's event log.
func (e *env) events(id string) []event.Event {
	e.t.Helper()
	evs, _, err := session.ReadEvents(filepath.Join(e.home, "sessions", id, "events.jsonl"))
	if err != nil {
		e.t.Fatal(err)
	}
	return evs
}

// waitFor waits until the session's log satisfies ok, checking it after
// every change of the data root or the project.
func (e *env) waitFor(what string, ok func([]event.Event) bool) string {
	e.t.Helper()
	var id string
	e.watch().until(e.t, what, func() bool {
		if list := e.sessions(); len(list) == 1 {
			evs, _, err := session.ReadEvents(filepath.Join(e.home, "sessions", list[0].ID, "events.jsonl"))
			if err == nil && ok(evs) {
				id = list[0].ID
				return true
			}
		}
		return false
	})
	return id
}

// watch returns the test's watch of the data root and the project.
func (e *env) watch() *treeWatch {
	if e.w == nil {
		e.w = watchTree(e.t, e.home, e.root)
	}
	return e.w
}

func count(evs []event.Event, t event.Type) int {
	n := 0
	for _, ev := range evs {
		if ev.Type == t {
			n++
		}
	}
	return n
}

// agentReply builds a fenced <agent_response>.
func agentReply(done bool, msg, call string) string {
	return fmt.Sprintf("```xml\n<agent_response><done>%v</done><message><![CDATA[%s]]></message>%s</agent_response>\n```", done, msg, call)
}

func callXML(name string, args ...string) string {
	return `<tool_call name="` + name + `"><args>` + strings.Join(args, "") + `</args></tool_call>`
}

func el(name, value string) string { return "<" + name + "><![CDATA[" + value + "]]></" + name + ">" }

func items(name string, vs ...string) string {
	var b strings.Builder
	for _, v := range vs {
		b.WriteString("<item>" + v + "</item>")
	}
	return "<" + name + ">" + b.String() + "</" + name + ">"
}

// syncBuffer is an output buffer a test may read while a process writes.
type syncBuffer struct {
	mu   sync.Mutex
	b    bytes.Buffer
	grew chan struct{} // closed and replaced on every write; see waitFor
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.grew != nil {
		close(s.grew)
		s.grew = nil
	}
	return s.b.Write(p)
}

// waitFor waits until the output holds want, woken by every write; it
// fails the test after hangGuard.
func (s *syncBuffer) waitFor(t *testing.T, want string) {
	t.Helper()
	hang := time.NewTimer(hangGuard)
	defer hang.Stop()
	for {
		s.mu.Lock()
		found := strings.Contains(s.b.String(), want)
		if s.grew == nil {
			s.grew = make(chan struct{})
		}
		grew := s.grew
		s.mu.Unlock()
		if found {
			return
		}
		select {
		case <-grew:
		case <-hang.C:
			t.Fatalf("timed out waiting for %q; output:\n%s", want, s.String())
		}
	}
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
