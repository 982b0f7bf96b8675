package main

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strings"
)

// row is one figure of the table.
type row struct {
	name, target string
	measure      func() result
}

// result is a measured figure beside its baseline.
type result struct {
	name, target       string
	measured, baseline string
	// ok is "yes", "no" or "n/a" (when the figure could not be measured).
	ok   string
	note string
}

func verdict(met bool) string {
	if met {
		return "yes"
	}
	return "no"
}

func failed(err error) result {
	return result{measured: "error", baseline: "-", ok: "n/a", note: err.Error()}
}

func printTable(w io.Writer, rows []result) {
	fmt.Fprintln(w, "| figure | measured | baseline measured beside it | target | met |")
	fmt.Fprintln(w, "| --- | --- | --- | --- | --- |")
	for _, r := range rows {
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s |\n", r.name, r.measured, r.baseline, r.target, r.ok)
	}
	for _, r := range rows {
		if r.note != "" {
			fmt.Fprintf(w, "\n- %s: %s", r.name, r.note)
		}
	}
	fmt.Fprintln(w)
}

func contains(s, sub string) bool { return strings.Contains(strings.ToLower(s), strings.ToLower(sub)) }

// sh runs a command with its output on stderr.
func sh(dir string, env []string, name string, args ...string) error {
	cmd := exec.Command(name, args...)
	cmd.Dir, cmd.Stdout, cmd.Stderr = dir, os.Stderr, os.Stderr
	cmd.Env = append(os.Environ(), env...)
	return cmd.Run()
}

func machine() string {
	return fmt.Sprintf("%s/%s, %d CPUs, %s", runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), runtime.Version())
}
