package proc

import (
	"bytes"
	"context"
	"io"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/sys/windows"
)

// The tests here run only on Windows; make wine-test runs the ones Wine 8
// can (not TestSpawnOnPseudoConsole: Wine leaves the NULL standard handles
// of STARTF_USESTDHANDLES NULL, where Windows puts the console's, so
// nothing reaches the console there).

// runSpawned spawns plan and returns its terminal output, its stderr and
// its exit code once it has exited and its output has ended.
func runSpawned(t *testing.T, plan Plan, splitStderr bool) (string, string, int) {
	t.Helper()
	sp, err := Spawn(plan, splitStderr, nil)
	if err != nil {
		t.Fatalf("spawn %s: %v", plan.Program, err)
	}
	var out, errOut bytes.Buffer
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); _, _ = io.Copy(&out, sp.Term) }()
	if sp.Stderr != nil {
		wg.Add(1)
		go func() { defer wg.Done(); _, _ = io.Copy(&errOut, sp.Stderr) }()
	}
	sp.Wait()
	wg.Wait()
	sp.CloseAll()
	code, _ := ExitInfo(sp)
	if code == nil {
		t.Fatalf("%s: no exit code", plan.Program)
	}
	return out.String(), errOut.String(), *code
}

// cmdPlan runs a cmd.exe /c line in the current directory.
func cmdPlan(t *testing.T, line string) Plan {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return Plan{Program: "cmd", Path: winComspec(os.Environ()), Argv: []string{"/c", line}, Dir: dir, Env: os.Environ()}
}

// TestSpawnOnPseudoConsole: a program's output comes through its pseudo
// console, with its exit code, and stderr has its own pipe when asked.
func TestSpawnOnPseudoConsole(t *testing.T) {
	out, _, code := runSpawned(t, cmdPlan(t, "echo hello-from-console & exit 3"), false)
	if !strings.Contains(out, "hello-from-console") || code != 3 {
		t.Errorf("output %q, exit %d; want hello-from-console and 3", out, code)
	}
	out, errOut, code := runSpawned(t, cmdPlan(t, "echo to-out & echo to-err 1>&2"), true)
	if !strings.Contains(out, "to-out") || strings.Contains(out, "to-err") || !strings.Contains(errOut, "to-err") || code != 0 {
		t.Errorf("stdout %q, stderr %q, exit %d; want to-out, to-err apart and 0", out, errOut, code)
	}
}

// TestSpawnStderrAndExitCode: the command line reaches cmd.exe intact
// (two commands and an exit code), stderr arrives on its own pipe, and the
// exit code comes back.
func TestSpawnStderrAndExitCode(t *testing.T) {
	_, errOut, code := runSpawned(t, cmdPlan(t, "echo to-err 1>&2 & exit 7"), true)
	if strings.TrimSpace(errOut) != "to-err" || code != 7 {
		t.Errorf("stderr %q, exit %d; want to-err and 7", errOut, code)
	}
}

// startTree spawns cmd.exe running ping for two minutes, and returns once
// both are in its job (and a channel closed when the leader has exited).
func startTree(t *testing.T) (*Spawned, chan struct{}, []Member) {
	t.Helper()
	sp, err := Spawn(cmdPlan(t, "ping -n 120 127.0.0.1 >NUL"), false, nil)
	if err != nil {
		t.Fatal(err)
	}
	pumped := make(chan struct{})
	go func() { _, _ = io.Copy(io.Discard, sp.Term); close(pumped) }()
	waited := make(chan struct{})
	go func() { sp.Wait(); <-pumped; close(waited) }()
	guard := time.Now().Add(time.Minute) // a hang guard, not a synchronisation
	var ms []Member
	for ms = sp.Tree.Scan(context.Background()); len(ms) < 2; ms = sp.Tree.Scan(context.Background()) {
		if time.Now().After(guard) {
			t.Fatalf("the job holds %v, want cmd and ping", ms)
		}
		time.Sleep(pollEvery)
	}
	return sp, waited, ms
}

// TestTreeKillEndsTheJob: the tree kill ends cmd.exe and the ping it
// started (Ctrl+C into the console, then TerminateJobObject), and the job
// is empty afterwards.
func TestTreeKillEndsTheJob(t *testing.T) {
	sp, waited, ms := startTree(t)
	defer sp.CloseAll()
	rep := sp.Tree.Terminate(context.Background(), time.Second)
	<-waited
	if len(rep.Survivors) != 0 || rep.Termed+rep.Killed < len(ms) {
		t.Errorf("kill report %+v for %d processes", rep, len(ms))
	}
	if rest := sp.Tree.Scan(context.Background()); len(rest) != 0 {
		t.Errorf("the job still holds %v", rest)
	}
	if code, _ := ExitInfo(sp); code == nil {
		t.Error("no exit code for the leader")
	}
	t.Logf("kill report %+v", rep)
}

// TestJobCloseKillsTheTree: closing the job, as the system does when
// wtagent dies, ends every process in it.
func TestJobCloseKillsTheTree(t *testing.T) {
	sp, waited, ms := startTree(t)
	defer sp.CloseAll()
	var hs []windows.Handle
	for _, m := range ms {
		h, err := windows.OpenProcess(windows.SYNCHRONIZE, false, uint32(m.pid))
		if err != nil {
			t.Fatalf("open %d: %v", m.pid, err)
		}
		defer windows.CloseHandle(h)
		hs = append(hs, h)
	}
	sp.Tree.job.close()
	for i, h := range hs {
		if ev, err := windows.WaitForSingleObject(h, uint32(time.Minute/time.Millisecond)); ev != windows.WAIT_OBJECT_0 {
			t.Errorf("process %d still runs after the job was closed (%d, %v)", ms[i].pid, ev, err)
		}
	}
	<-waited
}
