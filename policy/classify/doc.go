// Package classify is the command classifier: how wtagent reads a program
// and its words.
//
// ParseScript parses a shell script (sh -c, bash -lc …) with
// mvdan.cc/sh/v3 into simple commands, their assignments and redirections,
// and says whether it is plain (every word literal, simple commands joined
// by ;, &&, || and |) and which commands decide its exit status. It is the
// one view of a script for the policy and for the done gate's evidence.
// ProgramName folds a program word to the name the command tables know.
package classify
