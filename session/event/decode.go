package event

import (
	"fmt"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
	jsonv1 "github.com/go-json-experiment/json/v1"
)

// decodeOptions make the fast decoder read what encoding/json writes:
// durations as integer nanoseconds, and (like encoding/json) invalid UTF-8
// and repeated names accepted. Field names match case-sensitively, as the
// log is written with the exact tags. The value is never modified.
var decodeOptions = jsonv2.JoinOptions(
	jsonv1.FormatDurationAsNano(true),
	jsontext.AllowInvalidUTF8(true),
	jsontext.AllowDuplicateNames(true),
)

// Unmarshal decodes one JSON value into v. It is the hot path of replay:
// go-json-experiment's decoder (the basis of encoding/json/v2) reads a log
// several times faster than encoding/json.
func Unmarshal(data []byte, v any) error {
	return jsonv2.Unmarshal(data, v, decodeOptions)
}

// DecodePayload decodes ev's payload into v, naming the event on failure.
func DecodePayload(ev Event, v any) error {
	if len(ev.Payload) == 0 {
		return fmt.Errorf("event %d (%s): no payload", ev.Seq, ev.Type)
	}
	if err := Unmarshal(ev.Payload, v); err != nil {
		return fmt.Errorf("event %d (%s): payload: %w", ev.Seq, ev.Type, err)
	}
	return nil
}
