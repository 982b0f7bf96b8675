// Package supervisor provides OTP-style supervision on top of hollywood
// v1.0.5 actors: child specs with permanent, transient and temporary
// restart types; one_for_one, rest_for_one and one_for_all strategies;
// restart intensity within a sliding period with escalation; per-child
// backoff by timer messages; ordered start, reverse-order stop with
// shutdown timeouts; and dynamic children.
//
// hollywood itself has no supervisor and crashes the whole process when an
// actor exhausts its restarts, so every supervised child runs behind a
// recovering middleware and hollywood's own restart path never runs.
package supervisor
