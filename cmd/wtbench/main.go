// Command wtbench measures wtagent's speed and footprint against their
// baselines and prints one table (`make bench`). In-process work is measured
// with the packages' Go benchmarks; whole-program figures (peak memory,
// status latency, the latency from the page's last token to the parsed
// turn) run the real wtagent binary.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

func main() {
	quick := flag.Bool("quick", false, "smaller inputs (a smoke run, not the figures)")
	only := flag.String("only", "", "run only the rows whose name contains this")
	flag.Parse()
	if err := run(*quick, *only); err != nil {
		fmt.Fprintln(os.Stderr, "wtbench:", err)
		os.Exit(1)
	}
}

func run(quick bool, only string) error {
	start := time.Now()
	dir, err := os.MkdirTemp("", "wtbench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	bin := filepath.Join(dir, "wtagent")
	if err := sh("", nil, "go", "build", "-o", bin, "./cmd/wtagent"); err != nil {
		return fmt.Errorf("build wtagent: %w", err)
	}
	b := &bench{bin: bin, dir: dir, quick: quick}
	var rows []result
	for _, r := range b.rows() {
		if only != "" && !contains(r.name, only) {
			continue
		}
		fmt.Fprintf(os.Stderr, "wtbench: %s …\n", r.name)
		t0 := time.Now()
		res := r.measure()
		res.name, res.target = r.name, r.target
		fmt.Fprintf(os.Stderr, "wtbench: %s: %s (%s)\n", r.name, res.measured, time.Since(t0).Round(time.Second))
		rows = append(rows, res)
	}
	printTable(os.Stdout, rows)
	fmt.Printf("\n%d rows in %s on %s\n", len(rows), time.Since(start).Round(time.Second), machine())
	return nil
}
