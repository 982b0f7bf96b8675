package actors

import (
	"testing"
	"time"

	"github.com/wtagent/wtagent/supervisor"
)

func TestEventMapsOntoActorChanged(t *testing.T) {
	at := time.Unix(100, 0)
	ev := supervisor.Event{Kind: supervisor.EventExited, Child: supervisor.ChildInfo{
		ID: "browser", Path: "root/session/browser", State: supervisor.StateFailed,
		Incarnation: 3, Restarts: 2, LastErr: "panic: x", Since: at,
	}}
	got := actorChanged(ev)
	if !got.Gone || got.Info.Path != "root/session/browser" || got.Info.State != "failed" ||
		got.Info.Incarnation != 3 || got.Info.Restarts != 2 || got.Info.LastError != "panic: x" || !got.Info.Since.Equal(at) {
		t.Fatalf("ActorChanged = %+v", got)
	}
	ev.Child.State = supervisor.StateRestarting
	if actorChanged(ev).Gone {
		t.Fatal("a restarting child is not gone")
	}
}
