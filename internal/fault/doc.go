// Package fault is the switch for fault injection: hooks that let the
// end-to-end tests kill wtagent at a chosen point (an undo halfway, a
// write before its rename) through an environment variable.
//
// The hooks exist only in a binary built with the build tag wtfault (the
// end-to-end tests build theirs so). In every other build Env always
// returns "" and Kill does nothing, so the shipped binary ignores the
// variables.
package fault
