// Package wiretest is test support shared by the tests of the wire
// decoders (packages sse and netstream) and of package browser: reading the
// 2026-shaped turns of sse's testdata/sse2026 and their golden files,
// building the socket frames of a handed-off turn, and feeding chunks to a
// parser. Its non-test files are imported only by tests; no program
// imports it. It imports no wire package, so package sse's own tests can
// use it.
package wiretest
