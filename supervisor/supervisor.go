package supervisor

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/anthdm/hollywood/actor"
)

// childGone reports that an incarnation's actor and Go functions are done
// and that its PID has left the registry.
type childGone struct{ rec *incarnation }

// childLinger reports that an incarnation's actor stopped while some of
// its Go functions still run.
type childLinger struct{ rec *incarnation }

// supervisor is the actor New produces.
type supervisor struct {
	spec    Spec
	engine  *actor.Engine
	self    *actor.PID
	ctx     context.Context
	rec     *incarnation // own record; nil when not supervised
	path    string
	parent  *actor.PID // receives ChildStarted / ChildExited
	onEvent func(Event)
	clock   func() time.Time
	random  func() float64

	watchers []*actor.PID // Watch senders
	children []*child     // start order
	byID     map[string]*child
	window   window // restart times, all children (without Isolate)
	tokens   uint64 // timer tokens

	job      *job // running group restart
	jobTimer *time.Timer
	pending  []*child // exited children waiting for a group restart

	closing    bool        // stopping all children; no restarts
	closeErr   error       // why (nil: asked to Stop)
	replies    []stopReply // Stop requesters
	terminated bool        // Exit called
	dead       bool        // the actor has stopped: no more messages
}

// New returns the producer of a supervisor actor. A supervisor is an
// ordinary actor: start a tree with Start, or nest one as a ChildSpec's
// Producer (or StartChild it). Both run it behind the guard; spawned
// directly with engine.Spawn it is not protected against its own failure
// and cannot report its exit error. An invalid spec makes it exit at once
// with an ErrBadSpec error.
func New(spec Spec) actor.Producer {
	return func() actor.Receiver {
		return &supervisor{spec: spec, byID: make(map[string]*child)}
	}
}

// Receive is the supervisor's single message switch.
func (s *supervisor) Receive(c *actor.Context) {
	switch m := c.Message().(type) {
	case actor.Initialized:
		s.init(c)
	case actor.Started:
		s.startAll(c)
	case actor.Stopped:
		s.onStopped()
	case childGone:
		s.onGone(c, m.rec)
	case childLinger:
		s.onLinger(m.rec)
	case timerFired:
		s.onTimer(c, m)
	case StartChild:
		s.onStartChild(c, m)
	case StopChild:
		s.onStopChild(c, m)
	case WhichChildren:
		Reply(c, m, ChildrenResult{Ref: m.Ref, Children: s.infos()})
	case Watch:
		s.watch(c, m)
	case Stop:
		s.onStop(c, m)
	case ChildStarted, ChildExited:
		// Notifications from a nested supervisor; its own parent (us)
		// learns about its exit through childGone.
	}
}

// init wires the supervisor to its place in the tree. It runs on the
// spawner's goroutine.
func (s *supervisor) init(c *actor.Context) {
	s.engine, s.self, s.ctx = c.Engine(), c.PID(), Ctx(c)
	s.path, s.parent = s.self.ID, c.Parent()
	s.onEvent, s.clock, s.random = s.spec.OnEvent, s.spec.clock, s.spec.random
	if r := recOf(c); r != nil {
		s.rec, r.isSuper, s.path = r, true, r.path
		if r.sup != nil {
			s.parent = r.sup
		}
		if s.onEvent == nil {
			s.onEvent = r.onEvent
		}
		if s.clock == nil {
			s.clock = r.clock
		}
		if s.random == nil {
			s.random = r.random
		}
	}
	if s.clock == nil {
		s.clock = time.Now
	}
	if s.random == nil {
		s.random = rand.Float64
	}
}

// startAll starts the static children in order.
func (s *supervisor) startAll(c *actor.Context) {
	if err := s.spec.Validate(); err != nil {
		s.close(c, fmt.Errorf("supervisor %s: %w", s.path, err))
		return
	}
	for _, cs := range s.spec.Children {
		s.add(cs, true)
	}
	for _, ch := range s.children {
		if s.closing {
			return
		}
		s.restartNow(ch)
	}
}

// notify sends msg to the parent and the Notify list.
func (s *supervisor) notify(msg any) {
	if s.parent != nil {
		s.engine.SendWithSender(s.parent, msg, s.self)
	}
	for _, pid := range s.spec.Notify {
		s.engine.SendWithSender(pid, msg, s.self)
	}
	for _, pid := range s.watchers {
		s.engine.SendWithSender(pid, msg, s.self)
	}
}

// watch adds the watcher (ReplyTo, or the sender) of a Watch to the
// watchers (once).
func (s *supervisor) watch(c *actor.Context, m Watch) {
	w := replyTarget(m, c.Sender())
	if w == nil {
		return
	}
	if !slices.ContainsFunc(s.watchers, w.Equals) {
		s.watchers = append(s.watchers, w)
	}
	Reply(c, m, WatchResult{Ref: m.Ref})
}

// emit reports an event to OnEvent. A panicking hook is ignored: it must
// not take the supervisor down.
func (s *supervisor) emit(ev Event) {
	if s.onEvent == nil {
		return
	}
	ev.At = s.clock()
	defer func() { _ = recover() }()
	s.onEvent(ev)
}

// emitChild reports an event about ch.
func (s *supervisor) emitChild(kind string, ch *child, err error) {
	s.emit(Event{Kind: kind, Child: ch.info(), Err: err})
}

// exited reports the end of an incarnation to OnEvent, the parent and the
// Notify list.
func (s *supervisor) exited(ch *child, inc int, reason ExitReason, err error, willRestart bool) {
	s.emit(Event{Kind: EventExited, Child: ch.info(), Err: err, Reason: reason})
	s.notify(ChildExited{
		Sup: s.self, ID: ch.spec.ID, Incarnation: inc, Reason: reason,
		Err: err, Restarts: ch.restarts, WillRestart: willRestart,
	})
}

// infos lists the children in start order.
func (s *supervisor) infos() []ChildInfo {
	out := make([]ChildInfo, len(s.children))
	for i, ch := range s.children {
		out[i] = ch.info()
	}
	return out
}

// childPath is the tree path of the child with the given ID.
func (s *supervisor) childPath(id string) string { return s.path + "/" + id }
