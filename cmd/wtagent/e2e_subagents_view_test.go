//go:build linux

package main

import (
	"regexp"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/internal/cellwidth"
	"github.com/wtagent/wtagent/model"
)

// TestSubAgentsLiveViewGroups: on an 80-column terminal two read
// sub-agents in one reply show as two indented groups. While both wait on
// their first reply, the live region holds a status row of each (tag,
// name, turn, elapsed time, state, its task's first words). In the
// scrollback each group opens with its task, each of its lines (its
// message, its call, the call's result) carries its tag and only its own
// words, and it closes with its outcome; the main run's lines stay
// untagged, and no row is wider than 80 cells.
func TestSubAgentsLiveViewGroups(t *testing.T) {
	const cols = 80
	e := batchEnv(t, "8")
	names := []string{"alpha", "beta"}
	files := map[string]string{"alpha": "a.txt", "beta": "b.txt"}
	lines := []model.ScriptLine{
		{Expect: "agent.run", Reply: agentReply(false, "Two sub-agents.",
			agentRunXML("alpha: read a.txt and report its word")+agentRunXML("beta: read b.txt and report its word"))},
		{Expect: `<tool_results calls="2">`, Reply: agentReply(true, "Both words are in.", "")},
	}
	for _, n := range names {
		// The first reply's think time keeps both sub-agents running
		// while the live region is read.
		lines = append(lines,
			model.ScriptLine{Agent: n, Expect: n + ": read", DelayMS: 2500, Reply: agentReply(false, "Reading the "+n+" file.", readXML(files[n]))},
			model.ScriptLine{Agent: n, Expect: n + "-content", Reply: agentReply(true, "The "+n+" word is in.", "")})
	}
	tm := e.startPTYCols(cols, "--provider", "script", "--script", e.script(lines...), "--approvals", "deny", "ask two sub-agents")

	statusRow := regexp.MustCompile(`^ *#(\d) \S sub-agent (\d) · turn 1 · [0-9]+\.[0-9]s · thinking · (alpha|beta): read [ab]\.txt and`)
	at := tm.waitUntil("a status row of each sub-agent", func(out string) (int, bool) {
		seen := map[string]bool{}
		for _, r := range tm.lastRows(out, ptyRows) {
			if m := statusRow.FindStringSubmatch(r); m != nil && m[1] == m[2] {
				seen[m[3]] = true
			}
		}
		return len(out), seen["alpha"] && seen["beta"]
	})
	tm.waitFor("Both words are in.", at)
	if code := tm.exit(); code != 0 {
		t.Fatalf("exit %d; screen:\n%s", code, tm.screen())
	}

	rows := vtRows(tm.screen(), cols, 400)
	text := strings.Join(rows, "\n")
	for _, r := range rows {
		if w := cellwidth.String(r); w > cols {
			t.Errorf("row %q is %d cells wide", r, w)
		}
	}
	tags := map[string]string{} // name → its tag
	header := regexp.MustCompile(`^  (#\d) ┌ sub-agent \d: (alpha|beta): read [ab]\.txt and report its word$`)
	for _, r := range rows {
		if m := header.FindStringSubmatch(r); m != nil {
			tags[m[2]] = m[1]
		}
	}
	if len(tags) != 2 || tags["alpha"] == tags["beta"] {
		t.Fatalf("group headers %v, want one for alpha and one for beta:\n%s", tags, text)
	}
	for _, n := range names {
		tag, other := tags[n], tags["alpha"]
		if n == "alpha" {
			other = tags["beta"]
		}
		for _, want := range []string{
			"  " + tag + " │ ⏺ Reading the " + n + " file.",
			"  " + tag + " │ ▸ fs.read " + files[n],
			"  " + tag + " │   ✓ fs.read",
			"  " + tag + " └ sub-agent " + tag[1:] + " completed, turn 2, ",
		} {
			if !hasRowPrefix(rows, want) {
				t.Errorf("no row starts %q:\n%s", want, text)
			}
		}
		// Each row of a group holds its own words only.
		for _, r := range rows {
			if strings.HasPrefix(r, "  "+other+" ") && strings.Contains(r, n) {
				t.Errorf("row %q of %s's group names %s", r, other, n)
			}
		}
	}
	// The main run's lines stay as they were: untagged.
	for _, want := range []string{"▸ agent.run alpha: read a.txt and report its word", "▸ agent.run beta: read b.txt and report its word", "✔ done"} {
		if !hasRowPrefix(rows, want) {
			t.Errorf("no main row starts %q:\n%s", want, text)
		}
	}
}

// hasRowPrefix reports whether a row starts with p.
func hasRowPrefix(rows []string, p string) bool {
	for _, r := range rows {
		if strings.HasPrefix(r, p) {
			return true
		}
	}
	return false
}
