package diff

import (
	"testing"

	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/cmdutil/cmdtest"
)

// TestNewCmdDiff: the flags and arguments the command parses, and the
// invocations it refuses before running.
func TestNewCmdDiff(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		check   func(*Options) bool
		wantErr bool
	}{
		{"whole session", []string{"S"}, func(o *Options) bool { return o.ID == "S" && o.Turn == 0 }, false},
		{"one turn", []string{"S", "--turn", "3"}, func(o *Options) bool { return o.ID == "S" && o.Turn == 3 && o.TurnSet }, false},
		{"no id", nil, func(o *Options) bool { return true }, true},
		{"turn not a number", []string{"S", "--turn", "x"}, func(o *Options) bool { return true }, true},
		{"turn 0", []string{"S", "--turn", "0"}, func(o *Options) bool { return true }, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, _, _, _ := cmdtest.Factory(t, nil)
			var got *Options
			err := cmdtest.Execute(f, NewCmdDiff(f, func(o *Options) error { got = o; return nil }), tc.args...)
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

// TestCheckTurn: a --turn the session has passes; one past its last turn
// is a usage error naming the range.
func TestCheckTurn(t *testing.T) {
	for _, tc := range []struct {
		o    Options
		last int
		want string
	}{
		{Options{ID: "S"}, 0, ""},
		{Options{ID: "S", Turn: 3, TurnSet: true}, 6, ""},
		{Options{ID: "S", Turn: 6, TurnSet: true}, 6, ""},
		{Options{ID: "S", Turn: 9, TurnSet: true}, 6, "--turn 9: session S has turns 1 to 6"},
		{Options{ID: "S", Turn: 2, TurnSet: true}, 1, "--turn 2: session S has one turn, 1"},
		{Options{ID: "S", Turn: 1, TurnSet: true}, 0, "--turn 1: session S has no turns yet"},
	} {
		err := checkTurn(&tc.o, tc.last)
		got := ""
		if err != nil {
			got = err.Error()
			if cmdutil.ExitCode(err) != cmdutil.ExitUsage {
				t.Errorf("%+v: exit %d, want 2", tc.o, cmdutil.ExitCode(err))
			}
		}
		if got != tc.want {
			t.Errorf("checkTurn(%+v, %d) = %q, want %q", tc.o, tc.last, got, tc.want)
		}
	}
}
