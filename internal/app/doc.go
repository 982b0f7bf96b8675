// Package app is wtagent's application: the composition root that resolves
// the settings from the config file and flags, builds the model transport
// and the actor runtime, renders events, handles Ctrl+C, approvals, the
// project lock and the interactive prompt (its slash commands and
// type-ahead), and maps the outcome to an exit code. `wtagent TASK`,
// `wtagent resume` and `wtagent demo` share it; the commands under cmd/
// only parse flags and call it.
package app
