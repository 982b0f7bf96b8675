// Package changes opens a stored session's snapshots of the project for
// `wtagent diff` and `wtagent undo`: its timeline, its store and the
// project root, with the undo's events written to the session's own log.
package changes
