// Package pathlock holds sets of root-relative paths, so that write
// sub-agents run at once only on paths that do not overlap (a path
// overlaps itself, what lies in it and what holds it); an overlapping set
// waits for a release or its context's end.
package pathlock
