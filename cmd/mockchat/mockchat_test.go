package mockchat

import (
	"errors"
	"testing"
	"time"

	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/cmdutil/cmdtest"
)

// TestNewCmdMockchat: the flags and arguments the command parses, and the
// invocations it refuses before running.
func TestNewCmdMockchat(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		check   func(*Options) bool
		wantErr bool
	}{
		{"defaults", []string{"--script", "s.jsonl"}, func(o *Options) bool {
			return o.Script == "s.jsonl" && o.Addr == "127.0.0.1:0" && !o.LoggedOut && o.StreamGap == 15*time.Millisecond
		}, false},
		{"all flags", []string{"--script", "s", "--addr", ":9", "--logged-out", "--stream-gap", "0s"}, func(o *Options) bool { return o.Addr == ":9" && o.LoggedOut && o.StreamGap == 0 }, false},
		{"a page generation", []string{"--script", "s", "--dom", "2026-09"}, func(o *Options) bool { return o.DOM == "2026-09" }, false},
		{"a UI language", []string{"--script", "s", "--lang", "tr"}, func(o *Options) bool { return o.Lang == "tr" }, false},
		{"rate-limited reads", []string{"--script", "s", "--read-retry-after", "1"}, func(o *Options) bool { return o.ReadRetryAfter == 1 }, false},
		{"a negative read limit", []string{"--script", "s", "--read-retry-after", "-1"}, func(o *Options) bool { return true }, true},
		{"an unknown UI language", []string{"--script", "s", "--lang", "xx"}, func(o *Options) bool { return true }, true},
		{"an unknown page generation", []string{"--script", "s", "--dom", "2027"}, func(o *Options) bool { return true }, true},
		{"an argument", []string{"x"}, func(o *Options) bool { return true }, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, _, _, _ := cmdtest.Factory(t, nil)
			var got *Options
			err := cmdtest.Execute(f, NewCmdMockchat(f, func(o *Options) error { got = o; return nil }), tc.args...)
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

// TestMockchatNeedsAScript: without --script the command is a usage error
// and serves nothing.
func TestMockchatNeedsAScript(t *testing.T) {
	f, _, out, _ := cmdtest.Factory(t, nil)
	var fe *cmdutil.FlagError
	if err := cmdtest.Execute(f, NewCmdMockchat(f, nil)); !errors.As(err, &fe) || out.Len() != 0 {
		t.Fatalf("err %v, output %q", err, out)
	}
}
