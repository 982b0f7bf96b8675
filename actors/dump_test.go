package actors

import (
	"fmt"
	"testing"
)

// dumpEvents prints a session's events, for diagnosing a failing test.
func dumpEvents(t *testing.T, h *harness) {
	for _, ev := range h.events() {
		p := string(ev.Payload)
		if len(p) > 300 {
			p = p[:300]
		}
		fmt.Printf("%d %s t%d %s %s\n", ev.Seq, ev.Type, ev.Turn, ev.CallID, p)
	}
}
