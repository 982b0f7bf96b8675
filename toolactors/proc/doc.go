// Package proc is the process runtime the tools run programs on: a program
// started from a Plan under a terminal (a PTY in a new session on Unix, a
// pseudo console and a Job Object on Windows) with stderr optionally on
// its own pipe, its process tree (the process group, descendants by
// parent pid and every process carrying the tree's WTAGENT_TREE
// environment marker; on Windows the job's processes), the tree kill
// (SIGTERM, a grace period, SIGKILL, re-scanning while it dies; Ctrl+C
// then TerminateJobObject on Windows), how the leader exited, and the
// TCP sockets a tree listens on.
//
// It knows nothing of tools, actors or the project boundary: a Plan is an
// already resolved program, and a sandbox.Sandbox (nil: none) confines it.
package proc
