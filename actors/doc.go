// Package actors is wtagent's runtime: the supervised actor tree of one
// session — the turn controller, the reply parser, the policy and approval
// actors, the model transport actor, the event-log writer and the status
// actor — wired together with typed messages from package messages.
package actors
