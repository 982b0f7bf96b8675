//go:build unix

package tools

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/internal/tooltest"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/protocol"
)

// BenchmarkExecOutput runs a program printing 200 MB through
// terminal.exec (PTY, live output, spool, head/tail capture) and the same
// program with its output to /dev/null, and reports the wall-time ratio
// and the peak heap.
func BenchmarkExecOutput(b *testing.B) {
	const size = 200 << 20
	bd := tooltest.NewBoundary(b)
	var live atomic.Int64
	d := Deps{Paths: bd, Output: func(o messages.ToolOutput) { live.Add(int64(len(o.Data))) }}
	var ptyTime, nullTime time.Duration
	var peak uint64
	for b.Loop() {
		stop := sampleHeap(&peak)
		start := time.Now()
		res := Run(context.Background(), d, tooltest.Invoke(protocol.ToolTerminalExec, &protocol.ExecArgs{Program: "sh", Argv: []string{"-c", hugeScript(size)}, TimeoutMS: 600000}))
		ptyTime += time.Since(start)
		stop()
		if res.Status != event.ToolOK {
			b.Fatalf("%s %s", res.Status, res.Message)
		}
		start = time.Now()
		if err := exec.Command("sh", "-c", "("+hugeScript(size)+") > /dev/null").Run(); err != nil {
			b.Fatal(err)
		}
		nullTime += time.Since(start)
	}
	n := float64(b.N)
	b.ReportMetric(float64(size)/(1<<20)/(ptyTime.Seconds()/n), "MB/s")
	b.ReportMetric(ptyTime.Seconds()/nullTime.Seconds(), "x-devnull")
	b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
}

// sampleHeap records the peak HeapInuse until the returned stop is called.
func sampleHeap(peak *uint64) func() {
	done, stopped := make(chan struct{}), make(chan struct{})
	go func() {
		defer close(stopped)
		t := time.NewTicker(20 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				var m runtime.MemStats
				runtime.ReadMemStats(&m)
				*peak = max(*peak, m.HeapInuse)
			}
		}
	}()
	return func() { close(done); <-stopped }
}

// BenchmarkSearch compares the Go engine with ripgrep on a generated tree
// (WTAGENT_BENCH_FILES files, 2000 by default; 50000 for the big run).
func BenchmarkSearch(b *testing.B) {
	files := 2000
	if v, err := strconv.Atoi(os.Getenv("WTAGENT_BENCH_FILES")); err == nil && v > 0 {
		files = v
	}
	bd := benchTree(b, files)
	cases := []struct {
		name string
		args protocol.FSSearchArgs
	}{
		{"rare", protocol.FSSearchArgs{Pattern: "needle_rare", Path: ".", MaxResults: 200}},
		{"common-capped", protocol.FSSearchArgs{Pattern: "func", Path: ".", MaxResults: 200}},
		{"regex", protocol.FSSearchArgs{Pattern: `needle_\w+ = \d+`, Regex: true, Path: ".", MaxResults: 2000}},
	}
	for _, tc := range cases {
		for _, engine := range []string{"go", "ripgrep"} {
			if engine == "ripgrep" {
				if _, err := exec.LookPath("rg"); err != nil {
					continue
				}
			}
			b.Run(tc.name+"/"+engine, func(b *testing.B) {
				d := Deps{Paths: bd, NoRipgrep: engine == "go"}
				hits := 0
				for b.Loop() {
					res := Run(context.Background(), d, tooltest.Invoke(protocol.ToolFSSearch, &tc.args))
					if res.Status != event.ToolOK {
						b.Fatalf("%s", res.Message)
					}
					hits = len(tooltest.Decode[SearchResult](b, res).Hits)
				}
				b.ReportMetric(float64(files), "files")
				b.ReportMetric(float64(hits), "hits")
			})
		}
	}
}

// benchTree writes files source-like files in nested directories with
// .gitignore files that exclude a tenth of them.
func benchTree(b *testing.B, files int) *tooltest.Boundary {
	bd := tooltest.NewBoundary(b)
	body := strings.Repeat("func handler(w http.ResponseWriter, r *http.Request) {\n\tlog.Printf(\"%s %s\", r.Method, r.URL)\n}\n", 20)
	for i := 0; i < files; i++ {
		dir := filepath.Join(bd.Dir(), fmt.Sprintf("pkg%02d/sub%02d", i%50, (i/50)%20))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			b.Fatal(err)
		}
		content := body
		if i%97 == 0 {
			content += fmt.Sprintf("var needle_rare = %d\n", i)
		}
		name := fmt.Sprintf("file%05d.go", i)
		if i%10 == 0 {
			name = fmt.Sprintf("gen%05d.out", i)
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			b.Fatal(err)
		}
	}
	for i := 0; i < 50; i++ {
		_ = os.WriteFile(filepath.Join(bd.Dir(), fmt.Sprintf("pkg%02d/.gitignore", i)), []byte("*.out\n"), 0o644)
	}
	_ = os.WriteFile(filepath.Join(bd.Dir(), ".gitignore"), []byte("/build/\nnode_modules/\n"), 0o644)
	return bd
}
