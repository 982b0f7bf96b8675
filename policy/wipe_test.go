package policy

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/policy/boundary"
	"github.com/wtagent/wtagent/policy/classify"
	"github.com/wtagent/wtagent/protocol"
)

// TestWipesAreHardDenies: deleting /, ~, the project root or a directory
// above it is refused in every mode, also with a rule for the exact
// command, also through wrappers and shell scripts; other deletes follow
// the mode.
func TestWipesAreHardDenies(t *testing.T) {
	p := newProject(t)
	home := filepath.Dir(p.Dir) // engineFor's home holds the project
	p.Symlink(home, "up")
	denied := []event.ToolCall{
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
		exec("rm", "-rf", p.Dir),
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
	allowed := []event.ToolCall{
		exec("rm", "-rf", "src"),
		exec("rm", "-rf", "node_modules"),
		exec("rm", "-rf", p.Outside),
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
			_ = e.Grant(event.Rule{Tool: call.Name, Kind: RuleCommand, Prefix: words})
			v := e.Check(call)
			if v.Decision != event.DecisionDeny || !strings.Contains(v.Reason, "whatever the approvals mode") {
				t.Errorf("%s %q: %s (%s), want a hard deny", mode, words, v.Decision, v.Reason)
			}
		}
		for _, call := range allowed {
			v := engineFor(p, mode).Check(call)
			if strings.Contains(v.Reason, "whatever the approvals mode") {
				t.Errorf("%s %q: hard-denied: %s", mode, commandWords(call), v.Reason)
			}
			if mode == ModeAllow && v.Decision != event.DecisionAllow {
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
		if got := cl.Denied != ""; got != tc.deny {
			t.Errorf("%q: denied=%q (risk %s: %s)", tc.words, cl.Denied, cl.Risk, cl.Reason)
		}
	}
}

// TestWipeForm: how an operand expands, by platform.
func TestWipeForm(t *testing.T) {
	for _, tc := range []struct{ goos, in, want string }{
		{"linux", "/*", "/"}, {"linux", "/.*", "/"}, {"linux", "~/*", "~"}, {"linux", `"$HOME"`, "~"},
		{"linux", "${HOME}/", "~/"}, {"linux", "$HOME/*", "~"}, {"linux", "$HOMEDIR", "$HOMEDIR"},
		{"linux", "dist/*", "dist"}, {"linux", "a", "a"}, {"linux", "'/'", "/"}, {"linux", "$PWD", "."},
		{"linux", "$(pwd)/..", "./.."}, {"linux", "$PWDX", "$PWDX"}, {"darwin", "$home", "$home"},
		{"linux", "%USERPROFILE%", "%USERPROFILE%"}, {"linux", `dist\*`, `dist\*`}, {"linux", "/*.*", "/*.*"},
		{"windows", "%USERPROFILE%", "~"}, {"windows", `%userprofile%\*`, "~"}, {"windows", `"%USERPROFILE%\x"`, `~\x`},
		{"windows", "$env:USERPROFILE", "~"}, {"windows", "${env:UserProfile}/", "~/"},
		{"windows", "$env:USERPROFILEX", "$env:USERPROFILEX"}, {"windows", `%HOMEDRIVE%%HOMEPATH%\*.*`, "~"},
		{"windows", `%SystemRoot%`, "/Windows"}, {"windows", `$env:windir\*`, "/Windows"},
		{"windows", `%SystemDrive%\`, `\`}, {"windows", `%SystemDrive%\*`, `/`}, {"windows", `%ProgramFiles(x86)%`, "/Program Files (x86)"},
		{"windows", `%CD%`, "."}, {"windows", `C:\*`, "C:"}, {"windows", `\*`, "/"}, {"windows", `C:\.*`, "C:"},
		{"windows", `C:/*.*`, "C:"}, {"windows", `dist\*`, "dist"}, {"windows", "$HOME", "~"},
	} {
		if got := boundary.CaseFor(tc.goos).WipeForm(tc.in); got != tc.want {
			t.Errorf("%s: WipeForm(%q) = %q, want %q", tc.goos, tc.in, got, tc.want)
		}
	}
}

// TestWipeRulesByPlatform: which delete operands are hard denies under
// each platform's rule, from a cwd in the project root (a child of the
// home), without a file system. want is part of the reason; "" allows.
func TestWipeRulesByPlatform(t *testing.T) {
	type row struct{ word, want string }
	const all, home, sys, root = "whole file system", "your home directory",
		"Windows system directory", "project root"
	for _, tc := range []struct {
		goos, cwd, home string
		rows            []row
	}{
		{"windows", `C:\Users\me\proj`, `C:\Users\me`, []row{
			{`C:\`, all}, {"C:/", all}, {"c:", all}, {`C:\.`, all}, {`\\?\C:\`, all}, {`\\.\c:\`, all}, {`\\?\C:`, all},
			{`D:\`, all}, {`C:\Windows\..`, all}, {`C:\*`, all}, {`C:\*.*`, all}, {`%SystemDrive%\`, "(C:/)"},
			{"$env:SystemDrive", "(C:/)"}, {`\`, "(C:/)"}, {"/", "(C:/)"}, {"/*", "(C:/)"}, {`/usr/..`, "(C:/)"},
			{"//", all}, {`\\`, all}, {`\\server`, all}, {`\\server\share`, all}, {"//server/share/", all},
			{`\\server\share\..`, all}, {`\\?\UNC\server\share`, all}, {`\\server\share\*`, all},
			{"~", home}, {`~\`, home}, {"~/*", home}, {"%USERPROFILE%", home}, {`%userprofile%\`, home},
			{"$env:USERPROFILE", home}, {`%HOMEDRIVE%%HOMEPATH%`, home}, {`C:\Users\me`, home}, {"c:/users/ME/", home},
			{`\Users\me`, home}, {`\\?\C:\Users\Me`, home}, {`C:\Users`, "contains " + home}, {"../..", "contains " + home},
			{`..\..`, "contains " + home}, {`C:\Users\ME\proj\src\..\..`, home},
			{`C:\Windows`, sys}, {`c:\WINDOWS\`, sys}, {`%SystemRoot%`, sys}, {`$env:windir\*`, sys}, {`D:\Windows`, sys},
			{`C:\Program Files`, sys}, {`C:/PROGRAM FILES (X86)`, sys}, {`%ProgramFiles%`, sys}, {`C:\ProgramData`, sys},
			{".", root}, {`.\`, root}, {"%CD%", root}, {`C:\Users\me\proj`, root}, {`c:\USERS\me\PROJ\`, root},
			{`C:\Users/me\proj`, root}, {`C:\Windows\..\Users\me\proj\src\..`, root}, {"..", home},
			{"C:proj", ""}, {"build", ""}, {`src\..\build`, ""}, {`C:\Users\me\proj\build`, ""},
			{`C:\Users\me\outside`, ""}, {`~\outside`, ""}, {`%USERPROFILE%\x`, ""}, {`C:\Windows2`, ""},
			{`C:\Windows\Temp\x`, ""}, {`D:\data`, ""}, {`\\server\share\dir`, ""}, {`..\outside`, ""},
			{"C:Windows", ""}, {"~user", ""}, {"%USERPROFILE%x", ""},
		}},
		{"windows", "/home/me/proj", "/home/me", []row{ // no volume in sight (the rule on a Unix tree)
			{"/", "root of the current drive (/)"}, {`\`, "current drive"}, {"..", home}, {"/tmp", ""},
		}},
		{"linux", "/home/me/proj", "/home/me", []row{
			{"/", "whole file system (/)"}, {"//", "whole file system (/)"}, {"/usr/..", all}, {"/*", all},
			{"~", home}, {"$HOME/", home}, {"/home/me", home}, {"/home", "contains " + home}, {"..", home},
			{".", root}, {"/home/me/proj/", root}, {"$PWD", root},
			{"/tmp/x", ""}, {"/home/Me", ""}, {"/HOME/me/proj", ""}, {`C:\`, ""}, {"C:/", ""}, {"%USERPROFILE%", ""},
			{`\\server\share`, ""}, {"/Windows", ""}, {"~/x", ""}, {"build", ""},
		}},
		{"darwin", "/Users/me/proj", "/Users/me", []row{
			{"/", all}, {"~", home}, {"/users/ME", home}, {"/Users", "contains " + home}, {"/USERS/me/Proj", root},
			{"/tmp/x", ""}, {"/Users/me/x", ""},
		}},
	} {
		c := boundary.CaseFor(tc.goos)
		for _, r := range tc.rows {
			got := c.WipeOf([]string{c.WipePath(c.WipeForm(r.word), tc.cwd, tc.home)}, []string{tc.home}, []string{tc.cwd})
			if (r.want == "") != (got == "") || !strings.Contains(got, r.want) {
				t.Errorf("%s: %q: %q, want %q", tc.goos, r.word, got, r.want)
			}
		}
	}
}

// commandWords returns a terminal.exec call's program and argv.
func commandWords(call event.ToolCall) []string {
	a := call.Args.(*protocol.ExecArgs)
	return append([]string{a.Program}, a.Argv...)
}

// TestWindowsDeletersWipe: cmd's rd, rmdir, del and erase, PowerShell's
// Remove-Item (also through cmd /c and pwsh -Command) are hard-denied on
// a wipe under the Windows rule, and other deletes are not; /s is a path
// under the Linux rule.
func TestWindowsDeletersWipe(t *testing.T) {
	for _, tc := range []struct {
		goos  string
		words []string
		deny  bool
		risk  event.Risk
	}{
		{"windows", []string{"rd", "/s", "/q", `C:\`}, true, ""},
		{"windows", []string{"RMDIR", "/S", "/Q", `c:`}, true, ""},
		{"windows", []string{"rmdir.exe", "/s", `\\?\C:\`}, true, ""},
		{"windows", []string{"rd", "/s", "/q", `\\server\share`}, true, ""},
		{"windows", []string{"del", "/s", "/q", "/f", `C:\*.*`}, true, ""},
		{"windows", []string{"erase", "/s", "/a:h", `%USERPROFILE%\*`}, true, ""},
		{"windows", []string{"del", "/s", "/q", "C:/Windows"}, true, ""},
		{"windows", []string{"rd", "/s", "/q", "."}, true, ""},
		{"windows", []string{"rd", "/s", "/q", `..\..`}, true, ""},
		{"windows", []string{"Remove-Item", "-Recurse", "-Force", `C:\`}, true, ""},
		{"windows", []string{"remove-item", "-Path", "$env:USERPROFILE", "-Recurse"}, true, ""},
		{"windows", []string{"ri", "-r", "-fo", "~"}, true, ""},
		{"windows", []string{"rm", "-r", "-fo", `C:\Program Files`}, true, ""},
		{"windows", []string{"cmd", "/c", "rd", "/s", "/q", `C:\`}, true, ""},
		{"windows", []string{"cmd.exe", "/d", "/c", `cd src && rmdir /s /q "%SystemRoot%"`}, true, ""},
		{"windows", []string{"cmd", "/c", `echo hi & (del /s /q "C:\Program Files\*")`}, true, ""},
		{"windows", []string{"powershell", "-NoProfile", "-Command", "Remove-Item -Recurse -Force $env:USERPROFILE"}, true, ""},
		{"windows", []string{"pwsh", "-c", `Get-ChildItem; Remove-Item 'C:\Windows\' -Recurse`}, true, ""},
		{"windows", []string{"pwsh", "-Command", `if ($x) { rd -r -fo C:\ }`}, true, ""},
		{"windows", []string{"rd", "/s", "/q", "build"}, false, event.RiskDestructive},
		{"windows", []string{"del", "/q", "out.txt"}, false, event.RiskExecute},
		{"windows", []string{"del", "/q", "*.obj"}, false, event.RiskDestructive},
		{"windows", []string{"Remove-Item", "-Recurse", "-Force", "dist"}, false, event.RiskDestructive},
		{"windows", []string{"cmd", "/c", "rd /s /q build & echo done"}, false, event.RiskDestructive},
		{"windows", []string{"pwsh", "-c", "Remove-Item -Recurse 'C:\\Users\\me\\x'"}, false, event.RiskDestructive},
		{"linux", []string{"del", "/q", "out.txt"}, false, event.RiskDestructive},
		{"linux", []string{"rmdir", "/"}, true, ""},
		{"linux", []string{"pwsh", "-c", "Remove-Item -Recurse -Force /"}, true, ""},
		{"linux", []string{"pwsh", "-c", "Remove-Item -Recurse -Force %USERPROFILE%"}, false, event.RiskDestructive},
	} {
		cl := classifyOn(tc.goos, tc.words)
		if got := cl.Denied != ""; got != tc.deny || (!tc.deny && cl.Risk != tc.risk) {
			t.Errorf("%s %q: denied=%q, risk %s (%s)", tc.goos, tc.words, cl.Denied, cl.Risk, cl.Reason)
		}
	}
}

func TestSplitWindowsScript(t *testing.T) {
	for in, want := range map[string]string{
		`rd /s /q "C:\Program Files" & echo ok`:  `[[rd /s /q C:\Program Files] [echo ok]]`,
		`cd src && rmdir /s /q x || (del a)`:     `[[cd src] [rmdir /s /q x] [del a]]`,
		"Remove-Item 'a b';ri -r c\n{ rd -r d }": `[[Remove-Item a b] [ri -r c] [rd -r d]]`,
		`echo "a&b|c" ''`:                        `[[echo a&b|c ]]`,
		"":                                       `[]`,
	} {
		if got := fmt.Sprint(classify.SplitWindowsScript(in)); got != want {
			t.Errorf("splitWindowsScript(%q) = %s, want %s", in, got, want)
		}
	}
}
