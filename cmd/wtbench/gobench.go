package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
)

// metrics are a benchmark's reported values by unit (ns/op, custom units).
type metrics map[string]float64

// goBench runs the benchmarks matching pattern in pkg and returns the
// metrics of each, by benchmark name (without the -N CPU suffix).
func goBench(pkg, pattern, benchtime string, env ...string) (map[string]metrics, error) {
	cmd := exec.Command("go", "test", "-run", "^$", "-bench", pattern, "-benchtime", benchtime, "-timeout", "20m", pkg)
	cmd.Env = append(os.Environ(), env...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, os.Stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("go test -bench %s %s: %w\n%s", pattern, pkg, err, out.String())
	}
	res := map[string]metrics{}
	sc := bufio.NewScanner(&out)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 4 || !strings.HasPrefix(f[0], "Benchmark") {
			continue
		}
		name := f[0]
		if i := strings.LastIndexByte(name, '-'); i > 0 {
			if _, err := strconv.Atoi(name[i+1:]); err == nil {
				name = name[:i]
			}
		}
		m := metrics{}
		for i := 2; i+1 < len(f); i += 2 {
			if v, err := strconv.ParseFloat(f[i], 64); err == nil {
				m[f[i+1]] = v
			}
		}
		res[name] = m
	}
	if len(res) == 0 {
		return nil, fmt.Errorf("no benchmark matched %s in %s", pattern, pkg)
	}
	return res, nil
}
