// Package sandbox confines the programs wtagent runs (terminal.exec and
// process.start children, and everything they start) with the kernel.
//
// On Linux it uses Landlock: a program may write only inside the project
// root, a per-session temporary directory and the caches its toolchains
// need (module and build caches: never the programs on PATH nor the
// configuration that makes a tool run code, which stay read-only even
// inside a writable tree), and may read the system, the project and the toolchains but not
// the rest of the user's home (~/.ssh, ~/.aws, ~/.gnupg, ~/.config/gh,
// ~/.netrc, browser profiles) nor wtagent's own data directory. Where
// Landlock cannot say it, namespaces do, for root and ordinary users
// alike: each program is started by a small init (package nsinit: the
// same binary, started again) in its own user, mount and PID namespaces,
// which mounts .git/hooks and .git/config read-only, covers credential
// stores and wtagent's data directory that fall inside a granted tree
// with empty read-only mounts, mounts a fresh /proc (wtagent's processes
// are not in it) and, without network (Mode NoNetwork), brings up
// loopback in a network namespace of its own; the program is forked from
// a thread of the init that entered the session's Landlock domain, so it
// can neither undo the mounts nor trace the init.
//
// Starting that init (a full fork of wtagent, since Go starts a process
// in a new user namespace without vfork, and a Go runtime) costs tens of
// milliseconds, so each session keeps one spare (spare_linux.go): an
// init prepared ahead of need with the session's settings, namespaces,
// covers, masks and /proc done, waiting on a SOCK_SEQPACKET socket for
// one request (the program, its directory, environment, session and its
// descriptors, passed with SCM_RIGHTS). It serves exactly one program,
// as a cold init does, and reports the same way; once that program has
// ended or run for a moment, the next spare is prepared in the
// background. A spare is used only for a start with exactly its
// settings (the covers are worked out again at each start: a
// .git/hooks made by a command is covered from the next one), and
// before serving it checks that each cover is still a read-only mount
// where its path leads now; otherwise the program starts cold. A spare
// ends when its socket does: when the sandbox is closed or wtagent dies.
//
// Where this user may not create user namespaces (a distribution's
// sysctl or AppArmor setting), Landlock alone confines programs, from a
// dedicated, locked OS thread that restricts itself first (Landlock
// applies to a thread and what it starts); root then still gets a mount
// and network namespace per thread, and Status says what is missing and
// Fix what to run. The ruleset itself is built once per session.
//
// On macOS the same plan becomes a Seatbelt profile, and each program is
// started through /usr/bin/sandbox-exec (seatbelt.go, sandbox_darwin.go);
// there, hidden paths inside a granted tree and .git/hooks and .git/config
// are cut out of the rules directly, and no-network leaves loopback and
// Unix sockets only. CI has no Mac: the profile is checked by golden files
// and by evaluating it against Explain, not by sandbox-exec.
//
// Where the kernel cannot do this (Windows, Landlock off or too old),
// New returns a Sandbox whose Status says so and whose Start runs the
// program unconfined: the command policy alone applies.
package sandbox
