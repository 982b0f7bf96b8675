package actors

import (
	"testing"

	"github.com/wtagent/wtagent/session/event"
)

func TestRunDoneWithoutTools(t *testing.T) {
	h := newHarness(t, "say hello", scriptOf(t, reply(true, "Hello! Nothing needed changing.", "")))
	h.start()
	f := h.run("say hello")
	if f.Outcome != event.OutcomeCompleted {
		t.Fatalf("outcome %s (%s), want completed", f.Outcome, f.Reason)
	}
	if f.Summary != "Hello! Nothing needed changing." {
		t.Fatalf("summary %q", f.Summary)
	}
	h.stop()
	evs := h.events()
	for _, typ := range []event.Type{event.EvRunStarted, event.EvModelMessageSending,
		event.EvModelMessageSent, event.EvModelMessageComplete, event.EvProtocolParsed, event.EvRunCompleted} {
		if count(evs, typ) != 1 {
			t.Errorf("%s logged %d times, want 1", typ, count(evs, typ))
		}
	}
}
