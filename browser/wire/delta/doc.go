// Package delta decodes the 2026 conversation stream's v1 delta encoding
// into a message document, the way the page does: each channel is one
// message, added whole and then changed by JSON-pointer ops (append,
// replace, add, remove, truncate, patch). It also reads a decoded
// message: whether it is part of the reply, its text and its length.
// It is pure: no I/O, no Chrome.
package delta
