// Package toolactors runs the model's tool calls: file tools through the
// project-root boundary, programs under a PTY with live output and
// process-tree kills, and managed dev servers. Each call runs in its own
// temporary actor under a tools supervisor; each dev server is a transient
// actor under a process supervisor.
package toolactors
