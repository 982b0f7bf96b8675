// Package cmdtest helps test commands: a Factory over captured streams and
// a private data root, and a way to run one command with arguments.
package cmdtest

import (
	"bytes"
	"runtime"
	"testing"

	"github.com/spf13/cobra"

	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/iostreams"
	"github.com/wtagent/wtagent/session"
)

// Factory is a Factory whose streams are buffers (returned: stdin, stdout,
// stderr), whose environment is env (with WTAGENT_HOME set to a fresh
// directory unless env sets it) and whose working directory is a fresh
// directory.
func Factory(t testing.TB, env map[string]string) (f *cmdutil.Factory, in, out, errOut *bytes.Buffer) {
	t.Helper()
	ios, in, out, errOut := iostreams.Test()
	e := map[string]string{"WTAGENT_HOME": t.TempDir()}
	for k, v := range env {
		e[k] = v
	}
	wd := t.TempDir()
	f = cmdutil.New()
	f.IOStreams = ios
	f.Getenv = func(k string) string { return e[k] }
	f.Environ = func() []string { return nil }
	f.Getwd = func() (string, error) { return wd, nil }
	return f, in, out, errOut
}

// Home is a data root in a fresh directory, as a command's Options.Home
// takes it, and the getenv that names it (WTAGENT_HOME, unless env sets
// it; env's other variables too).
func Home(t testing.TB, env map[string]string) (home func() (session.Home, error), getenv func(string) string) {
	t.Helper()
	e := map[string]string{"WTAGENT_HOME": t.TempDir()}
	for k, v := range env {
		e[k] = v
	}
	getenv = func(k string) string { return e[k] }
	return cmdutil.HomeOf(getenv, runtime.GOOS), getenv
}

// Execute runs cmd with args, its output going to f's streams, and
// returns its error. Usage errors come back as they would from the root
// command.
func Execute(f *cmdutil.Factory, cmd *cobra.Command, args ...string) error {
	cmd.SetArgs(args)
	cmd.SetIn(f.IOStreams.In)
	cmd.SetOut(f.IOStreams.Out)
	cmd.SetErr(f.IOStreams.ErrOut)
	cmd.SilenceUsage, cmd.SilenceErrors = true, true
	cmd.SetFlagErrorFunc(cmdutil.FlagErrorFunc)
	return cmd.Execute()
}

// EmptySession creates, in a private data root, the session id that ran
// nothing (no turn, no change), and returns that root and its getenv.
func EmptySession(t testing.TB, id string) (home func() (session.Home, error), getenv func(string) string) {
	t.Helper()
	home, getenv = Home(t, nil)
	h, err := home()
	if err != nil {
		t.Fatal(err)
	}
	s, err := session.Create(h, session.Meta{ID: id, Root: t.TempDir(), Task: "nothing", Provider: "script"})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	return home, getenv
}
