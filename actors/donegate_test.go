package actors

import (
	"strings"
	"testing"
)

func TestDoneGate(t *testing.T) {
	type step struct {
		change bool
		verify bool
	}
	cases := []struct {
		name    string
		task    string
		steps   []step
		refused bool
		why     string
	}{
		{"nothing changed, nothing asked", "explain this repo", nil, false, ""},
		{"changed, never verified", "add a page", []step{{change: true}}, true, "no build"},
		{"changed then verified", "add a page", []step{{change: true}, {verify: true}}, false, ""},
		{"verified then changed again", "add a page", []step{{change: true}, {verify: true}, {change: true}}, true, "after the last change"},
		{"verified then changed then verified", "add a page", []step{{change: true}, {verify: true}, {change: true}, {verify: true}}, false, ""},
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
	} {
		if got := taskWantsVerify(task); got != want {
			t.Errorf("taskWantsVerify(%q) = %v, want %v", task, got, want)
		}
	}
}
