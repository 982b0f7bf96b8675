package acp

import (
	"bufio"
	"context"
	"errors"
	"io"
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

// TestACPRun: acpRun serves the Agent Client Protocol on its streams: a
// request gets its answer on stdout (initialize: the agent's name and
// capabilities; a line that is not JSON: a parse error), and the agent
// ends when the client closes stdin; a bad run flag is a usage error
// before anything is served.
func TestACPRun(t *testing.T) {
	tests := []struct {
		name      string
		request   string
		args      []string
		want      []string // in the answer
		wantUsage string
	}{
		{name: "initialize", request: `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}}`,
			want: []string{`"id":1`, `"name":"wtagent"`, `"loadSession":true`}},
		{name: "not JSON", request: `hello`, want: []string{`"code":-32700`}},
		{name: "a bad run flag", args: []string{"--approvals", "sometimes"}, wantUsage: "--approvals"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			home, getenv := cmdtest.Home(t, nil)
			ios, _, _, _ := iostreams.Test()
			inR, inW := io.Pipe()
			outR, outW := io.Pipe()
			ios.In, ios.Out = inR, outW
			o := &Options{Home: home, Env: app.Env{IO: ios, Getenv: getenv, Environ: func() []string { return nil },
				GOOS: "linux", Now: time.Now, LogLevel: "warn"}}
			fs := pflag.NewFlagSet("acp", pflag.ContinueOnError)
			settings.AddFlags(fs, &o.Flags)
			if err := fs.Parse(tc.args); err != nil {
				t.Fatal(err)
			}
			ended := make(chan error, 1)
			go func() {
				err := acpRun(context.Background(), o)
				outW.Close()
				ended <- err
			}()
			if tc.wantUsage != "" {
				err := <-ended
				var fe *cmdutil.FlagError
				if !errors.As(err, &fe) || !strings.Contains(err.Error(), tc.wantUsage) {
					t.Fatalf("error %v, want a usage error naming %q", err, tc.wantUsage)
				}
				return
			}
			if _, err := io.WriteString(inW, tc.request+"\n"); err != nil {
				t.Fatal(err)
			}
			answer, err := bufio.NewReader(outR).ReadString('\n')
			if err != nil {
				t.Fatalf("no answer: %v", err)
			}
			for _, w := range tc.want {
				if !strings.Contains(answer, w) {
					t.Errorf("the answer lacks %s:\n%s", w, answer)
				}
			}
			inW.Close()
			go io.Copy(io.Discard, outR) // whatever else it says as it ends
			if err := <-ended; err != nil {
				t.Fatalf("the agent did not end cleanly when stdin closed: %v", err)
			}
		})
	}
}
