package diff

import (
	"testing"

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
		{"one turn", []string{"S", "--turn", "3"}, func(o *Options) bool { return o.ID == "S" && o.Turn == 3 }, false},
		{"no id", nil, func(o *Options) bool { return true }, true},
		{"turn not a number", []string{"S", "--turn", "x"}, func(o *Options) bool { return true }, true},
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
			if err != nil || got.F != f || !tc.check(got) {
				t.Fatalf("err %v, options %+v", err, got)
			}
		})
	}
}
