package picker

import "testing"

func TestSlugScore(t *testing.T) {
	for _, tc := range []struct {
		req, slug string
		want      int
	}{
		{"gpt-5-2-thinking", "gpt-5-2-thinking", 3},
		{"GPT-5.2 Thinking", "gpt-5-2-thinking", 3},
		{"pro", "gpt-5-2-pro", 2},
		{"pro", "gpt-5-2-prompt", 0},
		{"thinking", "gpt-5-2-thinking", 2},
		{"think", "gpt-5-2-thinking", 1},
		{"o3", "o3-mini", 2},
		{"o3", "gpt-4o", 0},
		{"", "gpt-4o", 0},
	} {
		if got := slugScore(tc.req, tc.slug); got != tc.want {
			t.Errorf("slugScore(%q, %q) = %d, want %d", tc.req, tc.slug, got, tc.want)
		}
	}
}

func TestChooseMode(t *testing.T) {
	items := []menuItem{
		{Index: 0, TestID: "model-switcher-gpt-5-2", Label: "Auto\nDecides", Checked: true},
		{Index: 1, TestID: "model-switcher-gpt-5-2-instant", Label: "Instant"},
		{Index: 2, TestID: "model-switcher-gpt-5-2-thinking", Label: "Thinking"},
		{Index: 3, TestID: "model-switcher-gpt-5-2-thinking-mini", Label: "Thinking mini"},
		{Index: 4, TestID: "model-switcher-gpt-5-2-pro", Label: "Pro", Disabled: true},
		{Index: 5, TestID: "legacy", Label: "Legacy models", Sub: true},
		{Index: 6, Label: "Research", ID: ""},
	}
	for _, tc := range []struct {
		req, outcome, chosen string
		click                bool
	}{
		{"thinking", "selected", "gpt-5-2-thinking", true}, // the shortest slug of equal score
		{"thinking-mini", "selected", "gpt-5-2-thinking-mini", true},
		{"pro", "fallback", "gpt-5-2-thinking-mini", true},
		{"auto", "already", "gpt-5-2", false}, // by label
		{"gpt-5-2", "already", "gpt-5-2", false},
		{"research", "selected", "Research", true}, // exact label, no slug
		{"legacy", "", "", false},                  // a submenu is no mode
		{"missing", "", "", false},
	} {
		d := chooseMode(tc.req, items)
		chosen := ""
		if d.Chosen != nil {
			chosen = d.Chosen.name()
		}
		if d.Outcome != tc.outcome || chosen != tc.chosen || (d.Click != nil) != tc.click {
			t.Errorf("chooseMode(%q) = %s %q click=%v, want %s %q click=%v", tc.req, d.Outcome, chosen, d.Click != nil, tc.outcome, tc.chosen, tc.click)
		}
	}
	if d := chooseMode("pro", items[4:5]); d.Outcome != "unavailable" {
		t.Errorf("a disabled item with nothing before it: %s", d.Outcome)
	}
}

func TestAlreadyOn(t *testing.T) {
	sw := &Switcher{Label: "ChatGPT 5.2 Thinking ▾", Current: "5.2 Thinking"}
	for _, tc := range []struct {
		req, slug string
		want      bool
	}{
		{"5.2 thinking", "", true},
		{"thinking", "", false},
		{"thinking", "gpt-5-2-thinking", true},
		{"pro", "gpt-5-2-thinking", false},
	} {
		if got := alreadyOn(tc.req, sw, tc.slug); got != tc.want {
			t.Errorf("alreadyOn(%q, %q) = %v", tc.req, tc.slug, got)
		}
	}
}
