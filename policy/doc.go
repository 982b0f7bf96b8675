// Package policy decides whether a tool call the model requested may run:
// allow, ask the user, or deny. It is a pure library (no goroutines, no
// actors): the runtime's policy actor owns an Engine, the approval actor
// uses Request, Apply and AutoAnswer, and the tools open files through the
// Boundary.
//
// This is policy, not an operating-system sandbox. It checks each call
// before it runs; a program the user allowed to run (a build script, a test
// suite, npm install, node server.js) can do anything the user can, and no
// argument check can see what that program will do. Run wtagent in a
// container or a VM when that matters.
//
// Some commands run unasked only because the sandbox holds them: writes
// to new paths outside the project, kills by process id (its PID
// namespace), installers, project scripts and programs the command table
// does not know. Config.Sandbox says what the run's sandbox enforces
// (Containment); what it does not hold asks, saying "no sandbox holds …".
//
// # The project-root boundary
//
// Every path the model names goes through a boundary.Boundary. Resolve is lexical
// and refuses, with a *PathError and a one-line reason: empty paths, NUL
// and other control bytes, invisible Unicode (format characters),
// backslashes, names over 255 bytes and paths over 4096, names ending in a
// dot or a space or starting with a space, and ".." after a name
// (a/../../b). "..", absolute paths elsewhere and "~" are ErrOutsideRoot.
// Check then walks the path through the Boundary's *os.Root (openat, no
// check-then-open on names): a symbolic link in any parent or the target
// that leads outside the root, or is absolute (os.Root never follows
// absolute links), is ErrSymlinkEscape; devices, FIFOs and sockets are
// ErrSpecialFile. Tools open through Root, OpenFile or Open, which the
// kernel holds to the root at the moment of use, so a link swapped in
// after Check cannot redirect the operation; OpenFile opens without
// blocking and refuses special files on the open descriptor.
//
// Hard links are not paths, so no root can see through them: a regular
// file with more than one link may share its data with a file outside the
// root. Reading or writing such a file asks (RiskSensitive), except reads
// under node_modules/ and .git/objects/, where pnpm and git clone --local
// hard-link on purpose. Writes inside .git ask too (RiskDestructive: they
// can corrupt history or install hooks).
//
// A path outside the root is not silently refused: Engine.Check asks
// (RiskSensitive) and suggests a path rule for exactly that path. After an
// approval, Engine.Outside lists the outside paths of the call for
// messages.InvokeTool.Outside, and the tool opens an os.Root at the
// deepest existing directory of each grant (toolactors), never more.
//
// # Commands
//
// terminal.exec and process.start are classified by the program's
// basename (through env, sudo, doas, nice, ionice, timeout, xargs, nohup,
// setsid, stdbuf, time, busybox, npx, bunx, pnpx, uvx, pipx run, uv run,
// poetry run, bundle exec; absolute and ./ forms; case and interpreter
// versions folded) and by its argv (package classify). The table is commandHandler in
// classify/commands.go:
//
//   - execute (runs without asking, shown): builds, tests, installs, dev
//     servers, project scripts, anything not listed;
//   - sensitive: arguments that name paths outside the root ("~", absolute
//     paths, "..", symbolic links that lead out, also in option values
//     such as --out=/x, -I/x, NAME=/x, @file) or credential files; cloud
//     and cluster CLIs; network writes (curl -X POST, -d, --json, -F, -T;
//     wget --post-data; HTTPie data items); registry logins; global
//     package installs; secret stores;
//   - destructive: deleting a directory tree, a data file (*.db, *.sqlite,
//     dumps), a pattern's matches or anything outside the root (project
//     files a checkpoint restores and regenerable outputs such as dist or
//     node_modules are fine), find -delete, database resets and drops
//     (supabase db reset, prisma migrate reset, rails db:drop, manage.py
//     flush, DROP/TRUNCATE/DELETE/FLUSHALL through a database client),
//     git clean -f, git reset --hard, git checkout -- / restore, a branch
//     switch over uncommitted changes, git rm -r, git branch -D, history
//     rewrites (filter-branch, lfs migrate), chmod/chown -R, setuid modes,
//     dd, mkfs and disk tools, mount, killing processes by name, services,
//     containers and cron, system package managers, firewall and user
//     changes, sudo/doas/su, shell scripts (sh -c, bash -lc) that are not
//     plain (see below), inline code (python -c, node -e, a here-document
//     fed to an interpreter) that visibly runs programs, builds code at run
//     time or deletes files (classify/inline.go: the same code is judged
//     the same however it comes), awk programs that run commands,
//     sed s///e, env -S, npx -c, git -c alias.x=!…, ext:: URLs), env
//     additions (in a call's env, env NAME=VALUE or a script's
//     assignments) such as LD_PRELOAD, BASH_ENV, LESSOPEN, LESSCLOSE,
//     GIT_SSH_COMMAND, GIT_EXTERNAL_DIFF, NODE_OPTIONS=--require and
//     JAVA_TOOL_OPTIONS=-javaagent:, containers with host access;
//   - external: git push (after any global options: -C, -c, --git-dir …),
//     npm/pnpm/yarn/bun publish, cargo publish, twine upload, gem push,
//     docker push, scripts and targets named deploy/release/publish, deploy
//     CLIs (vercel, netlify, firebase, wrangler, fly, heroku, terraform
//     apply, pulumi up, kubectl apply …), gh pr create, ssh, scp/rsync to
//     a remote host.
//
// # Shell scripts
//
// classify.ParseScript parses a script (sh -c, bash -lc …) with mvdan.cc/sh/v3; it
// is the one view of a script for both the policy and the done gate's
// evidence (evidence.VerificationOf). A plain script (simple commands joined by ;,
// &&, || and |, no loops, functions, eval or a program named by an
// expansion) is judged command by command through the same command table
// and path judge as a direct call, redirection targets as paths: `cd web
// && npm test` runs, `make && git push` is external, `echo x >> ~/.bashrc`
// is sensitive. Globs are judged by what they match, brace expansions are
// expanded, $? and variables the script assigned a literal value are
// known, and a word known only at run time ($(…), an unknown $VAR) is
// judged where it lands: a commit message is fine, a path asks. Any other
// script is inline code (destructive). For evidence only a script's decisive commands count
// (classify.ScriptCommand.Decisive): `go test ./... || true`, `npm test | tee log`
// and `go test; true` prove nothing.
//
// # Decisions, modes and rules
//
// Check returns deny for hard denies, allow when nothing needs approval
// or rules cover every finding, and otherwise applies the --approvals mode
// (ParseMode): ask in ModePrompt, allow in ModeAllow, deny in ModeDeny (the
// default without a terminal on stdin). An answer (Apply) is allow once,
// allow for this task (Grant of the verdict's Suggested rule) or deny; a
// denied call goes back to the model as status="denied" with the reason
// (Denied).
//
// Hard denies hold in every mode and against every rule: unknown tools,
// arguments of the wrong type, malformed paths (NUL and control bytes,
// invisible characters, over-long names, trailing dots, a/../b), symbolic
// links inside the root that lead out (the model is told the target and
// may ask for it directly), devices, FIFOs and sockets (also outside the
// root), paths into Config.Protected (wtagent's own home, whose Chrome
// profile holds the ChatGPT session), program words with NUL bytes or
// over 128 KiB, malformed env additions, bad process ids and malformed
// globs, and deleting the file-system root, the home directory, or the
// project root or a directory above it (rm and unlink operands, through
// wrappers such as sudo, and in shell scripts: "rm -rf /*" and
// rm -rf "$HOME" count even in a script that is not plain; see classify/wipe.go).
//
// A rule is narrow by construction. A path rule covers one absolute path
// and what is below it, for one tool; "/" and any prefix of the home
// directory are refused. A command rule covers one tool's calls whose
// words start with its prefix, and only the findings that sit on a word
// inside the prefix: a destructive finding sits on the command's last
// word, so the rule for "rm -rf dist" does not cover "rm -rf dist src",
// and a path finding sits on its argument, so "cat ~/a" does not cover
// "cat ~/a ~/.ssh/id_rsa". The suggested rule is always the exact command
// or the exact path. Grants live in the Engine for the task (ClearGrants
// ends them); they are never global or permanent.
//
// # Secrets
//
// Programs get ScrubEnv of the user's environment: every variable except
// those whose name looks like a credential (*_TOKEN, *_SECRET, *_KEY,
// *PASSWORD*, AWS_*, *_AUTH, *_DSN …) or whose value holds a token;
// toolchain variables (PATH, HOME, proxies, GOPATH, JAVA_HOME,
// VIRTUAL_ENV, SSH_AUTH_SOCK, CARGO_HOME, LANG, LC_*, TERM, XDG_* …) are
// always kept, and Config.AllowEnv keeps more. Reading or writing a file
// secrets.IsCredentialPath matches (.env, id_rsa, *.pem, .netrc, .npmrc with
// tokens, cloud credentials …) asks even inside the root. secrets.Redact and
// secrets.RedactingWriter hide common token formats in diagnostics, logs and
// exports.
//
// # Security (for the README)
//
// The text below is meant to be copied into the README's security
// section.
//
//	Security model
//
//	wtagent treats every tool call from the model as a request, never as an
//	authorisation. Before anything runs, a local policy engine decides allow,
//	ask or deny:
//
//	- Files: every path is resolved inside the project root and opened
//	  through an openat-based root (Go's os.Root), so "..", absolute paths,
//	  "~" and symbolic links that lead out cannot escape, even if a link is
//	  swapped in after the check. Devices, FIFOs, sockets, NUL bytes and
//	  hard-to-see names are refused. A path outside the project asks you
//	  first, and an approval covers that exact path only.
//	- Commands: programs are classified by name and arguments (through
//	  env, sudo, timeout, xargs, npx …). Builds, tests, installs and dev
//	  servers run and are shown. Reading credentials or paths outside the
//	  project, network writes and cloud CLIs are sensitive; rm -r, git reset
//	  --hard, git clean, sudo and inline code (python -c, node -e, a shell script with
//	  expansions) are
//	  destructive; git push, publishing and deploying are external. These
//	  ask you first. Arguments are checked too: "cat ~/.ssh/id_rsa" asks.
//	- Approvals: allow once, allow for this task (a narrow rule: this exact
//	  command or path, never "everything", forgotten when the task ends) or
//	  deny. --approvals=prompt|deny|allow picks the mode; without a terminal
//	  the default is deny. Even --approvals=allow never allows a hard deny,
//	  such as deleting /, your home directory or the project itself.
//	- Secrets: programs get your environment minus variables that look like
//	  credentials (*_TOKEN, *_SECRET, *_KEY, AWS_* …), while PATH, proxies,
//	  GOPATH, JAVA_HOME, VIRTUAL_ENV, SSH_AUTH_SOCK and the like are kept.
//	  Reading .env, private keys, .netrc or .npmrc with tokens asks first,
//	  even inside the project. Logs, diagnostics and exports are redacted
//	  for common token formats.
//
//	This is policy, not a sandbox. A program you allow to run (a build
//	script, a test suite, an install step) runs with your rights and can do
//	anything you can; wtagent cannot see inside it. For untrusted projects,
//	run wtagent in a container or a virtual machine.
package policy
