//go:build linux

package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
)

// initFirstAllowed are the packages outside the standard library that may
// be initialised before the sandbox's init takes over (see package
// nsinit's doc): each imports nothing but the standard library's pure
// packages and its initialisation only fills a table.
var initFirstAllowed = map[string]string{
	"github.com/charmbracelet/x/ansi/parser": "imports only math; fills a 4 KB transition table",
}

// TestSandboxInitRunsFirst: wtagent started as a sandbox init
// (WTAGENT_SANDBOX_INIT=1) takes over in package nsinit's init function
// before any package of wtagent or of its dependencies is initialised,
// so a sandboxed program does not pay for them (policy/secrets' regular
// expressions, protobuf's detrand, …). GODEBUG=inittrace=1 prints a line
// for each package once its initialisation is done: the init exits
// within its own, so the lines printed are exactly the packages
// initialised before it.
func TestSandboxInitRunsFirst(t *testing.T) {
	skipShort(t)
	cmd := exec.Command(binary, "-no-such-option")
	cmd.Args[0] = "wtagent-sandbox-init"
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "GODEBUG=") && !strings.HasPrefix(kv, "WTAGENT_SANDBOX_INIT=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, "WTAGENT_SANDBOX_INIT=1", "GODEBUG=inittrace=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	if ee := (*exec.ExitError)(nil); !errors.As(err, &ee) || ee.ExitCode() != 127 ||
		!strings.Contains(stderr.String(), "sandbox init: bad arguments") {
		t.Fatalf("the init did not refuse its bad arguments (%v):\n%s", err, stderr.String())
	}
	var before []string
	for _, line := range strings.Split(stderr.String(), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 || f[0] != "init" {
			continue
		}
		before = append(before, f[1])
		first, _, _ := strings.Cut(f[1], "/")
		if _, ok := initFirstAllowed[f[1]]; strings.Contains(first, ".") && !ok {
			t.Errorf("package %s is initialised before the sandbox's init", f[1])
		}
	}
	if len(before) == 0 {
		t.Fatalf("no inittrace output: GODEBUG=inittrace=1 did not apply:\n%s", stderr.String())
	}
	t.Logf("initialised before the sandbox's init: %s", strings.Join(before, " "))
}
