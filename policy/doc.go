// Package policy decides whether a tool call the model requested may run:
// allow, ask the user, or deny. It holds the project-root boundary (every
// file operation goes through an os.Root), the command risk table, the
// task-scoped approval rules, environment scrubbing and secret redaction.
//
// This is policy, not an operating-system sandbox: a program the user
// allowed to run can do whatever the user could.
package policy
