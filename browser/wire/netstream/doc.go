// Package netstream captures the page's own conversation streams through
// CDP's Network domain: the conversation POST, its resume POSTs and the
// user's WebSocket frames, fed in order to one sse.Parser per turn. A
// Tracker takes the tab's network events (Handle, which never blocks),
// runs the CDP commands it needs through a spawn function, and gives
// readers copies of each stream's state (Mark, After, Get, Text) and a
// turn's raw traffic for a transport recording (Recording). It knows
// nothing of the page's DOM.
package netstream
