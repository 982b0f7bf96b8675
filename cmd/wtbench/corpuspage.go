package main

import (
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/wtagent/wtagent/browser/chrome"
	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/internal/batchcorpus"
	"github.com/wtagent/wtagent/model"
)

// pageTask is the corpus task every page replay includes: the seed's
// acceptance scenario (empty directory → website → build → dev server →
// an error → fix → rebuild).
const pageTask = "11-py-website-scenario"

// messagesThroughPage replays the corpus (with -quick, the acceptance
// scenario alone) under each rule through the binary and real headless
// Chromium on the mock ChatGPT page, which waits replyDelay before each
// reply: messages sent, wall time of the runs (each starts its Chromium)
// and end states against the recorded ones, for the scenario and for the
// whole corpus.
func (b *bench) messagesThroughPage() result {
	if _, err := chrome.Discover(os.Getenv, "linux"); err != nil {
		return result{measured: "not measured", baseline: "-", ok: "n/a", note: err.Error()}
	}
	tasks, err := batchcorpus.Load(corpusDir)
	if err != nil {
		return failed(err)
	}
	rules := corpusRules()
	if err := b.acceptsConfig(rules[len(rules)-1].config); err != nil {
		return failed(err)
	}
	scenario, rest := newTally(len(rules)), newTally(len(rules))
	for _, task := range tasks {
		t := &rest
		if task.Name == pageTask {
			t = &scenario
		} else if b.quick {
			continue
		}
		if err := b.replayTask(task, rules, t, true); err != nil {
			return failed(fmt.Errorf("%s: %w", task.Name, err))
		}
	}
	if scenario.tasks != 1 {
		return failed(fmt.Errorf("%s is not in %s", pageTask, corpusDir))
	}
	measured := pageTask + ": " + scenario.columns(rules)
	all := scenario.plus(rest)
	if rest.tasks > 0 {
		measured += fmt.Sprintf("; all %d tasks: %s", all.tasks, all.columns(rules))
	}
	return result{
		measured: measured,
		baseline: fmt.Sprintf("the mock page waits %s before each reply; %d runs, each with its own headless Chromium", replyDelay, all.tasks*len(rules)),
		ok:       verdict(scenario.ratio() >= 2.5 && all.ratio() >= 2.5 && all.sameStates == all.tasks),
	}
}

// replayRule runs script (a copy: replayRule numbers its lines) on a fresh
// copy of the task's project with the scripted provider or, onPage,
// through a mock page of its own in headless Chromium; it returns the
// messages sent and the end state.
func (b *bench) replayRule(task batchcorpus.Task, name string, script []model.ScriptLine, config string, onPage bool) (int, string, error) {
	if !onPage {
		return b.replayScript(task, name, script, config, "")
	}
	for i := range script {
		script[i].Line = i + 1 // the mock names the line it could not serve
	}
	srv := mockchat.New(mockchat.Options{Script: script, LoggedIn: true})
	url, err := srv.Start("127.0.0.1:0")
	if err != nil {
		return 0, "", err
	}
	defer srv.Close()
	return b.replayScript(task, "page-"+name, nil, config, url)
}

// newTally is an empty tally of n rules.
func newTally(n int) corpusTally {
	return corpusTally{msgs: make([]int, n), wall: make([]time.Duration, n)}
}

// plus is the sum of two tallies.
func (t corpusTally) plus(u corpusTally) corpusTally {
	s := newTally(len(t.msgs))
	s.tasks, s.calls, s.sameStates = t.tasks+u.tasks, t.calls+u.calls, t.sameStates+u.sameStates
	for i := range s.msgs {
		s.msgs[i], s.wall[i] = t.msgs[i]+u.msgs[i], t.wall[i]+u.wall[i]
	}
	return s
}

// ratio is how many times fewer messages chains (the last rule) send
// than one call per reply (the first).
func (t corpusTally) ratio() float64 { return float64(t.msgs[0]) / float64(t.msgs[len(t.msgs)-1]) }

// columns prints messages and wall time per rule, then the ratios of
// chains (and issue 26) to one call per reply, and the end states.
func (t corpusTally) columns(rules []corpusRule) string {
	var cols []string
	for i, r := range rules {
		cols = append(cols, fmt.Sprintf("%s %d messages in %s", r.name, t.msgs[i], t.wall[i].Round(100*time.Millisecond)))
	}
	last := len(rules) - 1
	return fmt.Sprintf("%s; chains %.2f× fewer messages, %.2f× less wall time than one call per reply (issue 26: %.2f×, %.2f×); end states identical in %d of %d",
		strings.Join(cols, ", "), t.ratio(), t.wall[0].Seconds()/t.wall[last].Seconds(),
		float64(t.msgs[0])/float64(t.msgs[1]), t.wall[0].Seconds()/t.wall[1].Seconds(), t.sameStates, t.tasks)
}
