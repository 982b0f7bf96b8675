package browser

import (
	"testing"
	"time"
)

// TestTurnWaitFor: the wait for a reply follows the mode, and a heavier
// effort tier lengthens it (a light one never shortens it); Pro, deep
// research and Work wait at least 40 minutes (their turns run past 20).
func TestTurnWaitFor(t *testing.T) {
	for _, tc := range []struct {
		mode, effort string
		want         time.Duration
	}{
		{"", "", 20 * time.Minute},
		{"instant", "", 5 * time.Minute},
		{"thinking", "", 30 * time.Minute},
		{"gpt-5-2-thinking", "", 30 * time.Minute},
		{"pro", "", time.Hour},
		{"gpt-5-5-pro", "", time.Hour},
		{"gpt-5-5-thinking-wm", "", time.Hour},
		{"deep research", "", time.Hour},
		{"o3-deep-research", "", time.Hour},
		{"something new", "", 20 * time.Minute},
		{"", "extended", 30 * time.Minute},
		{"", "extra-high", time.Hour},
		{"", "light", 20 * time.Minute},
		{"instant", "light", 5 * time.Minute},
		{"instant", "pro", time.Hour},
		{"thinking", "extra-high", time.Hour},
		{"pro", "light", time.Hour},
	} {
		got := TurnWaitFor(tc.mode, tc.effort)
		if got != tc.want {
			t.Errorf("%q %q: %s, want %s", tc.mode, tc.effort, got, tc.want)
		}
	}
	for _, long := range []string{"pro", "deep research", "gpt-5-5-pro", "work"} {
		if got := TurnWaitFor(long, ""); got < 40*time.Minute {
			t.Errorf("%q waits %s: less than the 40 minutes such turns take", long, got)
		}
	}
}
