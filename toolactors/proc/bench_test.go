//go:build unix

package proc

import (
	"context"
	"os"
	"testing"
	"time"
)

// BenchmarkTreeKill measures the time from the timeout to the last
// process of a 20-process tree gone (one grandchild in its own session,
// orphaned), for a tree that exits on SIGTERM and one that ignores it
// (which takes the grace period, then SIGKILL).
func BenchmarkTreeKill(b *testing.B) {
	const grace = 500 * time.Millisecond
	for _, mode := range []string{"term", "ignore-term"} {
		b.Run(mode, func(b *testing.B) {
			dir := b.TempDir()
			trap := ""
			if mode == "ignore-term" {
				trap = `trap "" TERM HUP; `
			}
			// top + 17 sleeps + 1 intermediate shell's setsid child + its sleep
			script := trap + `for i in $(seq 17); do sleep 300 & done; sh -c 'setsid sh -c "sleep 300 & exec sleep 300" &'; sleep 300`
			var took time.Duration
			for b.Loop() {
				plan := Plan{Program: "sh", Path: "/bin/sh", Argv: []string{"-c", script}, Dir: dir, Env: os.Environ()}
				sp, err := Spawn(plan, true, nil)
				if err != nil {
					b.Fatal(err)
				}
				for len(sp.Tree.Scan(context.Background())) < 20 {
					time.Sleep(5 * time.Millisecond)
				}
				rep := sp.Tree.Terminate(context.Background(), grace)
				sp.Wait()
				sp.CloseAll()
				if len(rep.Survivors) > 0 || len(sp.Tree.Scan(context.Background())) > 0 {
					b.Fatalf("survivors %v", rep.Survivors)
				}
				took += rep.Took
			}
			b.ReportMetric(float64(took.Milliseconds())/float64(b.N), "kill-ms")
			b.ReportMetric(float64(grace.Milliseconds()), "grace-ms")
		})
	}
}
