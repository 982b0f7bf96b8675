package app

import (
	"bytes"
	"strings"
	"testing"
)

// TestModeSlash: /mode and /effort show or change their part of the
// (mode, effort) request; the newer part wins over the other where they
// name different effort tiers, and an unknown tier changes nothing.
func TestModeSlash(t *testing.T) {
	for _, c := range []struct {
		name         string
		args         []string
		mode, effort string // before
		changed      bool
		wantMode     string
		wantEffort   string
		out          string
	}{
		{"mode", nil, "thinking", "", false, "thinking", "", "ChatGPT mode: thinking\n"},
		{"effort", nil, "thinking", "", false, "thinking", "", "ChatGPT effort: the page's current one (none asked for)\n"},
		{"effort", nil, "", "extended", false, "", "extended", "ChatGPT effort: extended\n"},
		{"mode", []string{"pro"}, "", "", true, "pro", "", "ChatGPT mode: pro (selected before the next message)\n"},
		{"effort", []string{"Extra-High"}, "thinking", "", true, "thinking", "extra-high", "ChatGPT effort: extra-high (selected before the next message)\n"},
		{"effort", []string{"light"}, "pro", "", true, "", "light", "ChatGPT effort: light (selected before the next message); the mode pro it replaces is dropped\n"},
		{"mode", []string{"pro"}, "thinking", "light", true, "pro", "", "ChatGPT mode: pro (selected before the next message); the effort light it replaces is dropped\n"},
		{"mode", []string{"instant"}, "thinking", "light", true, "instant", "light", "ChatGPT mode: instant (selected before the next message)\n"},
		{"effort", []string{"high"}, "thinking", "light", true, "thinking", "extended", "ChatGPT effort: extended (selected before the next message)\n"},
		{"effort", []string{"huge"}, "thinking", "light", false, "thinking", "light",
			"/effort: unknown effort tier \"huge\"; want one of light (instant, low), standard (medium), extended (high), extra-high (xhigh), pro (max)\n"},
	} {
		var w bytes.Buffer
		mode, effort := c.mode, c.effort
		changed := modeSlash(&w, c.name, c.args, &mode, &effort, "before the next message")
		if changed != c.changed || mode != c.wantMode || effort != c.wantEffort || w.String() != c.out {
			t.Errorf("/%s %s on (%q, %q): changed %v to (%q, %q), said %q; want %v (%q, %q), %q", c.name, strings.Join(c.args, " "),
				c.mode, c.effort, changed, mode, effort, w.String(), c.changed, c.wantMode, c.wantEffort, c.out)
		}
	}
}
