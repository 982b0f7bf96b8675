// Package export tells a session as the user would, in the formats of
// other tools: Codex writes a Codex CLI rollout and Claude a Claude Code
// transcript, from the session's logged events — the user's own words,
// the model's parsed messages, tool calls mapped onto each product's own
// tools, and their results. A sub-agent (agent.run) is Claude Code's Agent
// call, its own conversation a sidechain transcript (ClaudeSidechains);
// Codex gets the call and its output. No protocol XML is exported. CodexStream
// renders the same rollout lines one event at a time, for the rollout a
// session writes live. Command lines are quoted with syntax.Quote for
// bash. Whether exports load in Codex CLI and Claude Code is tested
// against the real tools by package compat (make compat).
package export
