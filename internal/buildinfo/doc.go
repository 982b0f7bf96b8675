// Package buildinfo says what a wtagent binary was built from: the
// release's stamps (Version, Commit, Date, set by cmd/wtrelease with
// -ldflags -X) or what go build recorded, and the one-line version that
// `wtagent version` and `wtagent --version` print.
package buildinfo
