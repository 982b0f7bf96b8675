// Package status is a session's status, kept from its events: the live
// snapshot the status socket serves (Live, Server) and the summary
// session.json holds for listings (UpdateState).
//
// Live folds the events the event log shows and the actor changes the
// supervisors report into a messages.Status; it does no I/O and answers a
// snapshot at once. Server serves that snapshot as JSON over HTTP on a
// unix socket, asking its owner (the status actor) through a function, so
// a handler never reads state itself. UpdateState folds a persisted event
// into session.State and says when the file must be rewritten now.
package status
