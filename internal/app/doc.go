// Package app is wtagent's application: the composition root that builds
// the model transport and the actor runtime from a run's settings
// (package settings), renders events, handles Ctrl+C, approvals, the
// project lock and the interactive prompt (its slash commands and
// type-ahead), and maps the outcome to an exit code. `wtagent TASK`,
// `wtagent resume`, `wtagent demo` and `wtagent acp` run sessions through
// it; the commands under cmd/ only parse flags and call it.
package app
