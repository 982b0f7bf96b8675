package undo

import (
	"testing"

	"github.com/wtagent/wtagent/internal/cmdutil/cmdtest"
)

// TestNewCmdUndo: the flags and arguments the command parses, and the
// invocations it refuses before running.
func TestNewCmdUndo(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		check   func(*Options) bool
		wantErr bool
	}{
		{"whole session", []string{"S"}, func(o *Options) bool { return o.ID == "S" && o.Turn == 0 }, false},
		{"from a turn", []string{"S", "--turn", "2"}, func(o *Options) bool { return o.ID == "S" && o.Turn == 2 }, false},
		{"two ids", []string{"S", "T"}, func(o *Options) bool { return true }, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, _, _, _ := cmdtest.Factory(t, nil)
			var got *Options
			err := cmdtest.Execute(f, NewCmdUndo(f, func(o *Options) error { got = o; return nil }), tc.args...)
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
