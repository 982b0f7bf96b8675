// Package toolactors runs the model's tool calls: file tools through the
// project-root boundary, programs under a PTY with live output and
// process-tree kills, and managed dev servers. Each call runs in its own
// temporary actor under a tools supervisor; each dev server is a transient
// actor under a process supervisor. A timeout, a crash or a kill is an exit
// the supervisor handles, never a panic or a hang in the turn loop.
//
// # Running a call
// Run(ctx, deps, invoke) runs one call synchronously and returns its
// event.ToolResult; the invocation actors run it off their goroutine
// and benchmarks call it directly. Arguments are the typed structs of
// package protocol (Call.Args) or canonical JSON decoded over the
// catalogue's defaults. Every path goes through Deps.Paths (an os.Root
// boundary; boundary.Boundary satisfies Paths); a path outside the root is
// touched only when InvokeTool.Outside grants a prefix of it, and then
// through an os.Root opened at that prefix.
//   - fs.list: breadth-first listing up to depth and Limits.ListEntries,
//     directories marked, sizes, .git, dot-files, node_modules and
//     gitignored directories shown but not expanded.
//   - fs.read: a line window with the total line count, a truncation flag
//     and the next offset, a byte cap per call; binary files give
//     metadata only.
//   - fs.write, fs.edit: atomic (temporary file, fsync, rename, fsync of
//     the directory), keeping the file's mode and owner; fs.edit is exact
//     text (CRLF-tolerant), fails on missing or ambiguous text unless
//     replace_all, applies a list of edits all or nothing, and returns a
//     unified diff. Symbolic links are not written through.
//   - fs.search: ripgrep when it is on PATH, else a Go engine with the same
//     hits in the same order (depth-first, names sorted), the same ignore
//     rules (.gitignore from the project root down, nested files,
//     negation, directory-only and anchored patterns, .git/info/exclude;
//     nothing above the root, no global excludes) and a total max_results
//     cap (rg's --max-count is per file, so rg is stopped once the total
//     is in).
//   - terminal.exec: program and argv without a shell, cwd inside the
//     root, InvokeTool.Env plus the call's additions. It runs in a new
//     session whose terminal is a PTY (stdin at EOF, stdout), stderr on
//     its own pipe; output goes live to Deps.Output, in full to
//     Deps.Spool, and to the model cleaned (no ANSI, progress bars
//     collapsed) with head and tail kept per stream and per call, in fixed
//     buffers. timeout_ms is honoured up to the catalogue's maximum (an
//     hour). On timeout or cancel the whole tree gets SIGTERM, a grace
//     period, then SIGKILL; the tree is the process group, every
//     descendant by parent pid, and every process carrying the tree's
//     WTAGENT_TREE environment marker (which finds setsid grandchildren
//     that were orphaned), snapshotted before the first signal and
//     re-scanned while it dies. Processes a finished program left behind
//     are stopped too. On Linux the child gets PR_SET_PDEATHSIG. A
//     successful build, test or run is Verified (see evidence.VerificationOf).
//   - process.start/read/stop/list: through Deps.Processes (the process
//     supervisor's client). project.status: root, git branch and dirty
//     files, managed processes, the last verification.
//
// Package toolactors runs the model's tool calls and dev servers as
// actors: each call runs in its own temporary actor under a tools
// supervisor (the work itself is tools.Run, off the actor's goroutine);
// each dev server is a transient actor under a process supervisor that
// owns its output ring (the process itself is package proc's). A timeout,
// a crash or a kill is an exit the supervisor handles, never a panic or a
// hang in the turn loop.
//
// # Message flow
//
// Supervisors only supervise: each subtree is a supervisor (one_for_all)
// of a plain supervisor of the workers and a "front" worker that holds the
// business logic and manages its sibling's children (StartChild, StopChild,
// Watch for their exits). Messages go to Front(subtree).
//
// The tools subtree (NewToolsSupervisor): "calls" (spec ToolsSpec:
// one_for_one, isolated) and the front, which speaks InvokeTool:
//
//	controller --InvokeTool--> front
//	front --StartChild{ID: OpKey, Temporary}--> calls
//	invocation (child) Started: watchdog timer; supervisor.Go(Run)
//	    Run streams ToolOutput to Deps.Output and full output to Deps.Spool
//	invocation --toolFinished--> front; invocation Exit(nil)
//	front --ToolResult--> controller   (exactly one per InvokeTool)
//	calls --ChildExited--> front       (no result yet? Panic, Killed,
//	    Shutdown become an error result; a watchdog overrun a timeout one)
//
// A tool that panics crashes its invocation (reason Panic): the requester
// gets status "error" with the panic, the supervisor and the other calls
// carry on. A tool that ignores its deadline is cut off by the watchdog
// (its deadline plus the kill grace and a margin): status "timeout", and
// the cancelled incarnation context stops what it started. CancelRun stops
// every running call; each still gets its one result.
//
// The process subtree (NewProcessSupervisor): "procs" (spec
// ProcessesSpec: one_for_one, isolated, bounded intensity) supervises one
// Transient actor per process; the front owns the output rings:
//
//	invocation(process.start) --Request procStartReq--> front
//	front --StartChild{ID: proc_<hex>, Transient, backoff}--> procs
//	proc actor Started: supervisor.Go(spawn) → procSpawned; Go(watch): the
//	    PTY output as procOutput, then procExited; Go(pollPorts) → procListening
//	front: URL seen (ANSI stripped) or port listening → reply
//	    {process_id, pid, status, detected_urls}; exit first → error reply
//	    (exited_early, with the output); no sign within the readiness wait →
//	    reply with status "running"
//	process.read → output since the last read (or an offset), next offset
//	process.stop → StopChild: the actor's Stopped stops the tree (TERM,
//	    grace, KILL); the reply carries the exit
//	crash → the proc actor exits Failed → restart after backoff (the ring
//	    keeps the output, marked "[wtagent: restarted …]") → after the
//	    intensity the supervisor gives up (GaveUp)
//	every change → messages.ProcessEvent to the notify PID (the controller
//	    tells the model on its next tool result)
//
// It also answers messages.ListProcesses and messages.StopAllProcesses
// (reply messages.ProcessList). Only processes it started can be read or
// stopped: ids are its own.
//
// Both supervisors embed a supervisor.New receiver and delegate to it
// every message they do not own, so they are real supervisors (children,
// restarts, WhichChildren, ordered shutdown) with one PID for their
// clients.
package toolactors
