//go:build linux

package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/model"
)

// goldenLogs holds the golden event logs: whole sessions recorded by
// running wtagent with the scripted model (TestWriteGoldenLogs), each as
// <name>/home (the data root), <name>/project and <name>/script.jsonl,
// with the paths they were recorded at replaced by placeholders. Every
// later version of wtagent must still replay and resume them.
const goldenLogs = "../../session/event/testdata/logs"

// The placeholders of the recording's paths.
const (
	placeHome   = "@HOME@"
	placeRoot   = "@ROOT@"
	placeScript = "@SCRIPT@"
)

// recordOnceLines is a run whose side effect shows how often it ran, with
// its second reply delayed by delay milliseconds (where a run is killed).
func recordOnceLines(delay int) []model.ScriptLine {
	return []model.ScriptLine{
		{Reply: appendOnce("Record the run.")},
		{Expect: `status="ok"`, Reply: agentReply(false, "Check.", callXML("terminal.exec", el("program", "sh"), items("argv", "check.sh"))), DelayMS: delay},
		{Expect: "1 line", Reply: agentReply(true, "runs.log has one line; sh check.sh passed.", "")},
	}
}

// streamedRecordOnceLines is recordOnceLines whose second reply streams a
// long text slowly (15 ms a chunk) before its call, for a crash or a kill
// while the reply streams.
func streamedRecordOnceLines() []model.ScriptLine {
	long := strings.Repeat("Streaming a long explanation before the call. ", 60)
	return []model.ScriptLine{
		{Reply: appendOnce("Record the run.")},
		{Reply: agentReply(false, long+"Check.", callXML("terminal.exec", el("program", "sh"), items("argv", "check.sh"))), StreamMS: 15},
		{Expect: "1 line", Reply: agentReply(true, "runs.log has one line; sh check.sh passed.", "")},
	}
}

// recordOnceCheck is the check.sh of recordOnceLines.
const recordOnceCheck = "n=$(wc -l < runs.log); echo \"$n line\"; test \"$n\" -eq 1\n"

// TestWriteGoldenLogs records the golden logs with the wtagent under test:
// a completed run (<prefix>-completed), and a run killed with SIGKILL while
// it waits for the model, after its side effect (<prefix>-killed-waiting).
// It only runs when WTAGENT_WRITE_GOLDEN_LOGS names the prefix (v1 for
// format version 1): the logs are records of a format, added when the
// format changes, never rewritten. v1-unversioned-* were recorded before
// records carried "v".
func TestWriteGoldenLogs(t *testing.T) {
	prefix := os.Getenv("WTAGENT_WRITE_GOLDEN_LOGS")
	if prefix == "" {
		t.Skip("set WTAGENT_WRITE_GOLDEN_LOGS=<prefix> to record the golden logs")
	}
	e := newEnv(t)
	os.WriteFile(filepath.Join(e.root, "check.sh"), []byte(recordOnceCheck), 0o644)
	s := e.script(recordOnceLines(0)...)
	if code, out, errOut := e.run("--provider", "script", "--script", s, "record one run"); code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
	saveGolden(t, e, prefix+"-completed", s)

	e = newEnv(t)
	os.WriteFile(filepath.Join(e.root, "check.sh"), []byte(recordOnceCheck), 0o644)
	slow := e.script(recordOnceLines(60000)...)
	e.startAndKill(func(evs []event.Event) bool {
		return count(evs, event.EvModelMessageSent) == 2 // waiting for the slow reply
	}, "--provider", "script", "--script", slow, "record one run")
	// Resumed, the script answers at once.
	os.Rename(e.script(recordOnceLines(0)...), slow)
	saveGolden(t, e, prefix+"-killed-waiting", slow)
}

// saveGolden copies e's data root (its sessions), project and script
// under goldenLogs/name, with their paths replaced by placeholders.
func saveGolden(t *testing.T, e *env, name, script string) {
	t.Helper()
	dst := filepath.Join(goldenLogs, name)
	if err := os.RemoveAll(dst); err != nil {
		t.Fatal(err)
	}
	place := strings.NewReplacer(script, placeScript, e.home, placeHome, e.root, placeRoot)
	copyTree(t, filepath.Join(e.home, "sessions"), filepath.Join(dst, "home", "sessions"), place.Replace,
		func(rel string) bool { return filepath.Base(rel) == "wtagent.log" })
	copyTree(t, e.root, filepath.Join(dst, "project"), place.Replace, func(string) bool { return false })
	copyFile(t, script, filepath.Join(dst, "script.jsonl"), place.Replace)
}

// restoreGolden copies the golden log name into e's data root and project
// with the placeholders replaced by their paths, and returns the session
// id.
func restoreGolden(t *testing.T, e *env, name string) string {
	t.Helper()
	src := filepath.Join(goldenLogs, name)
	script := filepath.Join(t.TempDir(), "script.jsonl")
	place := strings.NewReplacer(placeScript, script, placeHome, e.home, placeRoot, e.root)
	none := func(string) bool { return false }
	copyTree(t, filepath.Join(src, "home", "sessions"), filepath.Join(e.home, "sessions"), place.Replace, none)
	copyTree(t, filepath.Join(src, "project"), e.root, place.Replace, none)
	copyFile(t, filepath.Join(src, "script.jsonl"), script, place.Replace)
	return e.onlySession()
}

// copyTree copies the regular files and directories under src to dst,
// each file's text through edit, leaving out the files skip names.
func copyTree(t *testing.T, src, dst string, edit func(string) string, skip func(rel string) bool) {
	t.Helper()
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		switch {
		case d.IsDir():
			return os.MkdirAll(filepath.Join(dst, rel), 0o700)
		case d.Type().IsRegular() && !skip(rel):
			copyFile(t, path, filepath.Join(dst, rel), edit)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// copyFile copies one file's text through edit, as a private file.
func copyFile(t *testing.T, src, dst string, edit func(string) string) {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, []byte(edit(string(b))), 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestGoldenLogResumesExactlyOnce resumes a copy of each golden log of a
// run killed with SIGKILL while it waited for the model: the resumed run
// completes, and the side effect the killed run had already made is not
// made again.
func TestGoldenLogResumesExactlyOnce(t *testing.T) {
	names, err := filepath.Glob(filepath.Join(goldenLogs, "*-killed-waiting"))
	if err != nil || len(names) == 0 {
		t.Fatalf("no killed golden logs under %s (%v)", goldenLogs, err)
	}
	for _, name := range names {
		t.Run(filepath.Base(name), func(t *testing.T) { resumeGoldenOnce(t, filepath.Base(name)) })
	}
}

// resumeGoldenOnce resumes a copy of the golden log name.
func resumeGoldenOnce(t *testing.T, name string) {
	e := newEnv(t)
	id := restoreGolden(t, e, name)
	evs := e.resumeRanOnce(id)
	if n := count(evs, event.EvRunCompleted); n != 1 {
		t.Fatalf("%d run.completed, want 1", n)
	}
}
