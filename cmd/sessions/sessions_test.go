package sessions

import (
	"testing"

	"github.com/wtagent/wtagent/internal/cmdutil/cmdtest"
)

func TestNewCmdSessions(t *testing.T) {
	tests := []struct {
		name      string
		args      []string
		wantLimit int
		wantErr   bool
	}{
		{"default limit", nil, 30, false},
		{"short limit", []string{"-n", "5"}, 5, false},
		{"all", []string{"--limit", "0"}, 0, false},
		{"not a number", []string{"-n", "five"}, 0, true},
		{"an argument", []string{"x"}, 0, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, _, _, _ := cmdtest.Factory(t, nil)
			var got *Options
			err := cmdtest.Execute(f, NewCmdSessions(f, func(o *Options) error { got = o; return nil }), tc.args...)
			if tc.wantErr {
				if err == nil || got != nil {
					t.Fatalf("err %v, ran with %+v", err, got)
				}
				return
			}
			if err != nil || got.Limit != tc.wantLimit {
				t.Fatalf("err %v, options %+v, want limit %d", err, got, tc.wantLimit)
			}
		})
	}
}
