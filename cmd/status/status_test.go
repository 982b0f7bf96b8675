package status

import (
	"errors"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/internal/cmdutil"
	"github.com/wtagent/wtagent/internal/cmdutil/cmdtest"
)

func TestNewCmdStatus(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		want    Options
		wantErr bool
	}{
		{"live sessions", nil, Options{}, false},
		{"all", []string{"-a"}, Options{All: true}, false},
		{"one session", []string{"20261202-143000-1a2b3c4d"}, Options{ID: "20261202-143000-1a2b3c4d"}, false},
		{"two sessions", []string{"a", "b"}, Options{}, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, _, _, _ := cmdtest.Factory(t, nil)
			var got *Options
			err := cmdtest.Execute(f, NewCmdStatus(f, func(o *Options) error { got = o; return nil }), tc.args...)
			if tc.wantErr {
				if err == nil || got != nil {
					t.Fatalf("err %v, ran with %+v", err, got)
				}
				return
			}
			if err != nil || got.ID != tc.want.ID || got.All != tc.want.All {
				t.Fatalf("err %v, options %+v, want %+v", err, got, tc.want)
			}
		})
	}
}

// TestStatusRunErrors: a malformed id is a usage error; an unknown one
// names the sessions directory.
func TestStatusRunErrors(t *testing.T) {
	f, _, _, _ := cmdtest.Factory(t, nil)
	var fe *cmdutil.FlagError
	if err := cmdtest.Execute(f, NewCmdStatus(f, nil), "../x"); !errors.As(err, &fe) {
		t.Errorf("malformed id: %v", err)
	}
	err := cmdtest.Execute(f, NewCmdStatus(f, nil), "20261202-143000-1a2b3c4d")
	if err == nil || !strings.Contains(err.Error(), "no session 20261202-143000-1a2b3c4d") {
		t.Errorf("unknown id: %v", err)
	}
}
