package run

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spf13/pflag"

	"github.com/wtagent/wtagent/internal/app"
	"github.com/wtagent/wtagent/internal/cmdutil/cmdtest"
	"github.com/wtagent/wtagent/internal/iostreams"
	"github.com/wtagent/wtagent/internal/settings"
	"github.com/wtagent/wtagent/session"
)

// TestRunRun: runRun over captured streams (no terminal): a task given as
// arguments runs to its end with the scripted model; the task comes from
// stdin when none is given; bad flags are usage errors before any session
// exists; -c without a session to continue is an error naming the
// project; and the run takes the signals from main first.
func TestRunRun(t *testing.T) {
	answer := cmdtest.DoneScript(t, "Two and two make four.")
	tests := []struct {
		name      string
		args      []string // flags and the task
		stdin     string
		continue_ bool
		want      string // in stdout
		wantUsage bool
		wantErr   string
		sessions  int // sessions left in the data root
	}{
		{name: "a task", args: []string{"--provider", "script", "--script", answer, "--sandbox", "off", "what is two and two?"},
			want: "Two and two make four.", sessions: 1},
		{name: "the task from stdin", args: []string{"--provider", "script", "--script", answer, "--sandbox", "off"}, stdin: "what is two and two?\n",
			want: "Two and two make four.", sessions: 1},
		{name: "no task", args: []string{"--provider", "script", "--script", answer}, wantUsage: true, wantErr: "no task given"},
		{name: "a script provider without a script", args: []string{"--provider", "script", "t"}, wantUsage: true, wantErr: "--provider script needs --script FILE"},
		{name: "a script that is not there", args: []string{"--provider", "script", "--script", filepath.Join(t.TempDir(), "none.jsonl"), "t"},
			wantUsage: true, wantErr: "--script"},
		{name: "an unknown approvals mode", args: []string{"--approvals", "sometimes", "t"}, wantUsage: true, wantErr: "--approvals"},
		{name: "continue without a session", continue_: true, args: []string{"--provider", "script", "--script", answer}, wantErr: "no session to continue in"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			home, getenv := cmdtest.Home(t, nil)
			ios, in, out, _ := iostreams.Test()
			in.WriteString(tc.stdin)
			root := t.TempDir()
			released := 0
			o := &Options{Home: home, ReleaseSignals: func() { released++ }, Continue: tc.continue_,
				Env: app.Env{IO: ios, Getenv: getenv, Environ: func() []string { return nil }, GOOS: "linux", Now: time.Now,
					ProjectRoot: func() (string, error) { return root, nil }, LogLevel: "warn"}}
			fs := pflag.NewFlagSet("run", pflag.ContinueOnError)
			settings.AddFlags(fs, &o.Flags)
			if err := fs.Parse(tc.args); err != nil {
				t.Fatal(err)
			}
			o.Args = fs.Args()
			err := runRun(context.Background(), o)
			if released != 1 {
				t.Errorf("the signals were released %d times, want once", released)
			}
			switch {
			case tc.wantErr != "":
				cmdtest.CheckError(t, err, tc.wantErr, tc.wantUsage)
			case err != nil:
				t.Fatalf("%v\n%s", err, out)
			case !strings.Contains(out.String(), tc.want):
				t.Fatalf("stdout lacks %q:\n%s", tc.want, out)
			}
			h, err := home()
			if err != nil {
				t.Fatal(err)
			}
			if list, err := session.List(h); err != nil || len(list) != tc.sessions {
				t.Fatalf("%d sessions left (%v), want %d", len(list), err, tc.sessions)
			}
		})
	}
}
