// Package batchcorpus reads the "messages per task" corpus
// (testdata/batchcorpus): recorded multi-step coding tasks, each a starting
// project, the user's request and the scripted conversation a model told
// to batch would have (batched.jsonl: up to MaxCalls calls per reply, reads
// first, at most one change and it comes last), and optionally the same
// task under chain-changes (chained.jsonl; without it Chained derives one
// by joining replies whose predecessor only wrote files).
//
// Check holds a task to the batch rule; Split derives the same
// conversation one call per reply; Run replays a script through a wtagent
// binary on a copy of the project and reports the messages sent to the
// model; Tree records a project's end state so that both ways can be
// compared. The end-to-end test (cmd/wtagent) and the wtbench row
// "messages per task" use it.
package batchcorpus
