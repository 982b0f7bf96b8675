// Package liveoutput coalesces the live output of tools and dev servers
// for the UI: at most one event per stream every interval, at most a
// limit of bytes per stream between flushes (the newest; what is skipped
// is said), so a flood of output costs the UI a few events a second. The
// full output goes to the session's spool, not here.
package liveoutput
