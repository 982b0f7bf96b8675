// Package messages is the catalogue of typed messages that wtagent's actors
// exchange in memory: model transport, protocol parsing, policy and
// approval, tool invocation and output, managed processes, status and run
// control, and the event log's requests (AppendEvent, Publish, ReadEvents).
//
// What the event log persists is not declared here: the event names, the
// event, its payloads and the values they carry (a Reply, a ToolResult)
// live in session/event, with a format version and golden shapes, and the
// messages carry them as typed values. A message here has no JSON tags
// (TestNoPersistedTypes), except the status socket's answer (Status and
// what it holds), which `wtagent status --json` prints and no log stores.
//
// The types are plain data: no behaviour, no goroutines, no I/O. Every actor
// interaction in the runtime goes through one of these types, so this package
// imports nothing from the rest of wtagent but session/event.
package messages
