package sessions

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/wtagent/wtagent/internal/cmdutil/cmdtest"
	"github.com/wtagent/wtagent/internal/iostreams"
	"github.com/wtagent/wtagent/session"
)

const storedID = "20261202-143000-1a2b3c4d"

// stored makes a data root holding one stopped session, created at
// created, and returns what resolves it.
func stored(t *testing.T, created time.Time) func() (session.Home, error) {
	t.Helper()
	home, _ := cmdtest.Home(t, nil)
	h, err := home()
	if err != nil {
		t.Fatal(err)
	}
	s, err := session.Create(h, session.Meta{ID: storedID, Root: t.TempDir(), Task: "write a small site", Provider: "script", Created: created})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	return home
}

// exists reports whether the stored session is still in the data root.
func exists(t *testing.T, home func() (session.Home, error)) bool {
	t.Helper()
	h, err := home()
	if err != nil {
		t.Fatal(err)
	}
	dir, err := h.SessionDir(storedID)
	if err != nil {
		t.Fatal(err)
	}
	_, err = os.Stat(dir)
	return err == nil
}

// TestSessionsRuns: the list, rm and prune runs over captured streams on
// a data root with one stopped session (that never got to a model turn):
// listed (as a table or JSON), its removal, and prune (a dry run removes
// nothing).
func TestSessionsRuns(t *testing.T) {
	created := time.Date(2026, 12, 2, 14, 30, 0, 0, time.UTC)
	tests := []struct {
		name     string
		run      func(ios *iostreams.IOStreams, home func() (session.Home, error)) error
		empty    bool // the data root holds no session
		want     []string
		wantErr  string
		wantKept bool
	}{
		{name: "list", run: func(ios *iostreams.IOStreams, home func() (session.Home, error)) error {
			return sessionsRun(context.Background(), &Options{IO: ios, Home: home})
		}, want: []string{"ID", "TASK", storedID, "write a small site"}, wantKept: true},
		{name: "list as JSON", run: func(ios *iostreams.IOStreams, home func() (session.Home, error)) error {
			return sessionsRun(context.Background(), &Options{IO: ios, Home: home, JSON: true})
		}, want: []string{`"session_id":"` + storedID + `"`}, wantKept: true},
		{name: "list nothing", empty: true, run: func(ios *iostreams.IOStreams, home func() (session.Home, error)) error {
			return sessionsRun(context.Background(), &Options{IO: ios, Home: home})
		}, want: []string{"no sessions yet"}},
		{name: "rm", run: func(ios *iostreams.IOStreams, home func() (session.Home, error)) error {
			return removeRun(context.Background(), &RemoveOptions{IO: ios, Home: home, IDs: []string{storedID}})
		}, want: []string{"removed " + storedID}},
		{name: "rm an unknown session", run: func(ios *iostreams.IOStreams, home func() (session.Home, error)) error {
			return removeRun(context.Background(), &RemoveOptions{IO: ios, Home: home, IDs: []string{"20261202-143000-ffffffff"}})
		}, wantErr: "20261202-143000-ffffffff", wantKept: true},
		{name: "prune, dry run", run: func(ios *iostreams.IOStreams, home func() (session.Home, error)) error {
			return pruneRun(context.Background(), &PruneOptions{IO: ios, Home: home, OlderThan: 24 * time.Hour, DryRun: true,
				Now: func() time.Time { return created.Add(48 * time.Hour) }})
		}, want: []string{"would remove " + storedID}, wantKept: true},
		{name: "prune", run: func(ios *iostreams.IOStreams, home func() (session.Home, error)) error {
			return pruneRun(context.Background(), &PruneOptions{IO: ios, Home: home, OlderThan: 24 * time.Hour,
				Now: func() time.Time { return created.Add(48 * time.Hour) }})
		}, want: []string{"removed " + storedID}},
		{name: "prune nothing", empty: true, run: func(ios *iostreams.IOStreams, home func() (session.Home, error)) error {
			return pruneRun(context.Background(), &PruneOptions{IO: ios, Home: home, OlderThan: 24 * time.Hour,
				Now: func() time.Time { return created.Add(48 * time.Hour) }})
		}, want: []string{"nothing to prune"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			home := stored(t, created)
			if tc.empty {
				home, _ = cmdtest.Home(t, nil)
			}
			ios, _, out, _ := iostreams.Test()
			err := tc.run(ios, home)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("error %v, want one naming %q", err, tc.wantErr)
				}
			} else if err != nil {
				t.Fatal(err)
			}
			for _, w := range tc.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
			if !tc.empty && exists(t, home) != tc.wantKept {
				t.Errorf("session kept: %v, want %v", !tc.wantKept, tc.wantKept)
			}
		})
	}
}
