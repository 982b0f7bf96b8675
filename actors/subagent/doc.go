// Package subagent holds what the runtime needs around a sub-agent
// (agent.run) that is not the runtime itself: the result the call returns,
// read from the sub-agent's ledger; the approver that names it; and Trees,
// which starts each sub-agent's actor tree as a temporary child of the main
// session's agents supervisor and follows it to its end, so that a
// sub-agent whose tree gives up comes back as its call's error and never
// as the main run's failure.
package subagent
