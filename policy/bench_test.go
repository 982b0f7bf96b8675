package policy

import (
	"fmt"
	"testing"
)

func BenchmarkClassify(b *testing.B) {
	cmds := [][]string{
		{"go", "test", "./..."}, {"git", "-C", "x", "push", "origin", "main"},
		{"env", "CI=1", "timeout", "60", "npm", "run", "build"}, {"curl", "-sSX", "POST", "https://x", "-d", "@f"},
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		c := cmds[i%len(cmds)]
		Classify(c[0], c[1:])
	}
}

func BenchmarkCheckExec(b *testing.B) {
	p := newProject(&testing.T{})
	defer p.b.Close()
	e := engineFor(p, ModePrompt)
	call := exec("go", "test", "-run", "TestX", "./src/...", "-coverprofile=cover.out")
	b.ReportAllocs()
	for b.Loop() {
		e.Check(call)
	}
}

func BenchmarkCheckRead(b *testing.B) {
	p := newProject(&testing.T{})
	defer p.b.Close()
	e := engineFor(p, ModePrompt)
	call := read("src/main.go")
	b.ReportAllocs()
	for b.Loop() {
		e.Check(call)
	}
}

func BenchmarkScrubEnv(b *testing.B) {
	env := make([]string, 0, 120)
	for i := range 100 {
		env = append(env, fmt.Sprintf("VAR_%d=/some/value/%d", i, i))
	}
	env = append(env, "GITHUB_TOKEN=ghp_x", "PATH=/usr/bin", "HTTPS_PROXY=http://u:p@proxy:3128")
	b.ReportAllocs()
	for b.Loop() {
		ScrubEnv(env, nil)
	}
	b.ReportMetric(float64(len(env)), "vars/op")
}
