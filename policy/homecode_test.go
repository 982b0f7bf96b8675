package policy

import (
	"path/filepath"
	"testing"

	"github.com/wtagent/wtagent/session/event"
)

// TestFileToolsAskBeforeHomeCode: when the project is the home (wtagent
// -C ~), a file tool's write to a program on PATH or a start-up file —
// which would run outside the sandbox the next time the user works —
// needs approval (refused under --approvals deny); ordinary files and a
// project that merely has a .bashrc (a dotfiles repository) do not.
func TestFileToolsAskBeforeHomeCode(t *testing.T) {
	p := newProject(t)
	asHome := New(Config{Root: p.Dir, Mode: ModeDeny, Home: p.Dir, Environ: []string{"PATH=/usr/bin"}}, p.b)
	dotfiles := engineFor(p, ModeDeny)
	for _, tc := range []struct {
		e    *Engine
		path string
		want event.Decision
	}{
		{asHome, ".cargo/bin/git", event.DecisionDeny},
		{asHome, "go/bin/git", event.DecisionDeny},
		{asHome, ".bashrc", event.DecisionDeny},
		{asHome, ".bash_profile", event.DecisionDeny},
		{asHome, ".gradle/init.d/evil.gradle", event.DecisionDeny},
		{asHome, ".cargo/config.toml", event.DecisionDeny},
		{asHome, ".config/autostart/x.desktop", event.DecisionDeny},
		{asHome, filepath.Join(p.Dir, ".local/bin/tool"), event.DecisionDeny},
		{asHome, "notes.txt", event.DecisionAllow},
		{asHome, ".cargo/registry/index/x", event.DecisionAllow},
		{asHome, "binary/x", event.DecisionAllow},
		{dotfiles, ".bashrc", event.DecisionAllow},
		{dotfiles, ".cargo/bin/git", event.DecisionAllow},
	} {
		if v := tc.e.Check(write(tc.path)); v.Decision != tc.want {
			t.Errorf("write %s (home %s): %s (%s), want %s", tc.path, tc.e.home, v.Decision, v.Reason, tc.want)
		}
	}
}
