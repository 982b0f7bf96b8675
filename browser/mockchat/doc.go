// Package mockchat is a faithful local stand-in for the ChatGPT web page:
// a Go HTTP server with the page's HTML and JavaScript (a real ProseMirror
// composer, v1 delta server-sent events, a markdown renderer, the model
// menu, login, challenge and limit states), answering from the scripted
// model's JSON Lines format (model.ParseScript). One script drives both the
// scripted provider and the browser path.
//
// The adapter in package browser drives the page exactly as it drives
// chatgpt.com; CONTRACT.md in this directory fixes what both sides rely on.
// The Go methods of Server (SetLoggedIn, Received, Stats, BreakLocator, …)
// and the /_mock/ paths are for tests and the developer command only.
//
// Generation runs server-side in a goroutine per reply that outlives the
// HTTP request: a browser killed mid-stream does not stop the reply, which
// completes in the conversation document. Close stops everything.
package mockchat
