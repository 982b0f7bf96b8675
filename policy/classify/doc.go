// Package classify is the command classifier: how risky running a program
// with its words is, before it runs.
//
// Command unwraps wrappers (env, sudo, timeout, xargs, npx, uv run …),
// classifies the program by the command table (commandHandler in
// commands.go: execute, sensitive, destructive, external), judges every
// path-like word through a Judge (policy's root judge knows the project
// root, the cwd and the links on disk), and hard-denies deletes that would
// wipe the file-system root, the home or the project (WipeDeny).
// CheckEnvAddition judges an environment addition (LD_PRELOAD, BASH_ENV,
// GIT_SSH_COMMAND …).
//
// ParseScript parses a shell script (sh -c, bash -lc …) with
// mvdan.cc/sh/v3 into simple commands, their assignments and redirections,
// and says whether it is plain (every word literal, simple commands joined
// by ;, &&, || and |) and which commands decide its exit status. It is the
// one view of a script for the classifier and for the done gate's
// evidence. ProgramName folds a program word to the name the command table
// knows; FormatCommand renders words as one shell line (syntax.Quote).
//
// It imports messages, policy/boundary (path case and wipe forms) and
// policy/secrets (credential paths and names), never policy.
package classify
