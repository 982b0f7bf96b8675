// Package slash is the interactive prompt's own commands as plain
// functions: the command table and its help, parsing a prompt line into a
// command, and the answers that need no session. internal/app runs them.
package slash
