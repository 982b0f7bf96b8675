package install

import (
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/wtagent/wtagent/internal/export"
	"github.com/wtagent/wtagent/session"
)

// TestTargetFor: where each tool looks for an installed export, the
// command that opens it (the root quoted for a shell), and the error
// without a home.
func TestTargetFor(t *testing.T) {
	t.Setenv("TZ", "UTC")
	const id = "20261202-143000-1a2b3c4d"
	uuid := export.SessionUUID(id)
	st := session.State{ID: id, Root: "/p/my app", Created: time.Date(2026, 12, 2, 14, 30, 0, 0, time.UTC)}
	for _, tc := range []struct {
		name, format string
		env          map[string]string
		path, cmd    string
		err          error
	}{
		{"codex home", FormatCodex, map[string]string{"CODEX_HOME": "/c", "HOME": "/h"},
			"/c/sessions/2026/12/02/rollout-2026-12-02T14-30-00-" + uuid + ".jsonl", "cd '/p/my app' && codex resume " + uuid, nil},
		{"claude under HOME", FormatClaude, map[string]string{"HOME": "/h"},
			"/h/.claude/projects/-p-my-app/" + uuid + ".jsonl", "cd '/p/my app' && claude -r " + uuid, nil},
		{"no home", FormatCodex, nil, "", "", ErrNoHome},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := TargetFor(tc.format, func(k string) string { return tc.env[k] }, st)
			if !errors.Is(err, tc.err) || got.Path != filepath.FromSlash(tc.path) || got.Command != tc.cmd {
				t.Fatalf("%+v, %v; want %s, %q, %v", got, err, tc.path, tc.cmd, tc.err)
			}
		})
	}
}
