// Package install exports a stored session for `wtagent export`: rendered
// as a Codex rollout or a Claude Code transcript and redacted (Render),
// written dated to the session's last event (WriteFile), or installed
// where Codex or Claude Code finds it, with the command that opens it
// (Install).
package install
