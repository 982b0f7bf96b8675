// Package mcpserve is `wtagent mcp serve`: an MCP server on stdio whose
// one tool, chatgpt, sends a prompt (and files) to the user's ChatGPT web
// session in the dedicated Chrome profile and returns the reply text
// exactly, with the conversation's URL.
//
// ChatGPT is reached through a small supervised actor tree:
//
//	mcp (OneForOne)
//	├─ queue    Permanent  holds the calls and hands them to chatgpt one at a time
//	└─ chatgpt  Permanent  owns a model.Transport; a crashed Chrome ends the
//	                       incarnation and the restart gets a fresh transport
//
// The tool handler only checks the arguments, enqueues the call and waits
// for its outcome or for the client's cancellation; progress notifications
// (when the client sent a progress token) say where the call is: queued,
// sending, waiting, and how much of the reply the model has written.
package mcpserve
