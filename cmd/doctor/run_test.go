package doctor

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/cmdutil/cmdtest"
	"github.com/wtagent/wtagent/internal/iostreams"
)

// TestDoctorRun: doctorRun over captured streams, without starting Chrome:
// the checks print one line each (one JSON object each with --json), a
// Chrome that is not there is an error that fails the command (exit 1),
// and --bundle without --page or a malformed --chrome-url are usage
// errors that check nothing.
func TestDoctorRun(t *testing.T) {
	const missing = "/nonexistent/chrome"
	tests := []struct {
		name      string
		o         Options
		want      []string // in stdout
		wantUsage string
	}{
		{name: "the checks", want: []string{"home", "config", "chrome", missing}},
		{name: "json", o: Options{JSON: true}, want: []string{`"name":"home"`, `"name":"chrome"`, `"level":"error"`}},
		{name: "a bundle without the page", o: Options{Bundle: "b.zip"}, wantUsage: "--bundle needs --page"},
		{name: "a malformed chrome url", o: Options{ChromeURL: "ftp://127.0.0.1:9222"}, wantUsage: "--chrome-url"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, getenv := cmdtest.Home(t, map[string]string{"WTAGENT_CHROME": missing})
			ios, _, out, _ := iostreams.Test()
			o := tc.o
			o.IO, o.Getenv, o.GOOS = ios, getenv, "linux"
			err := doctorRun(context.Background(), &o)
			if tc.wantUsage != "" {
				var fe *cmdutil.FlagError
				if !errors.As(err, &fe) || !strings.Contains(err.Error(), tc.wantUsage) || out.Len() != 0 {
					t.Fatalf("error %v, want a usage error naming %q and no checks\n%s", err, tc.wantUsage, out)
				}
				return
			}
			var ee *cmdutil.ExitError
			if !errors.As(err, &ee) || ee.Code != cmdutil.ExitFailed {
				t.Fatalf("error %v, want exit %d for the missing Chrome\n%s", err, cmdutil.ExitFailed, out)
			}
			for _, w := range tc.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
			if o.JSON {
				for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
					var r map[string]any
					if err := json.Unmarshal([]byte(line), &r); err != nil || r["name"] == nil {
						t.Errorf("not a check as JSON: %q (%v)", line, err)
					}
				}
			}
		})
	}
}
