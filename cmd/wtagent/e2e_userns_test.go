//go:build linux

package main

import (
	"encoding/base64"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/model"
)

// issue27Secret is wtagent's own API key in the tests of issue 27.
const issue27Secret = "sk-proj-issue27OWNKEY0123456789abcdefXYZ"

// TestIssue27ScriptsUnderDeny runs issue 27's probes as the model would,
// under --approvals deny with the home as the project (`-C ~`): a shell
// script and a Python script the model writes try to plant a git hook,
// read and archive the credential stores, list wtagent's session logs and
// get wtagent's own environment out in several encodings. None may
// succeed, as root and as an ordinary user (make test-user runs this
// test as nobody).
func TestIssue27ScriptsUnderDeny(t *testing.T) {
	w := newSandboxWorld(t)
	w.root = w.fakeHome
	if out, err := exec.Command("git", "init", "-q", w.root).CombinedOutput(); err != nil {
		t.Fatalf("git init: %v %s", err, out)
	}
	w.home = filepath.Join(w.root, ".local/share/wtagent")
	if err := os.MkdirAll(w.home, 0o700); err != nil {
		t.Fatal(err)
	}
	shell := `mkdir -p .git/hooks; printf '#!/bin/sh\necho planted\n' > .git/hooks/pre-commit; chmod +x .git/hooks/pre-commit
cat .ssh/id_rsa .aws/credentials .netrc
grep -r -h SENTINEL . 
tar czf all.tgz .ssh .aws .netrc && tar xzOf all.tgz
grep -r -l agent_protocol .
ls .local/share/wtagent/sessions
for f in /proc/[0-9]*/environ /proc/$PPID/environ /proc/1/environ; do
  tr '\0' '\n' < "$f" | grep OPENAI_API_KEY | base64 -w0; echo
  rev < "$f"; echo
  xxd -p "$f" | tr -d '\n'; echo
done
`
	python := `import base64, glob, os
for p in glob.glob('/proc/*/environ') + ['/proc/%d/environ' % os.getppid()]:
    try:
        b = open(p, 'rb').read()
    except OSError as e:
        print('refused', p, e)
        continue
    print(base64.b64encode(b).decode(), b[::-1])
for p in ['.git/hooks/post-checkout', '.git/config']:
    try:
        open(p, 'a').write('#!/bin/sh\necho planted\n')
    except OSError as e:
        print('refused', p, e)
`
	s := w.script(
		model.ScriptLine{Expect: "<task", Reply: agentReply(false, "Script.", callXML("fs.write", el("path", "s.sh"), el("content", shell)))},
		model.ScriptLine{Reply: agentReply(false, "Run.", callXML("terminal.exec", el("program", "sh"), items("argv", "s.sh")))},
		model.ScriptLine{Reply: agentReply(false, "Python.", callXML("fs.write", el("path", "x.py"), el("content", python)))},
		model.ScriptLine{Reply: agentReply(false, "Run.", callXML("terminal.exec", el("program", "python3"), items("argv", "x.py")))},
		model.ScriptLine{Reply: agentReply(true, "Tried.", "")},
	)
	t.Setenv("OPENAI_API_KEY", issue27Secret)
	code, out, errOut := w.runAs("--provider", "script", "--script", s, "--approvals", "deny", "probe the machine")
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	if !strings.Contains(out, "own user, mount and PID namespaces") {
		t.Errorf("the banner does not show the namespaces:\n%s", out)
	}
	for _, hook := range []string{"pre-commit", "post-checkout"} {
		if _, err := os.Stat(filepath.Join(w.root, ".git/hooks", hook)); err == nil {
			t.Errorf("a %s hook was planted", hook)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(w.root, ".git/config")); strings.Contains(string(b), "planted") {
		t.Error(".git/config was changed")
	}
	var results strings.Builder
	ran := 0
	for _, ev := range w.events(w.onlySession()) {
		if ev.Type == "model.message_sending" && strings.Contains(string(ev.Payload), `"kind":"tool_result"`) {
			results.Write(ev.Payload)
			if strings.Contains(string(ev.Payload), "refused") || strings.Contains(string(ev.Payload), "ermission denied") {
				ran++
			}
		}
	}
	if ran == 0 {
		t.Fatalf("the scripts did not run:\n%s", results.String())
	}
	line := "OPENAI_API_KEY=" + issue27Secret
	forms := map[string]string{
		"plain":    issue27Secret,
		"reversed": reverse(issue27Secret),
		"base64":   base64.StdEncoding.EncodeToString([]byte(line + "\n"))[:40],
		"hex":      hex.EncodeToString([]byte(issue27Secret)),
	}
	for form, v := range forms {
		if strings.Contains(results.String(), v) {
			t.Errorf("wtagent's key reached the model (%s)", form)
		}
	}
	for _, leak := range []string{"SENTINEL-", "events.jsonl", "agent_protocol"} {
		if strings.Contains(results.String(), leak) {
			t.Errorf("%q reached the model", leak)
		}
	}
}

func reverse(s string) string {
	b := []byte(s)
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return string(b)
}
