// Package acp is `wtagent acp`: an Agent Client Protocol agent on stdio,
// the way editors (Zed, JetBrains, Neovim) host wtagent.
//
// Each ACP session is one wtagent session driven through app.Driver:
//
//	session/new     a new session in the project root cwd
//	session/load    an existing one (= wtagent resume), its history replayed
//	session/prompt  one run: text and embedded resources are the task,
//	                resource links its @path attachments
//	session/cancel  a pause at the next safe point (= Ctrl+C)
//
// The run's events (what --json prints) become session/update
// notifications (updates.go), approvals become session/request_permission
// (approver.go). stdout carries only protocol messages.
package acp
