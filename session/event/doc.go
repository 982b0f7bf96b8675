// Package event is the persisted event schema of a session's events.jsonl:
// how an operation is named in the log (OpKey, CallID) and how a logged
// payload is decoded (Unmarshal, DecodePayload). Actors exchange the
// in-memory types of package messages; this package owns what is written
// to and read back from disk, so a change to one is not silently a change
// to the other.
package event
