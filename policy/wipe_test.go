package policy

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/protocol"
)

// TestWipesAreHardDenies: deleting /, ~, the project root or a directory
// above it is refused in every mode, also with a rule for the exact
// command, also through wrappers and shell scripts; other deletes follow
// the mode.
func TestWipesAreHardDenies(t *testing.T) {
	p := newProject(t)
	home := filepath.Dir(p.dir) // engineFor's home holds the project
	p.symlink(home, "up")
	denied := []messages.ToolCall{
		exec("rm", "-rf", "/"),
		exec("rm", "-rf", "//"),
		exec("rm", "-rf", "/usr/.."),
		exec("rm", "-r", "/*"),
		exec("/bin/rm", "-fr", "~"),
		exec("rm", "-rf", "~/"),
		exec("rm", "-rf", "--", "~/*"),
		exec("rm", "-rf", "src", "$HOME"),
		exec("unlink", "/"),
		exec("sudo", "rm", "-rf", "/"),
		exec("env", "sudo", "nice", "-n", "5", "rm", "-rf", "--no-preserve-root", "/"),
		exec("busybox", "rm", "-rf", "/"),
		exec("rm", "-rf", p.dir),
		exec("rm", "-rf", home),
		exec("rm", "-rf", filepath.Dir(home)),
		exec("rm", "-rf", "."),
		exec("rm", "-rf", "up/"),
		execIn("src", "rm", "-rf", ".."),
		execIn("src", "rm", "-rf", "../.."),
		exec("sh", "-c", "rm -rf /"),
		exec("sh", "-c", "cd src && sudo rm -rf ~"),
		exec("bash", "-c", `rm -rf "$HOME"`),
		exec("bash", "-lc", "sudo rm -rf /*"),
		exec("bash", "-c", "rm -rf ${HOME}/"),
		exec("bash", "-c", `rm -rf "$PWD"`),
		execIn("src", "sh", "-c", "rm -rf $(pwd)/.."),
	}
	allowed := []messages.ToolCall{
		exec("rm", "-rf", "src"),
		exec("rm", "-rf", "node_modules"),
		exec("rm", "-rf", p.outside),
		exec("rm", "-rf", "~/outside"),
		exec("rm", "-rf", "../outside"),
		exec("sh", "-c", "rm -rf dist && go build ./..."),
		exec("bash", "-c", `rm -rf "$TMPDIR/x"`),
		exec("bash", "-c", `rm -rf "$PWD/build"`),
	}
	for _, mode := range []Mode{ModeAllow, ModePrompt, ModeDeny} {
		for _, call := range denied {
			e := engineFor(p, mode)
			words := commandWords(call)
			_ = e.Grant(messages.Rule{Tool: call.Name, Kind: RuleCommand, Prefix: words})
			v := e.Check(call)
			if v.Decision != messages.DecisionDeny || !strings.Contains(v.Reason, "whatever the approvals mode") {
				t.Errorf("%s %q: %s (%s), want a hard deny", mode, words, v.Decision, v.Reason)
			}
		}
		for _, call := range allowed {
			v := engineFor(p, mode).Check(call)
			if strings.Contains(v.Reason, "whatever the approvals mode") {
				t.Errorf("%s %q: hard-denied: %s", mode, commandWords(call), v.Reason)
			}
			if mode == ModeAllow && v.Decision != messages.DecisionAllow {
				t.Errorf("allow %q: %s (%s)", commandWords(call), v.Decision, v.Reason)
			}
		}
	}
}

// TestClassifyWipesLexically: without a project, "/", "~" and the
// directory the command runs in (or one above it) are hard denies too.
func TestClassifyWipesLexically(t *testing.T) {
	for _, tc := range []struct {
		words []string
		deny  bool
	}{
		{[]string{"rm", "-rf", "/"}, true},
		{[]string{"sudo", "rm", "-rf", "/*"}, true},
		{[]string{"rm", "-rf", "~"}, true},
		{[]string{"rm", "-rf", "$HOME/"}, true},
		{[]string{"rm", "-rf", "../.."}, true},
		{[]string{"rm", "-rf", "./"}, true},
		{[]string{"sh", "-c", "rm -rf ~/*"}, true},
		{[]string{"rm", "-rf", "build"}, false},
		{[]string{"rm", "-rf", "/tmp/x"}, false},
		{[]string{"rm", "-rf", "~/x"}, false},
		{[]string{"rm", "-rf", "../x"}, false},
	} {
		cl := Classify(tc.words[0], tc.words[1:])
		if got := cl.denied != ""; got != tc.deny {
			t.Errorf("%q: denied=%q (risk %s: %s)", tc.words, cl.denied, cl.Risk, cl.Reason)
		}
	}
}

func TestWipeForm(t *testing.T) {
	for in, want := range map[string]string{
		"/*": "/", "/.*": "/", "~/*": "~", `"$HOME"`: "~", "${HOME}/": "~/", "$HOME/*": "~", "$HOMEDIR": "$HOMEDIR",
		"dist/*": "dist", "a": "a", "'/'": "/", "$PWD": ".", "$(pwd)/..": "./..", "$PWDX": "$PWDX",
	} {
		if got := wipeForm(in); got != want {
			t.Errorf("wipeForm(%q) = %q, want %q", in, got, want)
		}
	}
}

// commandWords returns a terminal.exec call's program and argv.
func commandWords(call messages.ToolCall) []string {
	a := call.Args.(*protocol.ExecArgs)
	return append([]string{a.Program}, a.Argv...)
}
