package supervisor

import "github.com/wtagent/wtagent/messages"

// ActorInfo maps the child onto the status snapshot's actor entry.
func (i ChildInfo) ActorInfo() messages.ActorInfo {
	return messages.ActorInfo{
		Path:        i.Path,
		State:       i.State,
		Incarnation: i.Incarnation,
		Restarts:    i.Restarts,
		LastError:   i.LastErr,
		Since:       i.Since,
	}
}

// ActorChanged maps the event onto the message the status actor takes, so
// an OnEvent hook can be
//
//	func(ev supervisor.Event) { engine.Send(statusPID, ev.ActorChanged()) }
func (e Event) ActorChanged() messages.ActorChanged {
	return messages.ActorChanged{Info: e.Child.ActorInfo(), Gone: e.Gone()}
}
