package supervisor

import "time"

// timerKind says what a child's timer is for.
type timerKind int

const (
	timerGrace   timerKind = iota + 1 // shutdown grace expired: cancel ctx
	timerKill                         // still not gone: report it stuck
	timerRestart                      // backoff over (or retry a held ID)
)

// timerFired is the self message a timer sends (time.AfterFunc →
// message; the supervisor never sleeps).
type timerFired struct {
	id    string // child ID; "" for the group-restart timer
	token uint64
	kind  timerKind
}

// arm (re)starts the child's single timer.
func (s *supervisor) arm(ch *child, kind timerKind, d time.Duration) {
	s.cancelTimer(ch)
	if s.dead {
		return
	}
	s.tokens++
	ch.token, ch.kind = s.tokens, kind
	msg := timerFired{id: ch.spec.ID, token: ch.token, kind: kind}
	e, self := s.engine, s.self
	ch.timer = time.AfterFunc(d, func() { e.Send(self, msg) })
}

// cancelTimer stops the child's timer; a message already sent is ignored
// because its token no longer matches.
func (s *supervisor) cancelTimer(ch *child) {
	if ch.timer != nil {
		ch.timer.Stop()
		ch.timer = nil
	}
	ch.token = 0
}

// armJob starts the group-restart backoff timer.
func (s *supervisor) armJob(d time.Duration) uint64 {
	s.cancelJobTimer()
	s.tokens++
	msg := timerFired{token: s.tokens}
	e, self := s.engine, s.self
	s.jobTimer = time.AfterFunc(d, func() { e.Send(self, msg) })
	return s.tokens
}

func (s *supervisor) cancelJobTimer() {
	if s.jobTimer != nil {
		s.jobTimer.Stop()
		s.jobTimer = nil
	}
}

// stopTimers stops every timer (the supervisor is ending).
func (s *supervisor) stopTimers() {
	s.cancelJobTimer()
	for _, ch := range s.children {
		s.cancelTimer(ch)
	}
}
