package policy

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/policy/classify"
	"github.com/wtagent/wtagent/protocol"
)

// engineFor returns an engine over the project, with the directory above
// the project as the user's home (so "~/outside/secret" is the outside
// file), in a run whose sandbox is enforced with its namespaces.
func engineFor(p *project, mode Mode, rules ...event.Rule) *Engine {
	return New(Config{Root: p.Dir, Mode: mode, Home: filepath.Dir(p.Dir), Rules: rules, Sandbox: classify.Contained(),
		Environ: []string{"PATH=/usr/bin:/bin", "HOME=/home/u", "GITHUB_TOKEN=ghp_x", "LANG=C.UTF-8"}}, p.b)
}

func read(path string) event.ToolCall {
	return event.ToolCall{Name: protocol.ToolFSRead, Args: &protocol.FSReadArgs{Path: path, Limit: 400}}
}

func write(path string) event.ToolCall {
	return event.ToolCall{Name: protocol.ToolFSWrite, Args: &protocol.FSWriteArgs{Path: path, Content: "x", Mode: "overwrite"}}
}

func exec(program string, argv ...string) event.ToolCall {
	return event.ToolCall{Name: protocol.ToolTerminalExec, Args: &protocol.ExecArgs{Program: program, Argv: argv, Cwd: ".", TimeoutMS: 1000}}
}

func execIn(cwd, program string, argv ...string) event.ToolCall {
	return event.ToolCall{Name: protocol.ToolTerminalExec, Args: &protocol.ExecArgs{Program: program, Argv: argv, Cwd: cwd, TimeoutMS: 1000}}
}

func TestEveryCatalogueToolHasAPolicy(t *testing.T) {
	p := newProject(t)
	e := engineFor(p, ModePrompt)
	for _, spec := range protocol.DefaultCatalogue().Specs() {
		if toolPolicy(spec.Name) == nil {
			t.Errorf("tool %s has no policy", spec.Name)
			continue
		}
		// The zero arguments of every tool are judged by its own policy,
		// not refused as an unknown tool.
		v := e.Check(event.ToolCall{Name: spec.Name, Args: spec.New()})
		if strings.Contains(v.Reason, "unknown tool") || strings.Contains(v.Reason, "arguments are a") {
			t.Errorf("%s with its own argument struct: %s", spec.Name, v.Reason)
		}
	}
}

func TestUnknownToolAndBadArgumentsAreDenied(t *testing.T) {
	p := newProject(t)
	for _, mode := range []Mode{ModePrompt, ModeAllow, ModeDeny} {
		e := engineFor(p, mode)
		calls := []event.ToolCall{
			{Name: "fs.delete", Args: &protocol.FSReadArgs{Path: "x"}},
			{Name: "", Args: nil},
			{Name: "FS.READ", Args: &protocol.FSReadArgs{Path: "src/main.go"}},
			{Name: protocol.ToolFSRead, Args: &protocol.FSWriteArgs{Path: "src/main.go"}},
			{Name: protocol.ToolFSRead, Args: map[string]any{"path": "src/main.go"}},
			{Name: protocol.ToolFSRead, Args: nil},
			{Name: protocol.ToolFSRead, Args: (*protocol.FSReadArgs)(nil)},
			{Name: protocol.ToolTerminalExec, Args: &protocol.ProcessStartArgs{Program: "ls"}},
		}
		for _, c := range calls {
			if v := e.Check(c); v.Decision != event.DecisionDeny || v.Reason == "" {
				t.Errorf("mode %s: %s(%T) = %s (%s); want deny", mode, c.Name, c.Args, v.Decision, v.Reason)
			}
		}
		// A value instead of a pointer is accepted.
		if v := e.Check(event.ToolCall{Name: protocol.ToolFSRead, Args: protocol.FSReadArgs{Path: "src/main.go"}}); v.Decision != event.DecisionAllow {
			t.Errorf("value args: %s (%s)", v.Decision, v.Reason)
		}
	}
}

// TestHardDeniesHoldInEveryMode runs the escape vectors through the engine:
// each is denied in every mode, and no rule can let it through.
func TestHardDeniesHoldInEveryMode(t *testing.T) {
	p := newProject(t)
	p.Symlink(p.Outside, "linkdir")
	p.Write("sub/f", "x")
	makeFIFO(t, p.Path("fifo"))
	protected := filepath.Join(p.Outside, "wtagent-home")
	os.MkdirAll(protected, 0o700)
	calls := map[string]event.ToolCall{
		"NUL byte":                read("src/main.go\x00"),
		"300-char name":           read(strings.Repeat("n", 300)),
		"trailing dot":            write("src/main.go."),
		"climb after a name":      read("sub/../../outside/secret"),
		"symlinked dir out":       read("linkdir/secret"),
		"write through link out":  write("linkdir/new"),
		"FIFO":                    read("fifo"),
		"device outside":          read("/dev/zero"),
		"device write":            write("/dev/null"),
		"protected":               read(filepath.Join(protected, "Cookies")),
		"protected via argv":      exec("cat", filepath.Join(protected, "Cookies")),
		"protected cwd":           execIn(protected, "ls"),
		"NUL in argv":             exec("cat", "a\x00b"),
		"empty program":           exec(""),
		"bad env":                 {Name: protocol.ToolTerminalExec, Args: &protocol.ExecArgs{Program: "ls", Cwd: ".", Env: []string{"1BAD=x"}}},
		"env without =":           {Name: protocol.ToolProcessStart, Args: &protocol.ProcessStartArgs{Program: "ls", Cwd: ".", Env: []string{"JUSTNAME"}}},
		"cwd through link out":    execIn("linkdir", "ls"),
		"cwd is a file":           execIn("src/main.go", "ls"),
		"bad process id":          {Name: protocol.ToolProcessStop, Args: &protocol.ProcessStopArgs{ProcessID: "../1"}},
		"bad glob":                {Name: protocol.ToolFSSearch, Args: &protocol.FSSearchArgs{Pattern: "x", Path: ".", Glob: "[", MaxResults: 1}},
		"write to a directory":    write("src"),
		"invisible char in path":  read("src/\u200bmain.go"),
		"backslash path":          read(`..\outside\secret`),
		"other user's home":       read("~root/.ssh/id_rsa"),
		"overlong argv word":      exec("echo", strings.Repeat("x", maxArgBytes+1)),
		"fs.list of a linked dir": {Name: protocol.ToolFSList, Args: &protocol.FSListArgs{Path: "linkdir", Depth: 1}},
	}
	everything := []event.Rule{
		{Tool: protocol.ToolFSRead, Kind: RulePath, Prefix: []string{p.Dir}},
		{Tool: protocol.ToolFSRead, Kind: RulePath, Prefix: []string{p.Outside}},
		{Tool: protocol.ToolFSRead, Kind: RulePath, Prefix: []string{"/dev"}},
		{Tool: protocol.ToolTerminalExec, Kind: RuleCommand, Prefix: []string{"cat"}},
		{Tool: protocol.ToolTerminalExec, Kind: RulePath, Prefix: []string{p.Outside}},
	}
	for _, mode := range []Mode{ModePrompt, ModeAllow, ModeDeny} {
		e := New(Config{Mode: mode, Home: filepath.Dir(p.Dir), Rules: everything, Protected: []string{protected}}, p.b)
		for name, c := range calls {
			v := e.Check(c)
			if v.Decision != event.DecisionDeny || v.Reason == "" {
				t.Errorf("mode %s, %s: %s (%s); want a hard deny", mode, name, v.Decision, v.Reason)
			}
			if v.Env != nil {
				t.Errorf("mode %s, %s: a denied verdict carries an environment", mode, name)
			}
		}
	}
}

func TestOutsideRootAsksThenGrantCoversExactlyThatPath(t *testing.T) {
	p := newProject(t)
	e := engineFor(p, ModePrompt)
	secret := filepath.Join(p.Outside, "secret")

	for _, path := range []string{"/etc/hosts", "../outside/secret", "~/outside/secret", secret} {
		v := e.Check(read(path))
		if v.Decision != event.DecisionAsk || v.Risk != event.RiskSensitive {
			t.Fatalf("read %s: %s/%s (%s); want ask/sensitive", path, v.Decision, v.Risk, v.Reason)
		}
		want, _ := p.b.Locate(path, filepath.Dir(p.Dir))
		if v.Suggested == nil || v.Suggested.Kind != RulePath || len(v.Suggested.Prefix) != 1 || v.Suggested.Prefix[0] != want.Abs || v.Suggested.Tool != protocol.ToolFSRead {
			t.Fatalf("read %s: suggested %+v; want the exact path %s", path, v.Suggested, want.Abs)
		}
		if v.Subject != want.Abs {
			t.Errorf("subject = %q, want %q", v.Subject, want.Abs)
		}
	}
	v := e.Check(read(secret))
	if err := e.Grant(*v.Suggested); err != nil {
		t.Fatal(err)
	}
	if v := e.Check(read("../outside/secret")); v.Decision != event.DecisionAllow {
		t.Errorf("after the grant: %s (%s)", v.Decision, v.Reason)
	}
	if abs, ok := e.ResolveGranted(protocol.ToolFSRead, "~/outside/secret"); !ok || abs != secret {
		t.Errorf("ResolveGranted = %q, %v", abs, ok)
	}
	// Narrow: another file next to it, another tool, still ask.
	p.WriteOutside("other", "x")
	if v := e.Check(read("../outside/other")); v.Decision != event.DecisionAsk {
		t.Errorf("sibling after the grant: %s", v.Decision)
	}
	if v := e.Check(write(secret)); v.Decision != event.DecisionAsk {
		t.Errorf("fs.write after an fs.read grant: %s", v.Decision)
	}
	if _, ok := e.ResolveGranted(protocol.ToolFSWrite, secret); ok {
		t.Error("ResolveGranted(fs.write) true after an fs.read grant")
	}
}

func TestInsideFiles(t *testing.T) {
	p := newProject(t)
	p.Write(".env", "DB_PASSWORD=x\n")
	p.Write(".env.example", "DB_PASSWORD=\n")
	p.Write("config/server.pem", "-----BEGIN PRIVATE KEY-----\n")
	p.Write(".npmrc", "registry=https://registry.example/\n")
	p.Write("pkg/.npmrc", "//registry.example/:_authToken=abc\n")
	p.Write("node_modules/pkg/index.js", "x")
	p.Write(".git/config", "[core]\n")
	p.Symlink(".env", "env-alias")
	if err := os.Link(p.WriteOutside("shared", "data"), p.Path("hard")); err != nil {
		t.Fatal(err)
	}
	store := p.WriteOutside("store-file", "module.exports = 1")
	if err := os.Link(store, p.Path("node_modules/pkg/linked.js")); err != nil {
		t.Fatal(err)
	}
	e := engineFor(p, ModePrompt)
	tests := []struct {
		call     event.ToolCall
		decision event.Decision
		risk     event.Risk
		reason   string
	}{
		{read("src/main.go"), event.DecisionAllow, event.RiskRead, "reads src/main.go"},
		{read("src/missing.go"), event.DecisionAllow, event.RiskRead, "does not exist"},
		{write("src/new.go"), event.DecisionAllow, event.RiskWrite, "writes src/new.go"},
		{read(p.Path("src/main.go")), event.DecisionAllow, event.RiskRead, ""},
		{read(".env"), event.DecisionAsk, event.RiskSensitive, "credential"},
		{read("env-alias"), event.DecisionAsk, event.RiskSensitive, "credential"},
		{write(".env"), event.DecisionAsk, event.RiskSensitive, "credential"},
		{read(".env.example"), event.DecisionAllow, event.RiskRead, ""},
		{read("config/server.pem"), event.DecisionAsk, event.RiskSensitive, "credential"},
		{read(".npmrc"), event.DecisionAllow, event.RiskRead, ""},
		{read("pkg/.npmrc"), event.DecisionAsk, event.RiskSensitive, "credential"},
		{read("hard"), event.DecisionAsk, event.RiskSensitive, "hard links"},
		{write("hard"), event.DecisionAsk, event.RiskSensitive, "hard links"},
		{read("node_modules/pkg/linked.js"), event.DecisionAllow, event.RiskRead, ""},
		{write("node_modules/pkg/linked.js"), event.DecisionAsk, event.RiskSensitive, "hard links"},
		{write(".git/config"), event.DecisionAsk, event.RiskDestructive, ".git"},
		{write(".git/hooks/pre-commit"), event.DecisionAsk, event.RiskDestructive, ".git"},
		{read(".git/config"), event.DecisionAllow, event.RiskRead, ""},
		{event.ToolCall{Name: protocol.ToolFSList, Args: &protocol.FSListArgs{Path: ".", Depth: 2}}, event.DecisionAllow, event.RiskRead, "lists"},
		{event.ToolCall{Name: protocol.ToolFSList, Args: &protocol.FSListArgs{Path: "..", Depth: 1}}, event.DecisionAsk, event.RiskSensitive, "outside"},
		{event.ToolCall{Name: protocol.ToolFSSearch, Args: &protocol.FSSearchArgs{Pattern: "x", Path: "src", Glob: "*.go", MaxResults: 5}}, event.DecisionAllow, event.RiskRead, ""},
		{event.ToolCall{Name: protocol.ToolFSEdit, Args: &protocol.FSEditArgs{Path: "src/main.go", OldText: "a", NewText: "b"}}, event.DecisionAllow, event.RiskWrite, "edits"},
		{event.ToolCall{Name: protocol.ToolProcessRead, Args: &protocol.ProcessReadArgs{ProcessID: "proc_1a2b", Since: -1}}, event.DecisionAllow, event.RiskRead, ""},
		{event.ToolCall{Name: protocol.ToolProcessList, Args: &protocol.ProcessListArgs{}}, event.DecisionAllow, event.RiskRead, ""},
		{event.ToolCall{Name: protocol.ToolProjectStatus, Args: &protocol.ProjectStatusArgs{}}, event.DecisionAllow, event.RiskRead, ""},
	}
	for _, tt := range tests {
		v := e.Check(tt.call)
		if v.Decision != tt.decision || v.Risk != tt.risk || !strings.Contains(v.Reason, tt.reason) {
			t.Errorf("%s %s: %s/%s %q; want %s/%s mentioning %q", tt.call.Name, v.Subject, v.Decision, v.Risk, v.Reason, tt.decision, tt.risk, tt.reason)
		}
	}
}

func TestExecChecksArgvAgainstTheRoot(t *testing.T) {
	p := newProject(t)
	home := filepath.Dir(p.Dir)
	os.MkdirAll(filepath.Join(home, ".ssh"), 0o700)
	os.WriteFile(filepath.Join(home, ".ssh", "id_rsa"), []byte("key"), 0o600)
	p.Write("docs/readme.md", "x")
	p.Write("build/out.o", "x")
	p.Write(".env", "API_TOKEN=x\n")
	p.Write("tools/.env/bin/python", "")
	p.Symlink(filepath.Join(home, ".ssh", "id_rsa"), "docs/config") // a repo shipping a link to a key
	p.Symlink("../../outside", "src/vendor")
	e := engineFor(p, ModePrompt)
	tests := []struct {
		call     event.ToolCall
		decision event.Decision
		risk     event.Risk
		reason   string
	}{
		{exec("cat", "~/.ssh/id_rsa"), event.DecisionAsk, rSens, "credential"},
		{exec("cat", filepath.Join(home, ".ssh", "id_rsa")), event.DecisionAsk, rSens, "credential"},
		{exec("cat", "docs/config"), event.DecisionAsk, rSens, "symbolic link to " + filepath.Join(home, ".ssh", "id_rsa")},
		{exec("ls", "src/vendor/"), event.DecisionAsk, rSens, "symbolic link"},
		{exec("cat", "src/vendor/secret"), event.DecisionAsk, rSens, "src/vendor is a symbolic link to " + filepath.Join(p.Outside, "secret")},
		{exec("cat", "src/vendor/../proj/src/main.go"), event.DecisionAsk, rSens, "symbolic link"}, // leaves the root on the way
		{exec("cat", "../outside/secret"), event.DecisionAsk, rSens, "outside"},
		{execIn("src", "cat", "../docs/readme.md"), event.DecisionAllow, rExec, ""},
		{execIn("src", "cat", "../../outside/secret"), event.DecisionAsk, rSens, "outside"},
		{exec("cat", p.Path("docs/readme.md")), event.DecisionAllow, rExec, ""},
		{exec("cat", ".env"), event.DecisionAsk, rSens, "credential"},
		{execIn("src", "cat", "../.env"), event.DecisionAsk, rSens, "credential"},
		{exec("python3", "-m", "venv", "tools/.env"), event.DecisionAllow, rExec, ""}, // a directory
		{exec("cp", ".env.example", "new/.env"), event.DecisionAllow, rExec, ""},      // creates one
		{exec("go", "test", "./..."), event.DecisionAllow, rExec, "runs go"},
		{exec("rm", "-rf", "docs/readme.md"), event.DecisionAllow, rExec, ""},
		{exec("rm", "-rf", "docs"), event.DecisionAsk, rDest, "directory tree"},
		{exec("rm", "-rf", "src/vendor"), event.DecisionAsk, rDest, "outside"},
		{exec("../outside/run.sh"), event.DecisionAsk, rSens, "program outside"},
		{exec("./build.sh"), event.DecisionAllow, rExec, ""},
		{execIn("../outside", "ls"), event.DecisionAsk, rSens, "runs in " + p.Outside},
		{execIn("src", "ls"), event.DecisionAllow, rExec, ""},
		{exec("docker", "run", "-v", p.Dir+":/src", "alpine"), event.DecisionAllow, rExec, ""},
		{exec("docker", "run", "-v", home+":/h", "alpine"), event.DecisionAsk, rDest, "mounts"},
		{exec("git", "push"), event.DecisionAsk, rExt, "push"},
	}
	for _, tt := range tests {
		v := e.Check(tt.call)
		if v.Decision != tt.decision || v.Risk != tt.risk || !strings.Contains(v.Reason, tt.reason) {
			t.Errorf("%s: %s/%s %q; want %s/%s mentioning %q", v.Subject, v.Decision, v.Risk, v.Reason, tt.decision, tt.risk, tt.reason)
		}
	}
}

func TestExecEnvironment(t *testing.T) {
	p := newProject(t)
	e := engineFor(p, ModePrompt)
	call := event.ToolCall{Name: protocol.ToolProcessStart, Args: &protocol.ProcessStartArgs{
		Program: "npm", Argv: []string{"run", "dev"}, Cwd: ".", Env: []string{"PORT=5173", "LANG=en_GB.UTF-8"}}}
	v := e.Check(call)
	if v.Decision != event.DecisionAllow {
		t.Fatalf("npm run dev: %s (%s)", v.Decision, v.Reason)
	}
	want := []string{"PATH=/usr/bin:/bin", "HOME=/home/u", "LANG=en_GB.UTF-8", "PORT=5173"}
	if strings.Join(v.Env, "\n") != strings.Join(want, "\n") {
		t.Errorf("Env = %q, want %q (GITHUB_TOKEN scrubbed, LANG replaced in place, PORT added)", v.Env, want)
	}
	if fs := e.Check(read("src/main.go")); fs.Env != nil {
		t.Errorf("fs.read verdict has an environment")
	}
	for add, risk := range map[string]event.Risk{
		"LD_PRELOAD=/tmp/x.so":                             rDest,
		"NODE_OPTIONS=--require ./x.js":                    rDest,
		"GIT_SSH_COMMAND=sh -c id":                         rDest,
		"PATH=/tmp/evil":                                   rSens,
		"API_TOKEN=sk-proj-abcdefghijklmnopqrstuvwxyz0123": rSens,
	} {
		call := event.ToolCall{Name: protocol.ToolTerminalExec, Args: &protocol.ExecArgs{Program: "npm", Argv: []string{"test"}, Cwd: ".", Env: []string{add}}}
		v := e.Check(call)
		if v.Decision != event.DecisionAsk || v.Risk != risk {
			t.Errorf("env %s: %s/%s (%s); want ask/%s", add, v.Decision, v.Risk, v.Reason, risk)
		}
		if v.Suggested != nil {
			t.Errorf("env %s: suggested %+v; env findings have no narrow rule", add, v.Suggested)
		}
	}
	allowed := New(Config{Mode: ModePrompt, AllowEnv: []string{"GITHUB_TOKEN"}, Environ: []string{"GITHUB_TOKEN=ghp_x", "AWS_SECRET_ACCESS_KEY=y"}}, p.b)
	if v := allowed.Check(exec("go", "env")); strings.Join(v.Env, ",") != "GITHUB_TOKEN=ghp_x" {
		t.Errorf("AllowEnv: Env = %q", v.Env)
	}
}

// TestApprovalFlows plays allow once, allow for this task and deny in the
// three modes: the engine's decision, the answer, and a re-check.
func TestApprovalFlows(t *testing.T) {
	p := newProject(t)
	p.Write("docs/app.md", "x")
	p.Write("src2/x.go", "x")
	call := exec("rm", "-rf", "docs")
	wider := exec("rm", "-rf", "docs", "src2")
	for _, mode := range []Mode{ModePrompt, ModeAllow, ModeDeny} {
		for _, choice := range []event.ApprovalChoice{event.ApproveOnce, event.ApproveTask, event.ApproveDeny} {
			t.Run(string(mode)+"/"+string(choice), func(t *testing.T) {
				e := engineFor(p, mode)
				v := e.Check(call)
				if v.Risk != rDest || v.Suggested == nil || strings.Join(v.Suggested.Prefix, " ") != "rm -rf docs" {
					t.Fatalf("verdict %+v", v)
				}
				switch mode {
				case ModeAllow:
					if v.Decision != event.DecisionAllow || v.Env == nil {
						t.Fatalf("allow mode: %s", v.Decision)
					}
					if _, _, err := e.Apply(v, choice); err == nil {
						t.Error("Apply on an allow verdict succeeded")
					}
					return
				case ModeDeny:
					if v.Decision != event.DecisionDeny || !strings.Contains(v.Reason, "--approvals=deny") {
						t.Fatalf("deny mode: %s (%s)", v.Decision, v.Reason)
					}
					if !strings.Contains(v.Subject+": "+v.Reason, "directory tree") {
						t.Errorf("deny verdict %+v", v)
					}
					if _, _, err := e.Apply(v, event.ApproveOnce); err == nil {
						t.Error("an answer turned a deny into an allow")
					}
					return
				}
				if v.Decision != event.DecisionAsk {
					t.Fatalf("prompt mode: %s", v.Decision)
				}
				req := Request(protocol.ToolTerminalExec, v)
				if req.Subject != "rm -rf docs" || req.Risk != rDest || req.Reason == "" || req.Suggested == nil {
					t.Errorf("request %+v", req)
				}
				final, ans, err := e.Apply(v, choice)
				if err != nil {
					t.Fatal(err)
				}
				again := e.Check(call)
				switch choice {
				case event.ApproveOnce:
					if final.Decision != event.DecisionAllow || again.Decision != event.DecisionAsk || ans.Rule != nil {
						t.Errorf("once: final %s, re-check %s, rule %v", final.Decision, again.Decision, ans.Rule)
					}
				case event.ApproveTask:
					if final.Decision != event.DecisionAllow || again.Decision != event.DecisionAllow || ans.Rule == nil {
						t.Errorf("task: final %s, re-check %s (%s)", final.Decision, again.Decision, again.Reason)
					}
					if w := e.Check(wider); w.Decision != event.DecisionAsk {
						t.Errorf("the rule for %q covered %q", "rm -rf docs", "rm -rf docs src2")
					}
					if len(e.Rules()) != 1 {
						t.Errorf("rules = %+v", e.Rules())
					}
					e.ClearGrants()
					if v := e.Check(call); v.Decision != event.DecisionAsk {
						t.Errorf("after ClearGrants: %s", v.Decision)
					}
				case event.ApproveDeny:
					if final.Decision != event.DecisionDeny || !strings.Contains(final.Reason, "user denied") || final.Env != nil {
						t.Errorf("deny: %+v", final)
					}
					if again.Decision != event.DecisionAsk {
						t.Errorf("deny changed the next verdict: %s", again.Decision)
					}
				}
			})
		}
	}
}

func TestCommandRulesAreNarrow(t *testing.T) {
	p := newProject(t)
	e := engineFor(p, ModePrompt,
		event.Rule{Tool: protocol.ToolTerminalExec, Kind: RuleCommand, Prefix: []string{"git", "push"}},
		event.Rule{Tool: protocol.ToolTerminalExec, Kind: RuleCommand, Prefix: []string{"aws"}},
		event.Rule{Tool: protocol.ToolTerminalExec, Kind: RuleCommand, Prefix: []string{"cat", "~/outside/secret"}},
	)
	tests := []struct {
		call event.ToolCall
		want event.Decision
	}{
		{exec("git", "push"), event.DecisionAllow},
		{exec("git", "push", "origin", "main"), event.DecisionAllow},
		{exec("git", "push", "--force", "origin", "main"), event.DecisionAsk},
		{exec("git", "push", "origin", "+main"), event.DecisionAsk},
		{exec("git", "-C", "x", "push"), event.DecisionAsk}, // other words: another command
		{execIn("src", "git", "push"), event.DecisionAllow},
		{event.ToolCall{Name: protocol.ToolProcessStart, Args: &protocol.ProcessStartArgs{Program: "git", Argv: []string{"push"}, Cwd: "."}}, event.DecisionAsk},
		{exec("aws", "s3", "ls"), event.DecisionAllow},
		{exec("aws", "s3", "rm", "s3://b/x"), event.DecisionAsk}, // the external finding sits on "rm"
		{exec("cat", "~/outside/secret"), event.DecisionAllow},
		{exec("cat", "~/outside/secret", "~/.ssh/id_rsa"), event.DecisionAsk},
		{exec("sudo", "git", "push"), event.DecisionAsk},
		{execIn("../outside", "git", "push"), event.DecisionAsk},
	}
	for _, tt := range tests {
		if v := e.Check(tt.call); v.Decision != tt.want {
			t.Errorf("%s %s: %s (%s); want %s", tt.call.Name, v.Subject, v.Decision, v.Reason, tt.want)
		}
	}
}

func TestSuggestedRules(t *testing.T) {
	p := newProject(t)
	e := engineFor(p, ModePrompt)
	// An outside cwd with outside arguments under it: one path rule.
	v := e.Check(execIn("../outside", "cat", "secret"))
	if v.Suggested == nil || v.Suggested.Kind != RulePath || v.Suggested.Prefix[0] != p.Outside {
		t.Fatalf("outside cwd: suggested %+v", v.Suggested)
	}
	if err := e.Grant(*v.Suggested); err != nil {
		t.Fatal(err)
	}
	if v := e.Check(execIn("../outside", "cat", "secret")); v.Decision != event.DecisionAllow {
		t.Errorf("after the cwd grant: %s (%s)", v.Decision, v.Reason)
	}
	// An outside cwd plus a destructive command: no single narrow rule.
	if v := e.Check(execIn("/etc", "rm", "-rf", "x")); v.Suggested != nil {
		t.Errorf("mixed findings: suggested %+v", v.Suggested)
	}
	if _, _, err := e.Apply(e.Check(execIn("/etc", "rm", "-rf", "x")), event.ApproveTask); !errors.Is(err, ErrNoSuggestedRule) {
		t.Errorf("Apply(task) without a rule = %v", err)
	}
	// Suggestions never cover everything.
	if v := e.Check(read("/")); v.Decision != event.DecisionAsk || v.Suggested != nil {
		t.Errorf("read /: %s, suggested %+v", v.Decision, v.Suggested)
	}
	if v := e.Check(read("~")); v.Suggested != nil {
		t.Errorf("read ~: suggested %+v", v.Suggested)
	}
}

func TestGrantRefusesBroadOrMalformedRules(t *testing.T) {
	p := newProject(t)
	e := engineFor(p, ModePrompt)
	home := filepath.Dir(p.Dir)
	bad := []event.Rule{
		{Tool: protocol.ToolFSRead, Kind: RulePath, Prefix: []string{"/"}},
		{Tool: protocol.ToolFSRead, Kind: RulePath, Prefix: []string{home}},
		{Tool: protocol.ToolFSRead, Kind: RulePath, Prefix: []string{filepath.Dir(home)}},
		{Tool: protocol.ToolFSRead, Kind: RulePath, Prefix: []string{"relative/path"}},
		{Tool: protocol.ToolFSRead, Kind: RulePath, Prefix: []string{"/etc/../root"}},
		{Tool: protocol.ToolFSRead, Kind: RulePath, Prefix: []string{"/etc", "/var"}},
		{Tool: protocol.ToolFSRead, Kind: RulePath},
		{Tool: protocol.ToolFSRead, Kind: RuleCommand, Prefix: []string{"cat"}},
		{Tool: protocol.ToolTerminalExec, Kind: RuleCommand, Prefix: []string{""}},
		{Tool: protocol.ToolTerminalExec, Kind: RuleCommand, Prefix: []string{"a\x00b"}},
		{Tool: protocol.ToolTerminalExec, Kind: "everything", Prefix: []string{"x"}},
		{Tool: "*", Kind: RulePath, Prefix: []string{"/etc"}},
		{Tool: protocol.ToolProcessList, Kind: RulePath, Prefix: []string{"/etc"}},
	}
	for _, r := range bad {
		if err := e.Grant(r); !errors.Is(err, ErrBadRule) {
			t.Errorf("Grant(%+v) = %v; want ErrBadRule", r, err)
		}
	}
	if len(e.Rules()) != 0 {
		t.Errorf("rules after refused grants: %+v", e.Rules())
	}
	if err := (Config{Rules: bad[:1], Home: home}).Validate(); !errors.Is(err, ErrBadRule) {
		t.Errorf("Config.Validate = %v", err)
	}
	good := event.Rule{Tool: protocol.ToolFSRead, Kind: RulePath, Prefix: []string{"/etc/hosts"}}
	if err := e.Grant(good); err != nil {
		t.Fatal(err)
	}
	e.Grant(good)
	if rs := e.Rules(); len(rs) != 1 {
		t.Errorf("a rule granted twice is listed %d times", len(rs))
	}
	rs := e.Rules()
	rs[0].Prefix[0] = "/"
	if e.Rules()[0].Prefix[0] != "/etc/hosts" {
		t.Error("Rules returned the engine's own slices")
	}
}

func TestModes(t *testing.T) {
	tests := []struct {
		in   string
		tty  bool
		want Mode
		err  bool
	}{
		{"", true, ModePrompt, false},
		{"", false, ModeDeny, false},
		{"prompt", true, ModePrompt, false},
		{"prompt", false, "", true},
		{"deny", true, ModeDeny, false},
		{" Allow ", false, ModeAllow, false},
		{"yes", true, "", true},
		{"always", false, "", true},
	}
	for _, tt := range tests {
		got, err := ParseMode(tt.in, tt.tty)
		if got != tt.want || (err != nil) != tt.err {
			t.Errorf("ParseMode(%q, %v) = %q, %v", tt.in, tt.tty, got, err)
		}
	}
	if _, err := ParseMode("prompt", false); !errors.Is(err, ErrNoTTY) {
		t.Errorf("prompt without a TTY: %v", err)
	}
	p := newProject(t)
	if e := New(Config{}, p.b); e.Mode() != ModeDeny {
		t.Errorf("default mode %q, want deny", e.Mode())
	}
	for m, want := range map[Mode]event.ApprovalChoice{ModeDeny: event.ApproveDeny, ModeAllow: event.ApproveOnce} {
		ans, ok := AutoAnswer(m, "c1")
		if !ok || ans.Choice != want || ans.By != string(m) || ans.CallID != "c1" {
			t.Errorf("AutoAnswer(%s) = %+v, %v", m, ans, ok)
		}
	}
	if _, ok := AutoAnswer(ModePrompt, "c1"); ok {
		t.Error("AutoAnswer(prompt) answered for the user")
	}
}

func TestOutside(t *testing.T) {
	p := newProject(t)
	e := engineFor(p, ModeAllow)
	secret := filepath.Join(p.Outside, "secret")
	tests := []struct {
		call event.ToolCall
		want string
	}{
		{read("../outside/secret"), secret},
		{read("src/main.go"), ""},
		{execIn("../outside", "ls"), p.Outside},
		{exec("cat", "../outside/secret"), ""},
		{event.ToolCall{Name: protocol.ToolProcessList, Args: &protocol.ProcessListArgs{}}, ""},
	}
	for _, tt := range tests {
		got := e.Outside(tt.call)
		if strings.Join(got, ",") != tt.want {
			t.Errorf("Outside(%s %+v) = %q, want %q", tt.call.Name, tt.call.Args, got, tt.want)
		}
	}
	// In allow mode the outside read is allowed.
	if v := e.Check(read("../outside/secret")); v.Decision != event.DecisionAllow {
		t.Fatalf("allow mode: %s", v.Decision)
	}
}
