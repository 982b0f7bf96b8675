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
// Every binary that imports package sandbox carries this entry point, so
// test binaries run their sandboxed programs the way wtagent does.
package nsinit

// EnvKey=1 in the environment selects this package's entry point; Arg0 is
// the init process's name (argv[0]), as ps shows it.
const (
	EnvKey = "WTAGENT_SANDBOX_INIT"
	Arg0   = "wtagent-sandbox-init"
)
