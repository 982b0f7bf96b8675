//go:build linux

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/model"
)

// The probes of issue 27: scripts and commands a model writes and runs
// under --approvals deny, as whatever user runs the tests (root here;
// CI runs them as an unprivileged user too). Nothing here assumes root
// or a particular home: every directory is the test's own.

// sentToModel is everything the session sent to the model.
func (e *env) sentToModel(id string) string {
	e.t.Helper()
	var sent strings.Builder
	for _, ev := range e.events(id) {
		if ev.Type == "model.message_sending" {
			sent.Write(ev.Payload)
		}
	}
	return sent.String()
}

// TestCommandRunningEnvIsRefused: an environment variable that makes a
// program run a command (LESSOPEN, LESSCLOSE, GIT_EXTERNAL_DIFF …) is
// refused in a call's env and in a script's assignments, like BASH_ENV;
// the command it names never runs.
func TestCommandRunningEnvIsRefused(t *testing.T) {
	w := newEnv(t)
	if err := os.WriteFile(filepath.Join(w.root, "notes.txt"), []byte("notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := w.script(
		model.ScriptLine{Expect: "<task", Reply: agentReply(false, "Page.", callXML("terminal.exec", el("program", "less"), items("argv", "-F", "notes.txt"), items("env", "LESSOPEN=|touch pwned-lessopen; cat %s")))},
		model.ScriptLine{Reply: agentReply(false, "Close.", callXML("terminal.exec", el("program", "less"), items("argv", "-F", "notes.txt"), items("env", "LESSCLOSE=touch pwned-lessclose")))},
		model.ScriptLine{Reply: agentReply(false, "Env.", callXML("terminal.exec", el("program", "env"), items("argv", "LESSOPEN=|touch pwned-env; cat %s", "less", "-F", "notes.txt")))},
		model.ScriptLine{Reply: agentReply(false, "Shell.", callXML("terminal.exec", el("program", "sh"), items("argv", "-c", "LESSOPEN='|touch pwned-sh; cat %s'; export LESSOPEN; less -F notes.txt")))},
		model.ScriptLine{Reply: agentReply(false, "Diff.", callXML("terminal.exec", el("program", "git"), items("argv", "diff"), items("env", "GIT_EXTERNAL_DIFF=touch pwned-diff")))},
		model.ScriptLine{Reply: agentReply(true, "Tried.", "")},
	)
	code, out, errOut := w.run("--provider", "script", "--script", s, "--approvals", "deny", "page the notes")
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	matches, _ := filepath.Glob(filepath.Join(w.root, "pwned-*"))
	if len(matches) > 0 {
		t.Errorf("a command named by the environment ran: %v", matches)
	}
	sent := w.sentToModel(w.onlySession())
	for _, want := range []string{"LESSOPEN", "LESSCLOSE", "GIT_EXTERNAL_DIFF"} {
		if !strings.Contains(sent, "sets "+want+", which makes programs load or run other code") {
			t.Errorf("the model was not told %s was refused", want)
		}
	}
}

// TestCABundlePathReachesTheModel: a CA bundle's path in wtagent's
// environment is no secret: programs get it and the model sees it.
func TestCABundlePathReachesTheModel(t *testing.T) {
	w := newEnv(t)
	bundle := filepath.Join(w.root, "corp-ca.pem")
	t.Setenv("AWS_CA_BUNDLE", bundle)
	t.Setenv("AWS_SECRET_ACCESS_KEY", "NOTREALsecretvalue0123456789")
	s := w.script(
		model.ScriptLine{Expect: "<task", Reply: agentReply(false, "Env.", callXML("terminal.exec", el("program", "printenv"), items("argv", "AWS_CA_BUNDLE")))},
		model.ScriptLine{Reply: agentReply(true, "Shown.", "")},
	)
	code, out, errOut := w.run("--provider", "script", "--script", s, "--approvals", "deny", "where is the CA bundle")
	if code != 0 {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errOut)
	}
	sent := w.sentToModel(w.onlySession())
	if !strings.Contains(sent, bundle) || strings.Contains(sent, "[MASKED:env AWS_CA_BUNDLE]") {
		t.Errorf("the CA bundle path was masked or dropped:\n%s", sent)
	}
	if strings.Contains(sent, "NOTREALsecretvalue") {
		t.Error("a secret reached the model")
	}
}
