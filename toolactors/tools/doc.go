// Package tools implements the model's tools as plain functions, callable
// without actors: file tools through the project-root boundary, programs
// run to completion on package proc's runtime with live output and
// output budgets, the process.* tools over an interface to the managed
// processes, and project.status.
//
// Run(ctx, deps, invoke) runs one call synchronously and returns its
// event.ToolResult; package toolactors's invocation actors run it off
// their goroutine and benchmarks call it directly. Arguments are the typed structs of
// package protocol (Call.Args) or canonical JSON decoded over the
// catalogue's defaults. Every path goes through Deps.Paths (an os.Root
// boundary; policy.Boundary satisfies Paths); a path outside the root is
// touched only when InvokeTool.Outside grants a prefix of it, and then
// through an os.Root opened at that prefix.
//
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
//     successful build, test or run is Verified (see policy.VerificationOf).
//   - process.start/read/stop/list: through Deps.Processes (the process
//     supervisor's client, toolactors.NewProcessClient). project.status:
//     root, git branch and dirty files, managed processes, the last
//     verification.
package tools
