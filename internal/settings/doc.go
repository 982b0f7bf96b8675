// Package settings resolves a run's effective settings: the run flags
// (shared by `wtagent TASK`, resume, demo, config and acp), the config
// file, and the defaults, each setting with where it came from. It runs
// no session: `wtagent config` and `wtagent mcp serve` use it without the
// application (internal/app).
package settings
