package undo

import (
	"context"
	"testing"

	"github.com/wtagent/wtagent/internal/cmdutil/cmdtest"
	"github.com/wtagent/wtagent/internal/iostreams"
)

// TestUndoRun: undoRun over captured streams: a malformed id and a
// negative --turn are usage errors, an unknown session an error naming
// it, and a session that changed nothing has nothing to undo.
func TestUndoRun(t *testing.T) {
	const id = "20261202-143000-1a2b3c4d"
	tests := []struct {
		name      string
		o         Options
		wantUsage bool
		wantErr   string
		wantOut   string
	}{
		{name: "a malformed id", o: Options{ID: "nope"}, wantUsage: true, wantErr: "nope"},
		{name: "a negative turn", o: Options{ID: id, Turn: -1}, wantUsage: true, wantErr: "--turn must be a turn number"},
		{name: "an unknown session", o: Options{ID: "20261202-143000-ffffffff"}, wantErr: "20261202-143000-ffffffff"},
		{name: "nothing to undo", o: Options{ID: id}, wantOut: "nothing to undo: no turn left whose changes are not undone\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			home, getenv := cmdtest.EmptySession(t, id)
			ios, _, out, _ := iostreams.Test()
			o := tc.o
			o.IO, o.Home, o.Getenv = ios, home, getenv
			err := undoRun(context.Background(), &o)
			if tc.wantErr != "" {
				cmdtest.CheckError(t, err, tc.wantErr, tc.wantUsage)
				return
			}
			if err != nil || out.String() != tc.wantOut {
				t.Fatalf("err %v, output %q, want %q", err, out, tc.wantOut)
			}
		})
	}
}
