package supervisor

import (
	"slices"
	"time"

	"github.com/anthdm/hollywood/actor"
)

// job is one RestForOne / OneForAll restart: stop the live members in
// reverse order, wait the trigger's backoff, start the members in order.
// One job runs at a time; children that exit meanwhile queue in pending.
type job struct {
	members   []*child // start order
	delay     time.Duration
	seq       *sequence
	token     uint64 // backoff timer
	cancelled bool
}

func (j *job) has(ch *child) bool { return slices.Contains(j.members, ch) }

func (j *job) cancel() {
	j.cancelled = true
	if j.seq != nil {
		j.seq.cancelled = true
	}
}

// runJobs starts the next group restart unless one is running.
func (s *supervisor) runJobs(c *actor.Context) {
	for s.job == nil && !s.closing && len(s.pending) > 0 {
		ch := s.pending[0]
		s.pending = s.pending[1:]
		if !ch.removed && ch.rec == nil && ch.state == StateRestarting {
			s.beginGroup(c, ch)
		}
	}
}

// beginGroup starts the group restart triggered by the exit of trigger.
// Children that exited for good (stopped, failed) stay down; temporary
// children are stopped and removed, not restarted.
func (s *supervisor) beginGroup(c *actor.Context, trigger *child) {
	from := 0
	if s.spec.Strategy == RestForOne {
		from = s.index(trigger)
	}
	j := &job{delay: trigger.groupDelay}
	for _, ch := range s.children[from:] {
		if ch == trigger || (ch.state != StateStopped && ch.state != StateFailed) {
			j.members = append(j.members, ch)
		}
	}
	s.pending = slices.DeleteFunc(s.pending, j.has)
	for _, ch := range j.members {
		if ch.rec == nil {
			s.cancelTimer(ch)
		}
	}
	s.job = j
	j.seq = &sequence{
		list: reversed(j.members),
		intent: func(ch *child) intent {
			if ch.spec.Restart == Temporary {
				return intentRemove
			}
			return intentRestart
		},
		done: func() { s.groupStopped(c, j) },
	}
	s.advance(j.seq)
}

// groupStopped runs when every live member of j has stopped.
func (s *supervisor) groupStopped(c *actor.Context, j *job) {
	if j.cancelled || s.job != j {
		return
	}
	if j.delay > 0 {
		j.token = s.armJob(j.delay)
		return
	}
	s.groupStart(c, j)
}

// onJobTimer ends the backoff of the running group restart.
func (s *supervisor) onJobTimer(c *actor.Context, token uint64) {
	if j := s.job; j != nil && !j.cancelled && token != 0 && j.token == token {
		s.jobTimer = nil
		s.groupStart(c, j)
	}
}

// groupStart starts the members of j in order.
func (s *supervisor) groupStart(c *actor.Context, j *job) {
	s.job = nil
	for _, ch := range j.members {
		if s.closing {
			return
		}
		switch {
		case ch.removed:
		case ch.rec != nil && ch.stop != nil && ch.stop.intent == intentRestart:
			ch.pendingStart = true // stuck: started once it leaves
		case ch.rec == nil && ch.state == StateRestarting:
			s.restartNow(ch)
		}
	}
	s.runJobs(c)
}
