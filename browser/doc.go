// Package browser is the ChatGPT web adapter: it drives the ChatGPT page
// of a dedicated Chrome (package chrome) over CDP with chromedp, and
// implements model.Transport. Everything DOM-specific stays inside this
// package; the runtime never sees a selector. The page's own traffic is
// decoded by the pure packages under wire/ (sse, delta, socket) and
// captured by wire/netstream.
//
// # Chrome
//
// Package chrome owns the browser. chrome.Discover finds Chrome, then
// Chromium, then Edge (WTAGENT_CHROME overrides). The Transport starts it with Options.ProfileDir as its
// user data directory, never the user's daily profile, in a visible window
// (chromedp.VisibleWindow) that is minimised through Browser.setWindowBounds
// while the user is not needed and restored when they must log in, solve a
// challenge or close a blocking dialog. Options.Headless is for tests and
// CI. The cookie-relevant flags (password-store=basic, use-mock-keychain)
// are the same on every launch, and the anti-throttling flags keep a
// minimised window streaming. A minimised window draws no frames, and
// Chrome drops a CDP mouse event on a page it has never drawn, so before a
// trusted click or hover on a hidden page the Transport has Chrome draw it
// once (a one-pixel capture).
//
// Chrome is driven over a pipe (--remote-debugging-pipe, chromedp's default
// for an exec allocator): Chrome opens no debugging port, so no other local
// process can attach to the logged-in session, and the Transport only ever
// talks to the Chrome it launched. A profile that another browser process
// holds (a leftover Chrome: its SingletonLock names a live process) is
// refused with a *chrome.ProfileLockedError; chrome.ProfileInUse reports
// it for `wtagent doctor`.
//
// # Crashes and restarts
//
// Every page step has a deadline, and a crash cancels every step at once:
// when Chrome exits or loses its connection, the tab crashes or detaches,
// the Transport's methods return an error wrapping model.ErrCrash within
// milliseconds. A new Start on the same Transport value relaunches Chrome
// with the same profile (a new Transport with the same Options works too,
// once the old one is closed). Open(cursor) reopens the conversation, and
// Await(binding) finds the reply to the message already sent, bound by the
// message id, the conversation-turn-N and the text hash the Binding
// recorded, without sending it again; a binding whose conversation the
// page never named (the browser or wtagent died right after the POST
// left) is placed by its message id among the newest conversations (a
// probe: as the newest one's last user message, by its text). A binding
// whose message the conversation does not have gives model.ErrNotSent.
// A history or conversation read ChatGPT rate-limits (429) waits as long
// as the response asks, with a status line (readLimit); a wait longer
// than the turn has left is a model.ErrRateLimit.
//
// # The page
//
// All locators, text patterns and page endpoints are in package pagescript (with page.js), under
// AdapterVersion. A locator that fails is a *AdapterError wrapping
// model.ErrAdapter, with a redacted DOM snapshot and a screenshot saved in
// Options.DiagnosticsDir; it is never reported as a model or tool error.
//
// Login is read from the page's /api/auth/session (a logged-out page shows
// a composer too). A login wall or a challenge is reported through Start's
// state callback (ModelAuthRequired, ModelTakeoverRequired), and the
// Transport waits for the user, polling with backoff, then continues by
// itself.
//
// Messages are entered without key events: short text with one
// Input.insertText, long text by replacing the editor's content in one
// page-side call (one <p> per line), read back exactly from the editor;
// text over Options.MaxInline, or text the composer does not hold exactly,
// goes as an attached .txt file with a short inline instruction. Controls
// are found by structure and state, never by their words (the 2026-09 page
// has no testids and localises every label): the send control is the
// composer form's submit control, the stop control its primary button
// while a turn runs, a file's tile the composer's group that names the
// file; English labels are only a last fallback. The send is confirmed by
// the page's conversation POST (the user message id from its body, the
// conversation from the body or the stream), else by a user message the
// thread did not show before — never by counts or ordinals (long threads
// are windowed). Once the POST left the message is sent: a slow
// confirmation returns what is known, and the click is repeated at most
// once, only when no POST left and the composer still holds the text. The
// thread is read from the shown route only (top-level units, none of a
// hidden mounted route or a frozen copy).
//
// Completion is pushed: by the page's own conversation stream, read
// through CDP's Network domain (Network.streamResourceContent), which says
// when the reply finished; else by a page-side MutationObserver reporting
// through a Runtime binding, with a short stability window; polling is the
// fallback. The text is read, in order, from the stream (the v1 delta
// patches, package wire/delta), the conversation document the page fetches with its own
// session, the copy action, and last a DOM-to-markdown walk;
// Reply.Source names the one used. A stream that breaks off and that the
// page does not continue is recovered in that order too: stream_status,
// and while the turn streams the watcher's own resume POST (Source
// network_resume); then the document; then the page. A reply cut at the
// output limit is continued with the page's "Continue generating" and
// joined exactly (continue.go).
package browser
