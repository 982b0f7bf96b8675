package sessions

import (
	"slices"
	"testing"
	"time"

	"github.com/wtagent/wtagent/internal/cmdutil/cmdtest"
)

func TestNewCmdRemove(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		wantIDs []string
		wantErr bool
	}{
		{"one", []string{"20261202-143000-1a2b3c4d"}, []string{"20261202-143000-1a2b3c4d"}, false},
		{"two", []string{"A", "B"}, []string{"A", "B"}, false},
		{"none", nil, nil, true},
		{"unknown flag", []string{"--force", "A"}, nil, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, _, _, _ := cmdtest.Factory(t, nil)
			var got *RemoveOptions
			err := cmdtest.Execute(f, NewCmdRemove(f, func(o *RemoveOptions) error { got = o; return nil }), tc.args...)
			if tc.wantErr {
				if err == nil || got != nil {
					t.Fatalf("err %v, ran with %+v", err, got)
				}
				return
			}
			if err != nil || got.IO != f.IOStreams || !slices.Equal(got.IDs, tc.wantIDs) {
				t.Fatalf("err %v, options %+v, want ids %v", err, got, tc.wantIDs)
			}
		})
	}
}

func TestNewCmdPrune(t *testing.T) {
	tests := []struct {
		name      string
		args      []string
		wantOlder time.Duration
		wantDry   bool
		wantErr   bool
	}{
		{"defaults", nil, 30 * 24 * time.Hour, false, false},
		{"older than", []string{"--older-than", "36h"}, 36 * time.Hour, false, false},
		{"dry run", []string{"--dry-run"}, 30 * 24 * time.Hour, true, false},
		{"not a duration", []string{"--older-than", "soon"}, 0, false, true},
		{"an argument", []string{"x"}, 0, false, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, _, _, _ := cmdtest.Factory(t, nil)
			var got *PruneOptions
			err := cmdtest.Execute(f, NewCmdPrune(f, func(o *PruneOptions) error { got = o; return nil }), tc.args...)
			if tc.wantErr {
				if err == nil || got != nil {
					t.Fatalf("err %v, ran with %+v", err, got)
				}
				return
			}
			if err != nil || got.OlderThan != tc.wantOlder || got.DryRun != tc.wantDry {
				t.Fatalf("err %v, options %+v, want older than %v, dry run %v", err, got, tc.wantOlder, tc.wantDry)
			}
		})
	}
}
