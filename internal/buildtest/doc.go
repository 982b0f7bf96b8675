// Package buildtest is for tests only: it builds the wtagent binary the
// end-to-end tests run once per checkout and build variant, and shares it
// between the test packages of one `go test` and the runs after it.
//
// The binary is kept in the build cache's directory, under
// GOCACHE/wtagent-buildtest/KEY, KEY a hash of the module's directory, the
// build flags (-tags wtfault, -race, -cover ...) and the variables that
// change a build. A file lock there lets one package build while the
// others wait, and `go build -o` relinks only a stale binary (its build ID
// no longer matches the sources, the flags or the toolchain): a run after
// no change costs an up-to-date check instead of a link. Each caller gets
// its own hard link of the binary, so a rebuild for a later run never
// changes the binary a running test uses. A fresh GOCACHE starts with none.
package buildtest
