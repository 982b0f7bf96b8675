// Package demo is `wtagent demo`, the built-in acceptance scenario: the
// embedded conversation, its task, and the choice between real Chromium
// against the local mock ChatGPT page and the scripted provider.
package demo
