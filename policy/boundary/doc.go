// Package boundary is the project-root boundary: every path the model
// names is resolved and opened inside the project root, or refused.
//
// Resolve and Locate are lexical and refuse, with a *PathError and a
// one-line reason, empty paths, control bytes, invisible Unicode,
// backslashes, over-long names, names ending in a dot or a space, ".."
// after a name and Windows' reserved names; "..", absolute paths elsewhere
// and "~" are ErrOutsideRoot. Check (and Probe, Follow) then walk the path
// through the Boundary's *os.Root: a symbolic link that leads outside is
// ErrSymlinkEscape, devices, FIFOs and sockets ErrSpecialFile. Open and
// OpenFile go through the same root, so a link swapped in after a check
// cannot redirect the operation.
//
// Case holds a platform's path-name rules (case folding, separators,
// volumes, 8.3 short names), and the wipe rules (WipeForm, WipePath,
// WipeOf) say which deletes would empty the file-system root, the home or
// the project, as pure functions of a Case.
//
// It imports nothing of wtagent.
package boundary
