// Package ui renders a session's events in the terminal: a compact view of
// the model's state and messages, each tool call with live output, diffs,
// approval prompts, and the final summary. Styling is off when stdout is not
// a terminal or NO_COLOR is set; --json prints the event stream instead.
package ui
