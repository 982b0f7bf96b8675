package mockchat

import (
	"net/http"
	"time"
)

// startSSE writes the event-stream headers.
func startSSE(w http.ResponseWriter) {
	h := w.Header()
	h.Set("Content-Type", "text/event-stream; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
}

// writeEvents writes a complete, pre-built stream (an error stream).
func writeEvents(w http.ResponseWriter, evs []event) {
	startSSE(w)
	for _, ev := range evs {
		if _, err := w.Write(ev.data); err != nil {
			return
		}
	}
	_ = http.NewResponseController(w).Flush()
}

// streamReply writes rp's events from the start and follows the generator
// until the stream is complete, the client goes away or the server closes.
// first marks the POST's own stream, which a cut fault ends early (without
// [DONE]); resumed streams are never cut. A resume starts at event from
// (the offset the page sends: the events it already has).
func (s *Server) streamReply(w http.ResponseWriter, r *http.Request, rp *reply, first bool, from int) {
	startSSE(w)
	rc := http.NewResponseController(w)
	s.mu.Lock()
	s.streams++
	rp.stats.Streams++
	s.bumpLocked()
	cut := -1
	if first {
		cut = rp.cutTokens
	}
	next, tokens := min(max(from, 0), len(rp.events)), 0
	s.mu.Unlock()
	for {
		s.mu.Lock()
		evs := rp.events[next:]
		done := rp.done
		changed := rp.changed
		s.mu.Unlock()

		var sawAdd, sawFinal, sawDone, cutNow bool
		n := 0
		for _, ev := range evs {
			if _, err := w.Write(ev.data); err != nil {
				return
			}
			n++
			switch ev.kind {
			case evAdd:
				sawAdd = true
			case evToken:
				tokens++
				if ev.pair {
					tokens++
				}
			case evFinal:
				sawFinal = true
			case evDone:
				sawDone = true
			}
			if cut >= 0 && (ev.kind == evToken && tokens >= cut || ev.kind == evAdd && cut == 0) {
				cutNow = true
				break
			}
		}
		next += n
		if n > 0 {
			// Noted before the flush: once flushed, the client can act on
			// the bytes (and a test read the stats) before this goroutine
			// runs again.
			s.noteFlush(rp, time.Now(), sawAdd, sawFinal, sawDone)
			if err := rc.Flush(); err != nil {
				return
			}
		}
		if cutNow {
			s.logf("cut the stream of line %d after %d tokens", rp.line.Line, tokens)
			return
		}
		if done && len(evs) == n {
			return
		}
		select {
		case <-changed:
		case <-r.Context().Done():
			return
		case <-s.ctx.Done():
			return
		}
	}
}

// noteFlush records when the reply's milestones were first sent; callers
// note before they write, so a client never sees one before it is noted.
func (s *Server) noteFlush(rp *reply, now time.Time, add, final, done bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := rp.stats
	if add && st.StreamStarted.IsZero() {
		st.StreamStarted = now
		s.bumpLocked()
	}
	if final && st.LastToken.IsZero() {
		st.LastToken = now
	}
	if done && st.Done.IsZero() {
		st.Done = now
	}
}
