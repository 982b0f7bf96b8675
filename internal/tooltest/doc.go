// Package tooltest is test support for the tool packages (toolactors and
// toolactors/tools), imported only by their tests: a minimal project-root
// boundary over os.Root, building calls and checking their results, the
// test binary as a helper program, and (on Unix) process-tree probes.
package tooltest
