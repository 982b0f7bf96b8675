// Package session stores a session on disk: its directory under
// $WTAGENT_HOME/sessions, the append-only event log, the small atomic
// session.json, the Codex-shaped rollout, the tool-output spool, the
// exactly-once ledger rebuilt from events, and exports to Codex and Claude
// Code transcripts.
package session
