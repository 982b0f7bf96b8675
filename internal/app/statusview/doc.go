// Package statusview prints a session's status as `wtagent status` and the
// interactive prompt's /status show it.
package statusview
