// Package undoview reports an undo's outcome as `wtagent undo` and the
// interactive prompt's /undo say it.
package undoview
