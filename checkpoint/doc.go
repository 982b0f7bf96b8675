// Package checkpoint keeps snapshots of a project's files, taken before
// and after each tool call with side effects, so that a session's changes
// can be shown (diff) and taken back (undo) — those of the file tools and
// those of programs alike.
//
// A project in a git work tree is snapshotted as ghost commits in a
// separate git object store under the session directory: the user's index,
// HEAD, refs and objects are never touched. Any other project is
// snapshotted into a content-addressed store of its files.
package checkpoint
