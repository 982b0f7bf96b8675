package sandbox

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSeatbeltProfileMatchesExplain makes the profile from this host's
// real plan (newPlan, as on a Mac but with Linux's system paths) and
// checks, path by path, that what the profile allows is what Explain and
// seatbeltHides say: the profile and the explanations come from one plan.
func TestSeatbeltProfileMatchesExplain(t *testing.T) {
	w := newWorld(t)
	for _, tc := range []struct {
		name string
		spec Spec
	}{
		{"workspace-write", Spec{Mode: WorkspaceWrite, Root: w.root, TempDir: w.tmp, Home: w.home, DataDir: w.data, Env: os.Environ()}},
		{"read-only", Spec{Mode: ReadOnly, Root: w.root, TempDir: w.tmp, Home: w.home, DataDir: w.data, Env: os.Environ()}},
		{"project is the home", Spec{Mode: WorkspaceWrite, Root: w.home, TempDir: w.tmp, Home: w.home, DataDir: w.data, Env: os.Environ()}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &Sandbox{spec: tc.spec, status: Status{Mode: tc.spec.Mode, Enforced: true}, plan: newPlan(tc.spec)}
			profile, params := seatbeltProfile(s.plan, true)
			sb := parseSBPL(t, profile, params)
			for _, p := range []string{
				filepath.Join(w.root, "main.txt"), filepath.Join(w.root, "new/file.txt"),
				filepath.Join(w.root, ".git/hooks/README"), filepath.Join(w.root, ".git/hooks/pre-commit"),
				filepath.Join(w.root, ".git/config"), filepath.Join(w.home, ".ssh/id_rsa"),
				filepath.Join(w.home, ".aws/credentials"), filepath.Join(w.home, ".netrc"), filepath.Join(w.home, "notes.txt"),
				filepath.Join(w.data, "sessions/x/events.jsonl"), filepath.Join(w.outside, "secret.txt"),
				filepath.Join(w.tmp, "scratch"), "/usr/bin/env", "/etc/passwd", "/etc/shadow", "/dev/null",
			} {
				for _, write := range []bool{false, true} {
					op := map[bool]string{false: "file-read", true: "file-write"}[write]
					why := s.Explain("/", p, write)
					if got := sb.allows(op, resolveExisting(p)); got != (why == "") {
						t.Errorf("%s %s: profile allows %v, Explain says %q", op, p, got, why)
					}
				}
				if got, want := s.plan.seatbeltHides(p), !sb.allows("file-read", resolveExisting(p)); got != want {
					t.Errorf("seatbeltHides(%s) = %v, the profile hides it: %v", p, got, want)
				}
			}
		})
	}
}
