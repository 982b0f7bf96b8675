package messages

import "github.com/wtagent/wtagent/session/event"

// AppendEvent asks the event-log actor to append an event. When Sync is
// true the append is a commit point: it is fsynced before the reply (an
// Appended) is sent.
type AppendEvent struct {
	Event event.Event
	Sync  bool
}

// Publish asks the event-log actor to show an event to the UI and the status
// actor without persisting it (tool.output, model.progress).
type Publish struct {
	Event event.Event
}

// Appended confirms that an event is in the log, with its sequence number.
type Appended struct {
	Seq int64
}

// AppendFailed reports that an append could not be made durable (synced
// or not: the log cannot go on past it); the run cannot guarantee
// exactly-once execution past it and stops.
type AppendFailed struct {
	Type event.Type
	Err  string
}

// ReadEvents asks the event-log actor for every event in the log; the reply
// is an EventBatch. Controllers use it to rebuild their state on start.
type ReadEvents struct{}

// EventBatch is the reply to ReadEvents.
type EventBatch struct {
	Events []event.Event
}
