// Package compat checks wtagent's exports against the real Codex CLI and
// Claude Code, and `wtagent mcp serve` under the real MCP Inspector CLI
// (on the mock ChatGPT page in headless Chromium). Its files build only with the compat tag: `make compat`
// installs the pinned npm packages into a temporary prefix and runs
//
//	WTAGENT_COMPAT_PREFIX=DIR go test -tags compat ./compat
//
// The tools talk only to loopback stand-ins of their model APIs (the
// Responses API for Codex, the Messages API for Claude Code), which record
// every request so the tests can assert what history each tool sent.
package compat
