// Package exporttest holds what the tests of the exports and of the live
// rollout share: a whole session's fixed event sequence (Events), a
// Builder for smaller ones, and checks of the properties Codex and Claude
// Code rely on in an export (CodexHistory, ClaudeHistory). It imports
// neither package export nor package session, so both may use it.
package exporttest
