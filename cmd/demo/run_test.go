package demo

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/spf13/pflag"

	"github.com/wtagent/wtagent/internal/app"
	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/cmdutil/cmdtest"
	"github.com/wtagent/wtagent/internal/iostreams"
	"github.com/wtagent/wtagent/internal/settings"
)

// TestDemoRun: demoRun over captured streams: the scenario through the
// scripted provider (--browser never) runs to its end in the given
// directory and names what it leaves; an unknown --browser and a bad run
// flag are usage errors.
func TestDemoRun(t *testing.T) {
	tests := []struct {
		name      string
		browser   string
		args      []string
		want      []string // in stdout
		wantUsage string
	}{
		{name: "the scripted scenario", browser: "never", args: []string{"--sandbox", "off"},
			want: []string{"wtagent demo left the project", "wtagent sessions rm "}},
		{name: "an unknown browser mode", browser: "sometimes", wantUsage: "sometimes"},
		{name: "a bad run flag", browser: "never", args: []string{"--approvals", "sometimes"}, wantUsage: "--approvals"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if tc.wantUsage == "" && testing.Short() {
				t.Skip("runs the whole scenario; not under -short")
			}
			home, getenv := cmdtest.Home(t, nil)
			ios, _, out, errOut := iostreams.Test()
			released := 0
			o := &Options{Home: home, ReleaseSignals: func() { released++ }, Browser: tc.browser, Dir: t.TempDir(),
				Env: app.Env{IO: ios, Getenv: getenv, Environ: func() []string { return nil }, GOOS: "linux", Now: time.Now, LogLevel: "warn"}}
			fs := pflag.NewFlagSet("demo", pflag.ContinueOnError)
			settings.AddFlags(fs, &o.Flags)
			if err := fs.Parse(tc.args); err != nil {
				t.Fatal(err)
			}
			err := demoRun(context.Background(), o)
			if released != 1 {
				t.Errorf("the signals were released %d times, want once", released)
			}
			if tc.wantUsage != "" {
				var fe *cmdutil.FlagError
				if !errors.As(err, &fe) || !strings.Contains(err.Error(), tc.wantUsage) {
					t.Fatalf("error %v, want a usage error naming %q", err, tc.wantUsage)
				}
				return
			}
			if err != nil {
				t.Fatalf("%v\n%s\n%s", err, out, errOut)
			}
			for _, w := range append(tc.want, o.Dir) {
				if !strings.Contains(out.String(), w) {
					t.Errorf("stdout lacks %q:\n%s", w, out)
				}
			}
		})
	}
}
