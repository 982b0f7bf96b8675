// Package messages is the catalogue of typed messages that wtagent's actors
// exchange: model transport, protocol parsing, policy and approval, tool
// invocation and output, managed processes, status and run control, and the
// event records that the event log persists.
//
// The types are plain data: no behaviour, no goroutines, no I/O. Every actor
// interaction in the runtime goes through one of these types, so this package
// imports nothing from the rest of wtagent.
package messages
