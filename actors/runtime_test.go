package actors

import (
	"testing"

	"github.com/wtagent/wtagent/messages"
)

func TestRunDoneWithoutTools(t *testing.T) {
	h := newHarness(t, "say hello", scriptOf(t, reply(true, "Hello! Nothing needed changing.", "")))
	h.start()
	f := h.run("say hello")
	if f.Outcome != messages.OutcomeCompleted {
		t.Fatalf("outcome %s (%s), want completed", f.Outcome, f.Reason)
	}
	if f.Summary != "Hello! Nothing needed changing." {
		t.Fatalf("summary %q", f.Summary)
	}
	h.stop()
	evs := h.events()
	for _, typ := range []messages.EventType{messages.EvRunStarted, messages.EvModelMessageSending,
		messages.EvModelMessageSent, messages.EvModelMessageComplete, messages.EvProtocolParsed, messages.EvRunCompleted} {
		if count(evs, typ) != 1 {
			t.Errorf("%s logged %d times, want 1", typ, count(evs, typ))
		}
	}
}
