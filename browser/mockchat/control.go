package mockchat

import (
	"context"
	"fmt"
	"slices"
	"sync"
)

// SetLoggedIn logs the session in (with a fresh access token, if it was
// logged out) or out (the old token stops working). Pages show the change
// on their next load or session check.
func (s *Server) SetLoggedIn(on bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case on && !s.loggedIn:
		s.logIn()
	case !on:
		s.logOut()
	}
	s.bumpLocked()
}

// SetChallenge turns challenge mode on or off: while on, every page load
// shows the challenge interstitial and every /backend-api/ call answers 403
// with cf-mitigated: challenge.
func (s *Server) SetChallenge(on bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.challenge = on
	s.bumpLocked()
}

// HoldReplies makes every reply, once its think time is over, wait until
// release is called, so the page stays in its thinking state (stop button,
// thinking indicator) for as long as a test needs to look at it. release
// lets every held reply go on; calling it again does nothing.
func (s *Server) HoldReplies() (release func()) { return s.hold(&s.heldReplies) }

// HoldStream makes the nth reply (from 1) stop halfway through its
// streamed tokens until release is called, so a test can act while that
// reply is known to be streaming (see WaitStreaming). A raw line ("sse")
// stops right after the event that ends its answer (end_turn), its
// connection open, as the real POST can stay open after the answer.
func (s *Server) HoldStream(n int) (release func()) {
	return s.holdNth(&s.heldStream, &s.heldStreamN, n)
}

// HoldLine makes the reply of script line n (from 1; whichever
// conversation it answers, a sub-agent's among several) stop halfway
// through its streamed tokens until release is called (see
// WaitLineStreaming).
func (s *Server) HoldLine(n int) (release func()) {
	return s.holdNth(&s.heldLine, &s.heldLineN, n)
}

// awaitStream holds rp halfway through its stream while HoldStream or
// HoldLine asks for it; it reports false when ctx ended first.
func (s *Server) awaitStream(ctx context.Context, rp *reply) bool {
	return s.awaitNth(ctx, &s.heldStream, &s.heldStreamN, rp.index) &&
		(rp.line.Line == 0 || s.awaitNth(ctx, &s.heldLine, &s.heldLineN, rp.line.Line))
}

// HoldResponse makes the nth conversation POST (from 1, continues
// included) wait, once the server has taken its message, before any byte
// of its answer is written, until release is called: the request has left
// the page, and the page learns nothing of it (a slow confirmation).
func (s *Server) HoldResponse(n int) (release func()) {
	return s.holdNth(&s.heldResponse, &s.heldResponseN, n)
}

// awaitResponse holds the nth POST's answer while HoldResponse asks for
// it; it reports false when ctx ended first.
func (s *Server) awaitResponse(ctx context.Context, n int) bool {
	return s.awaitNth(ctx, &s.heldResponse, &s.heldResponseN, n)
}

// holdNth holds the nth of something (*which = n) behind the gate held.
func (s *Server) holdNth(held *chan struct{}, which *int, n int) (release func()) {
	release = s.hold(held)
	s.mu.Lock()
	*which = n
	s.mu.Unlock()
	return release
}

// awaitNth waits at the gate held when n is the one held.
func (s *Server) awaitNth(ctx context.Context, held *chan struct{}, which *int, n int) bool {
	s.mu.Lock()
	hit := *which == n
	s.mu.Unlock()
	return !hit || s.awaitRelease(ctx, held)
}

// HoldUploads makes every file upload, once its UploadDelay is over, wait
// until release is called, so the page shows the upload in progress for
// as long as a test needs.
func (s *Server) HoldUploads() (release func()) { return s.hold(&s.heldUploads) }

// hold closes *held's gate and returns the function that opens it.
func (s *Server) hold(held *chan struct{}) func() {
	s.mu.Lock()
	defer s.mu.Unlock()
	h := make(chan struct{})
	*held = h
	var once sync.Once
	return func() {
		once.Do(func() {
			s.mu.Lock()
			defer s.mu.Unlock()
			close(h)
			if *held == h {
				*held = nil
			}
		})
	}
}

// awaitRelease waits while *held's gate is closed; it reports false when
// ctx ended first.
func (s *Server) awaitRelease(ctx context.Context, held *chan struct{}) bool {
	s.mu.Lock()
	h := *held
	s.mu.Unlock()
	if h == nil {
		return true
	}
	select {
	case <-h:
		return true
	case <-ctx.Done():
		return false
	}
}

// LoggedIn reports whether the session is logged in.
func (s *Server) LoggedIn() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.loggedIn
}

// Challenged reports whether challenge mode is on.
func (s *Server) Challenged() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.challenge
}

// BreakLocator makes every page served from now on lack one stable
// locator (one of Locators()), as when ChatGPT ships a new DOM; the element
// keeps working under another name. It is for the adapter-update test.
func (s *Server) BreakLocator(name string) error {
	if !slices.Contains(Locators(), name) {
		return fmt.Errorf("mockchat: unknown locator %q (known: %v)", name, Locators())
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.broken[name] = true
	s.bumpLocked()
	return nil
}

// RestoreLocators undoes every BreakLocator.
func (s *Server) RestoreLocators() {
	s.mu.Lock()
	defer s.mu.Unlock()
	clear(s.broken)
	s.bumpLocked()
}

// Received returns every user message received so far, oldest first.
func (s *Server) Received() []Received {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Received, len(s.received))
	for i, r := range s.received {
		r.Attachments = slices.Clone(r.Attachments)
		out[i] = r
	}
	return out
}

// Conversation returns a copy of conversation id's document.
func (s *Server) Conversation(id string) (*Conversation, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	c := s.convs[id]
	if c == nil {
		return nil, false
	}
	return c.snapshot(), true
}

// Conversations returns the ids of all conversations, newest first.
func (s *Server) Conversations() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var ids []string
	for _, c := range conversationsByUpdate(s.convs) {
		ids = append(ids, c.id)
	}
	return ids
}

// Stats returns the counters and the per-reply timestamps.
func (s *Server) Stats() Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := Stats{Sends: s.sends, Streams: s.streams, Messages: make([]MessageStats, len(s.stats))}
	for i, m := range s.stats {
		st.Messages[i] = *m
	}
	return st
}

// LinesUsed is how many script lines have been used up (with
// ScriptPerChat: by the conversations started before the newest one).
func (s *Server) LinesUsed() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cur.pending != nil {
		return s.cur.next - 1
	}
	return s.cur.next
}

// WaitIdle waits until no reply is being generated.
func (s *Server) WaitIdle(ctx context.Context) error {
	return s.waitFor(ctx, func() bool {
		for _, c := range s.convs {
			if c.last != nil && !c.last.done {
				return false
			}
		}
		return true
	})
}

// WaitReceived waits until at least n user messages were received and
// returns them all.
func (s *Server) WaitReceived(ctx context.Context, n int) ([]Received, error) {
	if err := s.waitFor(ctx, func() bool { return len(s.received) >= n }); err != nil {
		return nil, err
	}
	return s.Received(), nil
}

// WaitStreaming waits until the nth reply (from 1) has begun to stream:
// its main message's first event reached the page.
func (s *Server) WaitStreaming(ctx context.Context, n int) error {
	return s.waitFor(ctx, func() bool { return len(s.stats) >= n && !s.stats[n-1].StreamStarted.IsZero() })
}

// WaitLineStreaming waits until the reply of script line n has begun to
// stream.
func (s *Server) WaitLineStreaming(ctx context.Context, n int) error {
	return s.waitFor(ctx, func() bool {
		for _, m := range s.stats {
			if m.Line == n && !m.StreamStarted.IsZero() {
				return true
			}
		}
		return false
	})
}

// WaitStreams waits until the nth reply (from 1) was served by at least k
// streams (its POST and k-1 resumes).
func (s *Server) WaitStreams(ctx context.Context, n, k int) error {
	return s.waitFor(ctx, func() bool { return len(s.stats) >= n && s.stats[n-1].Streams >= k })
}

// WaitReplies waits until at least n replies finished generating.
func (s *Server) WaitReplies(ctx context.Context, n int) error {
	return s.waitFor(ctx, func() bool {
		done := 0
		for _, m := range s.stats {
			if !m.Completed.IsZero() {
				done++
			}
		}
		return done >= n
	})
}

// waitFor waits until cond (called with s.mu held) is true, ctx ends or
// the server closes.
func (s *Server) waitFor(ctx context.Context, cond func() bool) error {
	for {
		s.mu.Lock()
		ok, closed, ch := cond(), s.closed, s.changed
		s.mu.Unlock()
		switch {
		case ok:
			return nil
		case closed:
			return ErrClosed
		}
		select {
		case <-ctx.Done():
			return fmt.Errorf("mockchat: wait: %w", ctx.Err())
		case <-ch:
		}
	}
}
