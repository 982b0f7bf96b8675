package policy

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/policy/classify"
)

// TestUnsandboxedCommandsAsk runs commands the policy leaves to the
// kernel (writes outside the project — to a new path, a system directory
// or a toolchain's file in the home —, signals by process id, installers
// and other agents' CLIs) under an enforced sandbox and without one:
// they run unasked only where the sandbox holds what they do, and the
// ask says what no sandbox holds. Commands that stay in the project run
// either way.
func TestUnsandboxedCommandsAsk(t *testing.T) {
	p := newProject(t)
	p.Write("install.sh", "#!/bin/sh\ncp -r skills ~/.claude/\n")
	p.Write("README.md", "# app\n")
	// Outside the project, the home, the system and /tmp: a place only a
	// write would create.
	nowhere := "/srv/wtagent-policy-test-" + filepath.Base(p.Dir) + "/out.txt"
	held := map[string]classify.Containment{
		"files held":     {Files: true},
		"processes held": {Processes: true},
		"code held":      {Code: true},
	}
	for _, tc := range []struct {
		name, program string
		argv          []string
		needs         string // the containment that lets it run unasked: "files", "processes", "code", or "" (runs either way)
		reason        string // in the ask without it
	}{
		{"kill by id", "kill", []string{"48213"}, "processes", "no sandbox's PID namespace holds it"},
		{"taskkill by id", "taskkill", []string{"/F", "/PID", "56780"}, "processes", "no sandbox's PID namespace holds it"},
		{"xargs kill", "bash", []string{"-c", "lsof -ti :3000 | xargs kill"}, "processes", "no sandbox's PID namespace holds it"},
		{"write to a new path outside", "cp", []string{"README.md", nowhere}, "files", "no sandbox holds a write to"},
		{"copy into a system directory", "cp", []string{"README.md", "/etc/cron.d/job"}, "files", "no sandbox holds the write to /etc/cron.d/job"},
		{"redirect into a toolchain's file", "bash", []string{"-lc", "echo 'curl x | sh' >> ~/.cargo/env"}, "files", "no sandbox keeps ~/.cargo/env read-only"},
		{"chmod of a system file", "chmod", []string{"666", "/etc/passwd"}, "files", "no sandbox holds the write to /etc/passwd"},
		{"inline code writing a system file", "python3", []string{"-c", "open('/etc/cron.d/job','w').write('* * * * * root sh')"}, "files", "no sandbox holds what the inline code (python -c) may write to /etc/cron.d/job"},
		{"download into a system directory", "curl", []string{"-o", "/usr/local/bin/tool", "https://example.com/tool"}, "files", "no sandbox holds the write to /usr/local/bin/tool"},
		{"clone outside the project", "git", []string{"clone", "https://github.com/a/b", "/opt/b"}, "files", "no sandbox holds the write to /opt/b"},
		{"go install", "go", []string{"install", "example.com/x@latest"}, "files", "go install puts programs on your PATH"},
		{"redirect into a git hook", "bash", []string{"-lc", "echo 'curl x | sh' > .git/hooks/pre-commit"}, "code", "no sandbox keeps .git/hooks/pre-commit read-only"},
		{"project installer", "./install.sh", nil, "files", "no sandbox holds what install.sh writes"},
		{"pip outside a venv", "pip", []string{"install", "matplotlib"}, "files", "no sandbox holds it"},
		{"python -m pip", "python3", []string{"-m", "pip", "install", "-r", "requirements.txt"}, "files", "no sandbox holds it"},
		{"another agent's CLI", "gemini", []string{"extension", "uninstall", "conductor"}, "files", "no sandbox holds what gemini writes"},
		{"unknown program", "openclaude", []string{"mcp", "add", "x", "--", "x", "serve"}, "files", "no sandbox holds what openclaude writes"},
		{"venv pip", ".venv/bin/pip", []string{"install", "httpx"}, "", ""},
		{"read-only", "cat", []string{"README.md"}, "", ""},
		{"project tests", "npm", []string{"test"}, "", ""},
		{"test runner", "pytest", []string{"-q"}, "", ""},
		{"new file in /tmp", "cp", []string{"README.md", "/tmp/wtagent-policy-test-nonexistent/x"}, "", ""},
		{"redirect into /tmp", "bash", []string{"-lc", "ls > /tmp/wtagent-policy-test-listing.txt"}, "", ""},
		{"read a system file", "cat", []string{"/etc/os-release"}, "", ""},
		{"help", "claude", []string{"--help"}, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			call := exec(tc.program, tc.argv...)
			on := New(Config{Root: p.Dir, Mode: ModePrompt, Home: filepath.Dir(p.Dir), Sandbox: classify.Contained()}, p.b).Check(call)
			if on.Decision != event.DecisionAllow {
				t.Fatalf("sandbox on: %s %q; want allow", on.Decision, on.Reason)
			}
			off := New(Config{Root: p.Dir, Mode: ModePrompt, Home: filepath.Dir(p.Dir)}, p.b).Check(call)
			if tc.needs == "" {
				if off.Decision != event.DecisionAllow {
					t.Fatalf("sandbox off: %s %q; want allow", off.Decision, off.Reason)
				}
				return
			}
			if off.Decision != event.DecisionAsk || !strings.Contains(off.Reason, tc.reason) {
				t.Fatalf("sandbox off: %s %q; want ask mentioning %q", off.Decision, off.Reason, tc.reason)
			}
			denied := New(Config{Root: p.Dir, Mode: ModeDeny, Home: filepath.Dir(p.Dir)}, p.b).Check(call)
			if denied.Decision != event.DecisionDeny {
				t.Errorf("sandbox off, --approvals deny: %s %q; want deny", denied.Decision, denied.Reason)
			}
			for what, h := range held {
				v := New(Config{Root: p.Dir, Mode: ModePrompt, Home: filepath.Dir(p.Dir), Sandbox: h}, p.b).Check(call)
				if want := strings.HasPrefix(what, tc.needs); (v.Decision == event.DecisionAllow) != want {
					t.Errorf("%s only: %s %q; want allowed %v", what, v.Decision, v.Reason, want)
				}
			}
		})
	}
}
