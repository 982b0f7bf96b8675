package browser

import (
	"strings"
	"time"

	"github.com/wtagent/wtagent/browser/picker"
)

// longTurnWait is the wait for a reply in Pro, deep research, Work and
// the heaviest efforts: their turns are handed off and can run for tens of
// minutes (past 20; oracle waits 40 for deep research).
const longTurnWait = time.Hour

// TurnWaitFor is the default longest wait for one reply under a mode
// request: the longer of what the mode and the effort tier (if any) need.
// A light effort never shortens the mode's wait. The user's turn-timeout
// setting overrides it.
func TurnWaitFor(mode, effort string) time.Duration {
	w := waitForMode(mode)
	if effort != "" {
		w = max(w, waitForMode(effort))
	}
	return w
}

// waitForMode is the longest wait for one reply in a ChatGPT mode: an
// effort tier's wait, else
// minutes for Instant, half an hour for thinking, longTurnWait for Pro,
// heavy, deep research and Work; 20 minutes when the mode is left as the
// page has it.
func waitForMode(mode string) time.Duration {
	if w, ok := picker.TierWait(mode); ok {
		return w
	}
	m := strings.ToLower(mode)
	has := func(words ...string) bool {
		for _, w := range words {
			if strings.Contains(m, w) {
				return true
			}
		}
		return false
	}
	switch {
	case m == "":
		return 20 * time.Minute
	case has("pro", "heavy", "deep", "research", "-wm", "work"):
		return longTurnWait
	case has("thinking", "reason"):
		return 30 * time.Minute
	case has("instant", "mini", "fast"):
		return 5 * time.Minute
	}
	return 20 * time.Minute
}
