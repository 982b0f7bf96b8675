package diff

import (
	"context"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/internal/cmdutil/cmdtest"
	"github.com/wtagent/wtagent/internal/iostreams"
)

// TestDiffRun: diffRun over captured streams: a malformed id is a usage
// error, an unknown session an error naming it, a session that changed
// nothing says so on stderr, and a --turn past its turns is a usage error.
func TestDiffRun(t *testing.T) {
	const id = "20261202-143000-1a2b3c4d"
	tests := []struct {
		name       string
		o          Options
		wantUsage  bool
		wantErr    string
		wantErrOut string
	}{
		{name: "a malformed id", o: Options{ID: "nope"}, wantUsage: true, wantErr: "nope"},
		{name: "an unknown session", o: Options{ID: "20261202-143000-ffffffff"}, wantErr: "20261202-143000-ffffffff"},
		{name: "nothing changed", o: Options{ID: id}, wantErrOut: "no changes recorded for session " + id},
		{name: "a turn it does not have", o: Options{ID: id, Turn: 2, TurnSet: true}, wantUsage: true, wantErr: "has no turns yet"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			home, _ := cmdtest.EmptySession(t, id)
			ios, _, out, errOut := iostreams.Test()
			o := tc.o
			o.IO, o.Home = ios, home
			err := diffRun(context.Background(), &o)
			if tc.wantErr != "" {
				cmdtest.CheckError(t, err, tc.wantErr, tc.wantUsage)
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if out.Len() != 0 || !strings.Contains(errOut.String(), tc.wantErrOut) {
				t.Fatalf("stdout %q, stderr %q; want %q on stderr", out, errOut, tc.wantErrOut)
			}
		})
	}
}
