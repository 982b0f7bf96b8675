package event

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/go-json-experiment/json/jsontext"
)

// Version is the format version of the records this package writes; each
// record carries it as "v". A record without "v" is version 1: every log
// written before the field existed. Version 2 adds ParsedPayload.Tools,
// the names of a reply's calls when it holds several. Version 3 adds
// CheckpointPayload.Changed (what a call changed, commands included) and
// RunEndPayload.Denied (the request's denied calls).
const Version = 3

// ErrUnknownVersion is the error of a record whose format version is newer
// than this wtagent reads: a newer wtagent wrote it.
var ErrUnknownVersion = errors.New("event log format version unknown to this wtagent")

// Record is one line of events.jsonl as it is written: the envelope of a
// Event with its format version. Its field names are the log's,
// fixed here apart from the in-memory type.
type Record struct {
	V         int             `json:"v"`
	Seq       int64           `json:"seq,omitempty"`
	Type      Type            `json:"type"`
	SessionID string          `json:"session_id"`
	Turn      int             `json:"turn"`
	CallID    string          `json:"call_id,omitempty"`
	TS        time.Time       `json:"ts"`
	Payload   json.RawMessage `json:"payload,omitempty"`
}

// NewRecord is the record of ev in the current format.
func NewRecord(ev Event) Record {
	return Record{V: Version, Seq: ev.Seq, Type: ev.Type, SessionID: ev.SessionID, Turn: ev.Turn,
		CallID: ev.CallID, TS: ev.TS, Payload: ev.Payload}
}

// wire is a Record as the decoder reads it: the version absent as zero,
// and the payload as a jsontext.Value, which the decoder fills without a
// method call.
type wire struct {
	V         int            `json:"v"`
	Seq       int64          `json:"seq"`
	Type      Type           `json:"type"`
	SessionID string         `json:"session_id"`
	Turn      int            `json:"turn"`
	CallID    string         `json:"call_id"`
	TS        time.Time      `json:"ts"`
	Payload   jsontext.Value `json:"payload"`
}

// Decode decodes one record of the log into the event actors exchange. A
// record of a format version newer than Version is an error wrapping
// ErrUnknownVersion.
func Decode(line []byte) (Event, error) {
	var w wire
	if err := Unmarshal(line, &w); err != nil {
		return Event{}, err
	}
	if err := CheckVersion(w.V); err != nil {
		return Event{}, err
	}
	return Event{Seq: w.Seq, Type: w.Type, SessionID: w.SessionID, Turn: w.Turn, CallID: w.CallID,
		TS: w.TS, Payload: json.RawMessage(w.Payload)}, nil
}

// Head is the part of a record the log's writer reads when it reopens the
// log: version, sequence number and type.
type Head struct {
	V    int   `json:"v"`
	Seq  int64 `json:"seq"`
	Type Type  `json:"type"`
}

// DecodeHead decodes the head of one record, checking its version.
func DecodeHead(line []byte) (Head, error) {
	var h Head
	if err := Unmarshal(line, &h); err != nil {
		return Head{}, err
	}
	return h, CheckVersion(h.V)
}

// CheckVersion accepts the format versions this package reads: 1 (or 0,
// "v" absent) up to Version.
func CheckVersion(v int) error {
	switch {
	case v < 0:
		return fmt.Errorf("event log format version %d is not a version", v)
	case v > Version:
		return fmt.Errorf("%w: version %d, this wtagent reads versions 1 to %d; use the wtagent that wrote the session, or a newer one",
			ErrUnknownVersion, v, Version)
	}
	return nil
}
