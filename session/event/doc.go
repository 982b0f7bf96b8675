// Package event is the persisted event schema of a session's events.jsonl,
// apart from the in-memory messages actors exchange (package messages).
// Actors keep sending Event; the log's writer turns each into a
// Record (NewRecord) and its readers turn records back (Decode), so a
// change to the in-memory types is not silently a change to the log that
// resume must read.
//
// Every record carries its format version as "v" (Version). A record
// without it is version 1: every log written before the field existed. A
// record of a newer version is refused with ErrUnknownVersion, never read
// as something else, and its log is not appended to.
//
// The package also names operations as the log does (OpKey, CallID) and
// decodes logged payloads (Unmarshal, DecodePayload). Its testdata holds
// golden logs recorded by running wtagent with the scripted model; every
// later version must still replay and resume them (session's
// TestGoldenLogsReplay, cmd/wtagent's TestGoldenLogResumesExactlyOnce).
package event
