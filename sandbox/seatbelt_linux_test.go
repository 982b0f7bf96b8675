package sandbox

import (
	"github.com/wtagent/wtagent/internal/owntemp"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestSeatbeltProfileMatchesExplain makes the profile from this host's
// real plan (newPlan, as on a Mac but with Linux's system paths) and
// checks, path by path, that what the profile allows is what Explain and
// seatbeltHides say: the profile and the explanations come from one plan.
//
// The plan also gets a Mac's per-user scratch directories (a cache and a
// temporary directory like /private/var/folders/xx/hash/{C,T}, here in
// the test's world), once with wtagent's data directory inside the
// cache: it must stay cut out of the grant.
func TestSeatbeltProfileMatchesExplain(t *testing.T) {
	w := newWorld(t)
	folder := filepath.Join(filepath.Dir(w.root), "folders", "x7", "k2")
	cache, temp := filepath.Join(folder, "C"), filepath.Join(folder, "T")
	dataInCache := filepath.Join(cache, "wtagent")
	for _, f := range []string{filepath.Join(dataInCache, "sessions/x/events.jsonl"), filepath.Join(temp, "xcrun_db")} {
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, []byte("SENTINEL"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// As on a Mac, the system's temporary directory is the Darwin one, and
	// wtagent's own temporary files (other sessions', message files) sit
	// in owntemp inside it: cut out of the grant.
	t.Setenv("TMPDIR", temp)
	other, message := filepath.Join(owntemp.Path(), "s2-7", "f"), filepath.Join(owntemp.Path(), "message-9", "message-turn-1.txt")
	for _, f := range []string{other, message} {
		if err := os.MkdirAll(filepath.Dir(f), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(f, []byte("SENTINEL"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	env := toolchainHome(t, w)
	sys := layoutFor(runtime.GOOS)
	sys.scratch = []string{cache, temp}
	for _, tc := range []struct {
		name string
		spec Spec
	}{
		{"workspace-write", Spec{Mode: WorkspaceWrite, Root: w.root, TempDir: w.tmp, Home: w.home, DataDir: w.data, Env: env}},
		{"read-only", Spec{Mode: ReadOnly, Root: w.root, TempDir: w.tmp, Home: w.home, DataDir: w.data, Env: env}},
		{"project is the home", Spec{Mode: WorkspaceWrite, Root: w.home, TempDir: w.tmp, Home: w.home, DataDir: w.data, Env: env}},
		{"data in the Darwin cache", Spec{Mode: WorkspaceWrite, Root: w.root, TempDir: w.tmp, Home: w.home, DataDir: dataInCache, Env: env}},
		{"data in the Darwin cache, read-only", Spec{Mode: ReadOnly, Root: w.root, TempDir: w.tmp, Home: w.home, DataDir: dataInCache, Env: env}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := &Sandbox{spec: tc.spec, status: Status{Mode: tc.spec.Mode, Enforced: true}, plan: planFor(tc.spec, sys)}
			profile, params := seatbeltProfile(s.plan, true)
			sb := parseSBPL(t, profile, params)
			for _, p := range []string{
				filepath.Join(w.root, "main.txt"), filepath.Join(w.root, "new/file.txt"),
				filepath.Join(w.root, ".git/hooks/README"), filepath.Join(w.root, ".git/hooks/pre-commit"),
				filepath.Join(w.root, ".git/config"), filepath.Join(w.home, ".ssh/id_rsa"),
				filepath.Join(w.home, ".aws/credentials"), filepath.Join(w.home, ".netrc"), filepath.Join(w.home, "notes.txt"),
				filepath.Join(w.data, "sessions/x/events.jsonl"), filepath.Join(w.outside, "secret.txt"),
				filepath.Join(w.tmp, "scratch"), "/usr/bin/env", "/etc/passwd", "/etc/shadow", "/dev/null",
				filepath.Join(cache, "clang/ModuleCache/x.pcm"), filepath.Join(temp, "xcrun_db"),
				filepath.Join(dataInCache, "sessions/x/events.jsonl"), filepath.Join(dataInCache, "new"), folder,
				other, message, filepath.Join(w.home, ".cargo/bin/git"), filepath.Join(w.home, ".cargo/config.toml"),
				filepath.Join(w.home, ".cargo/credentials.toml"), filepath.Join(w.home, ".cargo/registry/index/x"),
				filepath.Join(w.home, "go/bin/gopls"), filepath.Join(w.home, "go/pkg/mod/cache/x"),
				filepath.Join(w.home, ".gradle/init.d/x.gradle"), filepath.Join(w.home, ".bashrc"),
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
			// The scratch directories: readable in every mode, writable in
			// workspace-write; the data directory never readable.
			for _, c := range []struct {
				op, path string
				want     bool
			}{
				{"file-read", filepath.Join(cache, "clang/ModuleCache/x.pcm"), true},
				{"file-write", filepath.Join(cache, "clang/ModuleCache/x.pcm"), tc.spec.Mode == WorkspaceWrite},
				{"file-read", filepath.Join(temp, "xcrun_db"), true},
				{"file-write", filepath.Join(temp, "xcrun_db"), tc.spec.Mode == WorkspaceWrite},
				{"file-read", filepath.Join(dataInCache, "sessions/x/events.jsonl"), tc.spec.DataDir != dataInCache},
				{"file-read", folder, false},
				{"file-read", other, false},
				{"file-write", message, false},
			} {
				if got := sb.allows(c.op, c.path); got != c.want {
					t.Errorf("%s %s: profile allows %v, want %v", c.op, c.path, got, c.want)
				}
			}
		})
	}
}
