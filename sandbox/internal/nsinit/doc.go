// Package nsinit is the first process of a sandboxed program's own
// namespaces on Linux: wtagent starts itself again, with EnvKey=1 in its
// environment and Arg0 as its name, in a new user, mount and PID
// namespace (and network namespace without network), and this package's
// init function, which runs before any heavier package of the binary is
// initialised, takes over: it makes the plan's read-only covers and
// masks and mounts a fresh /proc. Serving (Config.Serve, one init per
// session), it then forks each program wtagent sends it a Request for
// from one thread that entered the session's Landlock domain, reports
// each start and exit on the program's connection and, as PID 1, reaps
// orphans. Otherwise (the older one-program form) it starts the one
// program the same way, reaps until it exits and reports how it ended.
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
