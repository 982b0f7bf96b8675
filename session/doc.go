// Package session stores a session on disk: its directory under
// $WTAGENT_HOME/sessions, the append-only event log, the small atomic
// session.json, the Codex-shaped rollout (its lines rendered by package
// export), the tool-output spool and the exactly-once ledger rebuilt from
// events.
//
// # Layout
//
//	$WTAGENT_HOME/                     (Home; ResolveHome finds it)
//	  chrome-profile/  run/  config.json  history.jsonl
//	  sessions/<YYYYMMDD-HHMMSS-8hex>/   (0700; symlinks refused)
//	    session.json                     State, replaced atomically
//	    events.jsonl                     Log, one writer, fsync at commit points
//	    rollout-<ts>-<id>.jsonl          Rollout, Codex shape, written live
//	    tool-output.jsonl                Spool, full outputs up to a cap
//	    wtagent.log  diagnostics/
//
// Every file is created 0600 and every directory 0700. Session ids are
// validated (ValidateID) before any path is built from them, and a Session
// holds a handle on its own directory (os.Root), so files are opened in
// the directory that was checked even if its path is swapped later.
//
// # Crash safety
//
// session.json is written to a temp file, fsynced, renamed and the
// directory fsynced: a crash leaves the old or the new file. events.jsonl
// lines are written whole; a failed write is cut back; a torn last line
// from a crash is skipped on read (and reported in a Tail) and cut when the
// log is reopened for appending. Corruption before the last line is a
// *CorruptError naming the line.
//
// # Replay
//
// BuildReplay (or ReplayLog, streaming) folds the log into a Replay: the
// Ledger of operations (proposed → prepared → started → completed →
// result_sent) and its Recover decisions, the message in flight, the
// conversation cursor, the changed files and the done gate's evidence, and
// the task grants.
package session
