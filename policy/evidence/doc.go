// Package evidence is the done gate's evidence: what a request needs
// before a run may end, what a command that exited zero proves, and what a
// done message claims.
//
// RequestNeeds reads a user's request, in English or Chinese, by the word
// tables of request_words.go (a change, a read, a run, a verification; a
// negation or a question changes the need). VerificationOf says what a
// successful command proves (Kind: None, Smoke, Run, Lint, Build, Test),
// through wrappers and shell scripts (classify.ParseScript; only a script's
// decisive commands count, so `go test ./... || true` proves nothing).
// DoneClaims reads what a done message says was built, tested and changed,
// and SideEffecting whether a successful command may have changed
// something.
//
// It imports policy/classify for program names and shell parsing, and
// nothing else of wtagent.
package evidence
