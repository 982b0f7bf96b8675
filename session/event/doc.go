// Package event is the persisted event schema of a session's events.jsonl:
// the event type names (Type), the event (Event), every payload the log
// holds and the value types those payloads carry (Binding, Reply, ToolCall,
// ToolResult, Rule, ModeSelected, ProcessInfo, HandBackState, the phases,
// outcomes, risks and other enumerations), each field with an explicit
// JSON name. It imports no package of wtagent: messages, the in-memory
// protocol of the actors, imports it and carries its values, so a change
// to an in-memory message is never silently a change to the log.
//
// Three messages the controller records as they are (messages.SetMode,
// ModelStateChanged and ProcessEvent) have no JSON tags; they are recorded
// through a Go conversion to ModePayload, ModelStatePayload and
// ProcessPayload, which stops compiling when their fields part.
//
// Every record carries its format version as "v" (Version). A record
// without it is version 1: every log written before the field existed. A
// record of a newer version is refused with ErrUnknownVersion, never read
// as something else, and its log is not appended to. The JSON of every
// persisted type is pinned per version in testdata/payloads
// (TestPayloadShapes): changing one means a new Version.
//
// The package also names operations as the log does (OpKey, CallID),
// encodes payloads as the writer does (EncodePayload) and decodes them
// (Unmarshal, DecodePayload). Its testdata holds golden logs recorded by
// running wtagent with the scripted model; every later version must still
// replay and resume them (session's TestGoldenLogsReplay, cmd/wtagent's
// TestGoldenLogResumesExactlyOnce).
package event
