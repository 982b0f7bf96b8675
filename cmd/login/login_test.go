package login

import (
	"testing"
	"time"

	"github.com/wtagent/wtagent/internal/cmdutil/cmdtest"
)

// TestNewCmdLogin: the flags and arguments the command parses, and the
// invocations it refuses before running.
func TestNewCmdLogin(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		check   func(*Options) bool
		wantErr bool
	}{
		{"defaults", nil, func(o *Options) bool { return o.Timeout == 15*time.Minute && o.ChatGPTURL == "" && !o.Headless }, false},
		{"mock page", []string{"--chatgpt-url", "http://127.0.0.1:1", "--headless", "--timeout", "90s", "--chrome", "/c"}, func(o *Options) bool {
			return o.ChatGPTURL == "http://127.0.0.1:1" && o.Headless && o.Timeout == 90*time.Second && o.Chrome == "/c"
		}, false},
		{"bad duration", []string{"--timeout", "soon"}, func(o *Options) bool { return true }, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, _, _, _ := cmdtest.Factory(t, nil)
			var got *Options
			err := cmdtest.Execute(f, NewCmdLogin(f, func(o *Options) error { got = o; return nil }), tc.args...)
			if tc.wantErr {
				if err == nil || got != nil {
					t.Fatalf("err %v, ran with %+v", err, got)
				}
				return
			}
			if err != nil || got.IO != f.IOStreams || !tc.check(got) {
				t.Fatalf("err %v, options %+v", err, got)
			}
		})
	}
}
