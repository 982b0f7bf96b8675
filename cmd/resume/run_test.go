package resume

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/spf13/pflag"

	"github.com/wtagent/wtagent/internal/app"
	"github.com/wtagent/wtagent/internal/cmdutil/cmdtest"
	"github.com/wtagent/wtagent/internal/config"
	"github.com/wtagent/wtagent/internal/iostreams"
	"github.com/wtagent/wtagent/internal/settings"
	"github.com/wtagent/wtagent/session"
)

// testEnv is an Env over ios, without a terminal, in project root.
func testEnv(ios *iostreams.IOStreams, getenv func(string) string, root string) app.Env {
	return app.Env{IO: ios, Getenv: getenv, Environ: func() []string { return nil }, GOOS: "linux", Now: time.Now,
		ProjectRoot: func() (string, error) { return root, nil }, LogLevel: "warn"}
}

// finishedSession runs one scripted task to its end in root and returns
// the session's id.
func finishedSession(t *testing.T, env app.Env, home func() (session.Home, error), root string) string {
	t.Helper()
	h, err := home()
	if err != nil {
		t.Fatal(err)
	}
	fs := pflag.NewFlagSet("run", pflag.ContinueOnError)
	var flags settings.Flags
	settings.AddFlags(fs, &flags)
	if err := fs.Parse([]string{"--provider", "script", "--script", cmdtest.DoneScript(t, "First answer."), "--sandbox", "off"}); err != nil {
		t.Fatal(err)
	}
	st, err := settings.Resolve(config.File{}, &flags, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := app.Execute(context.Background(), app.Options{Env: env, Settings: st, Home: h, Root: root, Task: "first question"}); err != nil {
		t.Fatal(err)
	}
	list, err := session.List(h)
	if err != nil || len(list) != 1 {
		t.Fatalf("sessions %v: %v", list, err)
	}
	return list[0].ID
}

// TestResumeRun: resumeRun over captured streams (no terminal): a session
// resumed by id or with --last runs its new instruction to the end; without
// an id there is no terminal to pick one on (a usage error); --last with no
// session and a malformed id are errors; the run takes the signals from
// main first.
func TestResumeRun(t *testing.T) {
	tests := []struct {
		name      string
		o         Options
		byID      bool // resume the finished session by its id
		none      bool // the data root holds no session
		wantUsage bool
		wantErr   string
	}{
		{name: "by id", byID: true, o: Options{Text: "second question"}},
		{name: "the last", o: Options{Last: true, Text: "second question"}},
		{name: "no id without a terminal", wantUsage: true, wantErr: "give a session id"},
		{name: "the last of none", none: true, o: Options{Last: true}, wantErr: "no session to resume under"},
		{name: "a malformed id", o: Options{ID: "nope"}, wantUsage: true, wantErr: "nope"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			home, getenv := cmdtest.Home(t, nil)
			ios, _, out, _ := iostreams.Test()
			root := t.TempDir()
			env := testEnv(ios, getenv, root)
			id := ""
			if !tc.none {
				id = finishedSession(t, env, home, root)
			}
			out.Reset()
			released := 0
			o := tc.o
			o.Env, o.Home, o.ReleaseSignals = env, home, func() { released++ }
			if tc.byID {
				o.ID = id
			}
			fs := pflag.NewFlagSet("resume", pflag.ContinueOnError)
			settings.AddFlags(fs, &o.Flags)
			if err := fs.Parse([]string{"--script", cmdtest.DoneScript(t, "Second answer.")}); err != nil {
				t.Fatal(err)
			}
			err := resumeRun(context.Background(), &o)
			if released != 1 {
				t.Errorf("the signals were released %d times, want once", released)
			}
			switch {
			case tc.wantErr != "":
				cmdtest.CheckError(t, err, tc.wantErr, tc.wantUsage)
			case err != nil:
				t.Fatalf("%v\n%s", err, out)
			case !strings.Contains(out.String(), "Second answer."):
				t.Fatalf("the new instruction was not answered:\n%s", out)
			}
		})
	}
}
