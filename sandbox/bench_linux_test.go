package sandbox

import (
	"os"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// BenchmarkSandboxStart measures what confining one program costs: the
// same /bin/true started plainly and through the session's sandbox
// (the spare init, ready in its own namespaces with its mounts, forks
// it into the Landlock domain), alternated so both see the same machine
// load; each pair waits until the spare is ready, as a session's
// commands, seconds apart, find it. new-ms is the once-per-session
// ruleset build (go env included).
func BenchmarkSandboxStart(b *testing.B) {
	w := newWorld(b)
	benchStart(b, w, Spec{Mode: WorkspaceWrite, Root: w.root, TempDir: w.tmp, Home: w.home, DataDir: w.data, Env: os.Environ()}, "")
}

// BenchmarkSandboxStartCold is BenchmarkSandboxStart without spares:
// each program's init is started for it (what a start costs when the
// spare is not ready or does not fit).
func BenchmarkSandboxStartCold(b *testing.B) {
	w := newWorld(b)
	benchStart(b, w, Spec{Mode: WorkspaceWrite, Root: w.root, TempDir: w.tmp, Home: w.home, DataDir: w.data, Env: os.Environ()}, coldInit)
}

// BenchmarkSandboxStartBinary is BenchmarkSandboxStart with a built
// wtagent as each program's init instead of this test binary: what the
// real binary's start adds (make bench sets WTAGENT_BENCH_BINARY to a
// wtagent built as a release is).
func BenchmarkSandboxStartBinary(b *testing.B) {
	w := newWorld(b)
	benchStart(b, w, Spec{Mode: WorkspaceWrite, Root: w.root, TempDir: w.tmp, Home: w.home, DataDir: w.data, Env: os.Environ()}, benchBinary(b))
}

// BenchmarkSandboxStartBinaryCold is BenchmarkSandboxStartBinary
// without spares.
func BenchmarkSandboxStartBinaryCold(b *testing.B) {
	w := newWorld(b)
	benchStart(b, w, Spec{Mode: WorkspaceWrite, Root: w.root, TempDir: w.tmp, Home: w.home, DataDir: w.data, Env: os.Environ()}, coldInit+benchBinary(b))
}

// coldInit, heading benchStart's init, turns spares off.
const coldInit = "cold:"

// benchBinary is WTAGENT_BENCH_BINARY, or skips.
func benchBinary(b *testing.B) string {
	bin := os.Getenv("WTAGENT_BENCH_BINARY")
	if bin == "" {
		b.Skip("WTAGENT_BENCH_BINARY (a wtagent binary) is not set; make bench sets it")
	}
	return bin
}

// BenchmarkSandboxStartLargeParent is BenchmarkSandboxStart from a
// process holding 256 MB of touched heap, as a long session's wtagent
// may: Go starts a process in a new user namespace with a full fork, not
// a vfork (syscall.forkAndExecInChild1: the parent writes the id maps
// while the child waits), so each init's start copies the parent's page
// tables and the cost grows with wtagent's memory, while a plain start
// (vfork) does not; with a spare ready, that fork is off the measured
// start.
func BenchmarkSandboxStartLargeParent(b *testing.B) {
	heap := make([]byte, 256<<20)
	for i := 0; i < len(heap); i += 4096 {
		heap[i] = 1
	}
	w := newWorld(b)
	benchStart(b, w, Spec{Mode: WorkspaceWrite, Root: w.root, TempDir: w.tmp, Home: w.home, DataDir: w.data, Env: os.Environ()}, os.Getenv("WTAGENT_BENCH_BINARY"))
	runtime.KeepAlive(heap)
}

// BenchmarkSandboxStartHome is BenchmarkSandboxStart when the project is
// a developer's home (wtagent -C ~): its programs and configuration are
// covered read-only and its credential stores masked, mount by mount.
func BenchmarkSandboxStartHome(b *testing.B) {
	w := newWorld(b)
	env := toolchainHome(b, w)
	benchStart(b, w, Spec{Mode: WorkspaceWrite, Root: w.home, TempDir: w.tmp, Home: w.home, DataDir: w.data, Env: env}, "")
}

// benchStart measures spec's sandbox; init, when set, is the binary its
// inits run, and with the prefix coldInit no spares are used.
func benchStart(b *testing.B, w world, spec Spec, init string) {
	init, cold := strings.CutPrefix(init, coldInit)
	t0 := time.Now()
	sb, err := New(spec)
	if err != nil {
		b.Fatal(err)
	}
	newCost := time.Since(t0)
	defer sb.Close()
	if !sb.Enforced() {
		b.Fatalf("not enforced: %s", sb.Status())
	}
	if cold {
		sb.kernel.spares.stop()
	}
	if init != "" {
		sb.setInit(init)
	}
	var plain, boxed, diff, started []time.Duration
	for b.Loop() {
		b.StopTimer()
		if !cold && sb.kernel.spares.readySpare() == nil {
			b.Fatal("no spare init is ready")
		}
		b.StartTimer()
		p, _ := runTrue(b, spec.Root, startPlain)
		s, st := runTrue(b, spec.Root, sb.Start)
		plain, boxed, diff, started = append(plain, p), append(boxed, s), append(diff, s-p), append(started, st)
	}
	// Medians of the pairs: a loaded machine's outliers do not decide.
	ms := func(d []time.Duration) float64 {
		slices.Sort(d)
		return float64(d[len(d)/2].Microseconds()) / 1000
	}
	b.ReportMetric(ms(plain), "plain-ms")
	b.ReportMetric(ms(boxed), "sandboxed-ms")
	b.ReportMetric(ms(diff), "cost-ms")
	b.ReportMetric(ms(started), "start-ms")
	b.ReportMetric(float64(newCost.Microseconds())/1000, "new-ms")
	b.ReportMetric(float64(len(sb.plan.readOnly)+len(sb.plan.masks)), "mounts")
	if n := sb.kernel.spares.cold.Load(); !cold && n > 0 {
		b.Fatalf("%d of the sandboxed starts were cold", n)
	}
}

// runTrue starts /bin/true in dir with start and waits for it: the time
// to its end and the time until start returned.
func runTrue(b *testing.B, dir string, start func(*exec.Cmd) (*Program, error)) (total, started time.Duration) {
	cmd := exec.Command("/bin/true")
	cmd.Dir = dir
	t := time.Now()
	p, err := start(cmd)
	if err != nil {
		b.Fatal(err)
	}
	started = time.Since(t)
	if exit, err := p.Wait(); err != nil || exit != (Exit{}) {
		b.Fatal(exit, err)
	}
	return time.Since(t), started
}
