// Package nsinit is the first process of a sandboxed program's own
// namespaces on Linux: wtagent starts itself again, with EnvKey=1 in its
// environment and Arg0 as its name, in a new user, mount and PID
// namespace (and network namespace without network), and this package's
// init function, which runs before any heavier package of the binary is
// initialised, takes over: it makes the plan's read-only covers and
// masks, mounts a fresh /proc, starts the program from a thread that
// entered the session's Landlock domain and, as PID 1, reaps orphans
// until the program exits, then reports how it ended.
//
// A spare init (Config.Spare, spare_linux.go) does the same set-up ahead
// of need, reports "ready" on a SOCK_SEQPACKET socket and waits for one
// Request (request.go: the program, directory, environment, session and
// descriptors); before serving it checks with statx that its covers are
// still read-only mounts where their paths lead now (covers_linux.go),
// and refuses otherwise. It ends when the socket reaches end-of-file.
//
// Every binary that imports package sandbox carries this entry point, so
// test binaries run their sandboxed programs the way wtagent does.
//
// Why the init runs first. The Go specification (Package initialization)
// initialises packages one at a time: "Given the list of all packages,
// sorted by import path, in each step the first uninitialized package in
// the list for which all imports (if any) are already initialized is
// initialized." This package imports only errors, runtime, syscall, time
// and unsafe — all of which package os needs too. So os (which sorts
// after github.com/wtagent/wtagent/sandbox/internal/nsinit) is never
// initialised before it: by the time os is ready, so is this package,
// and this package sorts first. Nor is any package that needs os (fmt,
// path/filepath, net, os/exec, and with them every package of wtagent
// and its dependencies that reads a file, compiles a template or
// registers a type): its imports are not all initialised before os is.
// What may precede this package is only what its own imports need and
// packages that need no os and sort before its path: small tables of the
// standard library (crypto, encoding/base64, …) and, in wtagent, a
// terminal parser's transition table. The init exits inside this
// package's init function, so nothing after it is ever initialised.
// This holds only while the import list above stays a subset of os's:
// cmd/wtagent's TestSandboxInitRunsFirst runs wtagent with
// GODEBUG=inittrace=1 (which lists every package initialised before the
// init took over) and fails if anything but the standard library and
// that parser is among them.
package nsinit

// EnvKey=1 in the environment selects this package's entry point; Arg0 is
// the init process's name (argv[0]), as ps shows it.
const (
	EnvKey = "WTAGENT_SANDBOX_INIT"
	Arg0   = "wtagent-sandbox-init"
)
