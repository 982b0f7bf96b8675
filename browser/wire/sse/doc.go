// Package sse reads the event stream of one ChatGPT turn: the SSE framing
// of the conversation POST, its resume POSTs and the WebSocket's stream
// items, the typed events (hand-off, resolved model, errors, the resume
// token) and the messages through package delta, into a Result that says
// whether the reply is finished. It is pure and fuzzed (FuzzSSE).
package sse
