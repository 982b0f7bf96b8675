package actors

import (
	"strings"
	"testing"
)

func TestDoneGate(t *testing.T) {
	type step struct {
		change bool
		verify bool
		failed bool // an fs.write or fs.edit that failed
	}
	cases := []struct {
		name    string
		task    string
		steps   []step
		refused bool
		why     string
	}{
		{"nothing changed, nothing asked", "explain this repo", nil, false, ""},
		{"docs-only change, no verification asked", "write notes.txt", []step{{change: true}}, false, ""},
		{"README typo", "fix the README typo", []step{{change: true}}, false, ""},
		{"test.sh is a file name, not a request", "add a --quiet flag to test.sh", []step{{change: true}}, false, ""},
		{"the last edit failed", "fix the README typo", []step{{change: true}, {failed: true}}, true, "last file change failed"},
		{"a failed edit retried", "fix the README typo", []step{{failed: true}, {change: true}}, false, ""},
		{"asked to test, changed, never verified", "add a page and test it", []step{{change: true}}, true, "asks for a build"},
		{"asked to build, verified then changed again", "add a page and build it", []step{{change: true}, {verify: true}, {change: true}}, true, "after the last one"},
		{"asked to verify, verified then changed then verified", "add a page, verify it", []step{{change: true}, {verify: true}, {change: true}, {verify: true}}, false, ""},
		{"asked to test, nothing ran", "run the tests please", nil, true, "asks for a build"},
		{"asked to test, test passed", "run the tests please", []step{{verify: true}}, false, ""},
		{"asked to build, changed and built", "build me a website", []step{{change: true}, {verify: true}}, false, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := evidence{wantsVerify: taskWantsVerify(c.task)}
			for i, s := range c.steps {
				seq := int64(i + 1)
				if s.change {
					e.lastChange = seq
				}
				if s.verify {
					e.lastVerify = seq
				}
				if s.failed {
					e.lastFailedEdit = seq
				}
			}
			got := e.doneRefusal()
			if (got != "") != c.refused {
				t.Fatalf("refusal = %q, want refused=%v", got, c.refused)
			}
			if c.why != "" && !strings.Contains(got, c.why) {
				t.Fatalf("refusal %q does not explain %q", got, c.why)
			}
		})
	}
}

func TestTaskWantsVerify(t *testing.T) {
	for task, want := range map[string]bool{
		"build me a website":       true,
		"Run the TESTS":            true,
		"verify the fix":           true,
		"write a README":           false,
		"rebuilding is not needed": false,
		"make it compile":          true,
		"contest entry page":       false,
		"add a flag to test.sh":    false,
		"rename build/ to dist/":   false,
		"fix run_tests.py":         false,
		"write the tests.":         true,
		"make sure it works":       true,
		"run it once":              true,
		"fix the README typo":      false,
	} {
		if got := taskWantsVerify(task); got != want {
			t.Errorf("taskWantsVerify(%q) = %v, want %v", task, got, want)
		}
	}
}
