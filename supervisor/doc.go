// Package supervisor provides OTP-style supervision on top of hollywood
// v1.0.5 actors: child specs with permanent, transient and temporary
// restart types; one_for_one, rest_for_one and one_for_all strategies;
// restart intensity within a sliding period, with escalation to the parent
// supervisor and, at the root, to the program (Root.Done / Root.Err);
// per-child backoff by timer messages; ordered start and reverse-order stop
// with shutdown timeouts and forced termination; dynamic children; and a
// lifecycle event hook for the status view.
//
// hollywood itself has no supervisor and crashes the whole process when an
// actor exhausts its restarts, so every supervised child runs behind a
// recovering guard middleware (and with WithMaxRestarts(math.MaxInt32)):
// hollywood's in-place restart never runs. A failed child is stopped and a
// fresh incarnation is spawned from its Producer under the same PID, but
// only after the old incarnation has left the registry (hollywood would
// otherwise alias the duplicate ID to the dying actor).
//
// # Tree
//
// Start(engine, "root", spec) spawns the root; a ChildSpec whose Producer
// is New(spec) nests a supervisor. A child with ID "browser" under the
// supervisor at path "root/session" has the path "root/session/browser"
// and the PID PIDOf(engine, "root/session/browser"), stable across
// restarts. Children are spawned with engine.Spawn, not SpawnChild:
// hollywood's parent link would stop them in random order with unbounded
// waits when the supervisor dies. So c.Parent() is nil in a supervised
// child; use Parent(c).
//
// The supervisor's parent and the actors in Spec.Notify receive
// ChildStarted and ChildExited. Spec.OnEvent receives every Event
// (started, stopping, exited, restarting, stuck, removed, escalating).
//
// # Contract for child actors
//
//   - Initialized and Started run on the supervisor's goroutine (hollywood
//     runs them inside Spawn): never block there, and never Request the
//     supervisor or an ancestor from them (or from Receive) and wait for the
//     result: that deadlocks until the timeout. Send, then handle the reply.
//   - Blocking work runs in Go(c, f), never on the actor goroutine. f gets
//     Ctx(c) and must return when it is cancelled; its result comes back as
//     a message. An incarnation is over only when the actor has stopped and
//     every such f has returned.
//   - Ctx(c) is cancelled when the incarnation has stopped (after its
//     Stopped handler), when its shutdown grace expires, and when any
//     supervisor above it is force-terminated.
//   - Stopped is the terminate callback. It is delivered exactly once per
//     incarnation, also after a panic. It may block for a graceful
//     termination (send SIGTERM, wait for the process), but must select on
//     Ctx(c).Done(), which fires when the grace (ChildSpec.Shutdown)
//     expires. Stop SendRepeat tickers and Unsubscribe from the event
//     stream there.
//   - Exit(c, nil) ends the incarnation normally (a transient child is then
//     not restarted); Exit(c, err) ends it abnormally with reason Failed.
//     A panic ends it with reason Panic. Do not Poison yourself: that looks
//     like a kill from outside.
//
// A child that owns processes binds them to Ctx(c), so that cancellation
// kills the whole process group, and may terminate them gracefully in
// Stopped:
//
//	cmd := exec.CommandContext(supervisor.Ctx(c), name, args...)
//	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
//	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
//	cmd.WaitDelay = time.Second
//
// # Requests and replies
//
// A request is a message that embeds Ask: Ask.Ref is the caller's
// correlation id, echoed in the reply, and Ask.ReplyTo is where the reply
// goes (the sender when nil). Each of the supervisor's requests has a
// typed reply carrying the Ref and an Err to test with errors.Is:
// StartChild → ChildStartResult, StopChild → ChildStopResult,
// WhichChildren → ChildrenResult, Watch → WatchResult, Stop → StopResult.
//
// Outside the actor system (or in a Go function), Call sends a request and
// waits for its typed reply until the context's deadline (ErrTimeout). An
// actor never waits in Receive: it sends the request with a Ref from its
// Refs and handles the reply as a message, matched by Ref, so any number
// of requests may be in flight in any order.
//
// # Failure and requests
//
// A request the child was handling when it failed, and requests queued
// behind it, are answered at once: the supervisor's own requests with
// their typed reply, any other with a RequestFailed, its Err wrapping
// ErrChildFailed. While a child waits to be restarted its PID answers
// requests with ErrRestarting. Requests a child stored to answer later are
// not tracked. A message that does not embed Ask is not a request: it is
// dropped as a dead letter.
//
// # Stopping
//
// A stop (StopChild, a sibling's group restart, Stop, Root.Shutdown, an
// escalation) poisons a worker, or sends Stop to a supervisor child, then
// waits ChildSpec.Shutdown (default 5 s). When the grace expires the
// incarnation's context is cancelled (reason Killed). If the child still
// has not left the registry after max(grace, 1 s), it is reported stuck
// (EventStuck, ErrStuck) and its ID stays reserved: it is neither respawned
// nor reused until it leaves. A negative Shutdown cancels and stops at
// once. Children stop in reverse start order, one at a time.
package supervisor
