package policy

import (
	"path/filepath"
	"testing"

	"github.com/wtagent/wtagent/messages"
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
		want messages.Decision
	}{
		{asHome, ".cargo/bin/git", messages.DecisionDeny},
		{asHome, "go/bin/git", messages.DecisionDeny},
		{asHome, ".bashrc", messages.DecisionDeny},
		{asHome, ".bash_profile", messages.DecisionDeny},
		{asHome, ".gradle/init.d/evil.gradle", messages.DecisionDeny},
		{asHome, ".cargo/config.toml", messages.DecisionDeny},
		{asHome, ".config/autostart/x.desktop", messages.DecisionDeny},
		{asHome, filepath.Join(p.Dir, ".local/bin/tool"), messages.DecisionDeny},
		{asHome, "notes.txt", messages.DecisionAllow},
		{asHome, ".cargo/registry/index/x", messages.DecisionAllow},
		{asHome, "binary/x", messages.DecisionAllow},
		{dotfiles, ".bashrc", messages.DecisionAllow},
		{dotfiles, ".cargo/bin/git", messages.DecisionAllow},
	} {
		if v := tc.e.Check(write(tc.path)); v.Decision != tc.want {
			t.Errorf("write %s (home %s): %s (%s), want %s", tc.path, tc.e.home, v.Decision, v.Reason, tc.want)
		}
	}
}
