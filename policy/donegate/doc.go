// Package donegate is the done gate: whether a done=true may end a run.
//
// A Gate holds what the run did (its requests, the session's operations,
// the files changed) and the done message; Refusal says what evidence is
// missing, in the language of the latest request, or nothing when the run
// may finish. Each request needs the evidence evidence.RequestNeeds calls
// for, made after it (a change, a read of the files it names, a passing
// build, test or run after the last change), and each claim of the done
// message (evidence.DoneClaims) must be in the ledger. An item the model
// answers for ("Not applicable: ITEM — REASON", evidence.Answers) is
// waived; a claim never is.
//
// It is pure logic over policy/evidence, protocol and session's values;
// it reads the file system only to tell whether a named file exists.
package donegate
