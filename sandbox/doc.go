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
// Landlock cannot say it, namespaces do: when wtagent may create a mount
// namespace (it runs as root, as in CI and containers), .git/hooks and
// .git/config are mounted read-only and credential stores that fall
// inside a writable tree are covered by empty read-only mounts; without
// network (Mode NoNetwork), programs get a network namespace with only
// loopback.
//
// Landlock applies to the thread that asks for it and to what that
// thread starts, so a Sandbox starts each program from a dedicated,
// locked OS thread that restricts itself first and is discarded when the
// program has exited (see Sandbox.Start). The ruleset itself is built
// once per session.
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
