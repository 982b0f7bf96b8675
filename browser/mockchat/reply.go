package mockchat

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/wtagent/wtagent/model"
)

// reply is one assistant reply being generated (or finished). Its events
// are the complete stream from the start; every HTTP stream of the reply
// (the POST and any resume) replays them. s.mu guards every field.
type reply struct {
	conv     *conversation
	userID   string
	line     model.ScriptLine
	model    string
	newTitle bool // emit title_generation after the reply
	msg      *Message
	events   []event
	adds     int // messages added so far (the "c" counter)
	done     bool
	stopped  bool
	changed  chan struct{}
	cancel   context.CancelFunc
	stats    *MessageStats
	index    int // the reply's number on the server, from 1
	// cutTokens, when not negative, is the number of token events after
	// which the first stream (the POST) ends without [DONE].
	cutTokens int
	// turnExchange is the turn's exchange id (its WebSocket topic is
	// conversation-turn-<turnExchange>).
	turnExchange string
	// handoffAt, when positive, is the number of events the POST sends
	// before it hands the turn off (stream_handoff, [DONE]); the rest
	// comes to the page's resume POST.
	handoffAt int
	// maxTokensAt, when positive, is the number of tokens after which the
	// reply stops at the output limit (fault max_tokens).
	maxTokensAt int
	// contFrom, when not negative, makes this reply the continuation of a
	// reply that stopped at the output limit: it streams the line's tokens
	// from this index into the same message (see continue.go).
	contFrom int
	// prefix is the text a raw continuation follows (the document's
	// answer is prefix + the line's reply).
	prefix string
}

// push appends events and wakes the streams. s.mu must be held.
func (rp *reply) push(evs ...event) {
	rp.events = append(rp.events, evs...)
	close(rp.changed)
	rp.changed = make(chan struct{})
}

// splitTokens cuts a reply into stream tokens: a word with the white space
// after it, long runs cut at 24 bytes on rune boundaries. Joined, the tokens
// are the text.
func splitTokens(text string) []string {
	const maxToken = 24
	var out []string
	for len(text) > 0 {
		end := 0
		for end < len(text) && !isSpace(text[end]) {
			end++
		}
		for end < len(text) && isSpace(text[end]) {
			end++
		}
		if end > maxToken {
			end = maxToken
			for end > 0 && !utf8.RuneStart(text[end]) {
				end--
			}
			if end == 0 {
				_, end = utf8.DecodeRuneInString(text)
			}
		}
		out = append(out, text[:end])
		text = text[end:]
	}
	return out
}

func isSpace(b byte) bool { return b == ' ' || b == '\n' || b == '\t' || b == '\r' }

// gap is the pause between streamed tokens of line l.
func (s *Server) gap(l model.ScriptLine) time.Duration {
	if l.StreamMS > 0 {
		return time.Duration(l.StreamMS) * time.Millisecond
	}
	return s.opts.StreamGap
}

// sleep waits d or until ctx ends; it reports whether the wait completed.
func sleep(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return ctx.Err() == nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}

// generate produces reply rp: the think time, the scenario extras, the
// streamed tokens and the end of the stream. It runs in its own goroutine,
// independent of any HTTP request, until it finishes, the page stops it or
// the server closes.
func (s *Server) generate(ctx context.Context, rp *reply) {
	defer rp.cancel()
	l := rp.line
	gap := s.gap(l)
	if !sleep(ctx, time.Duration(l.DelayMS)*time.Millisecond) || !s.awaitRelease(ctx, &s.heldReplies) {
		s.interrupt(rp)
		return
	}
	if l.Fault == FaultThoughts && !s.emitExtras(ctx, rp, gap) {
		s.interrupt(rp)
		return
	}
	s.startMain(rp)
	text := l.Reply
	if l.Fault == FaultEmpty || l.Fault == FaultBlocked {
		text = ""
	}
	toks := splitTokens(text)
	if rp.contFrom >= 0 {
		toks = toks[min(rp.contFrom, len(toks)):]
	}
	limited := rp.maxTokensAt > 0 && rp.maxTokensAt < len(toks)
	if limited {
		toks = toks[:rp.maxTokensAt]
	}
	if !s.streamTokens(ctx, rp, toks, gap) {
		s.interrupt(rp)
		return
	}
	last := ""
	if len(toks) > 0 {
		last = toks[len(toks)-1]
	}
	finish := "stop"
	if limited {
		finish = "max_tokens"
	}
	s.moderate(rp)
	s.finishAs(rp, last, finish)
}

// streamTokens appends all tokens but the last (which the final patch
// carries) to the main message, one event each, except that every tenth
// event carries two tokens in a patch. Without a gap the events go out in
// batches, as fast as a client reads them; with one, each is its own
// flush. It reports false when ctx ended.
func (s *Server) streamTokens(ctx context.Context, rp *reply, toks []string, gap time.Duration) bool {
	var pend []event
	var pendText strings.Builder
	pendN := 0
	flush := func() {
		s.mu.Lock()
		rp.msg.Content.Parts[0] += pendText.String()
		rp.stats.Tokens += pendN
		rp.push(pend...)
		s.mu.Unlock()
		pend, pendN = nil, 0
		pendText.Reset()
	}
	full := true // the next token event uses the long form
	halfway := false
	for i := 0; i < len(toks)-1; i++ {
		if i > 0 && gap > 0 && !sleep(ctx, gap) {
			return false
		}
		// HoldStream and HoldLine stop here, mid-reply (at the first token
		// past the half: a paired event skips one index).
		if !halfway && i >= len(toks)/2 {
			halfway = true
			if len(pend) > 0 {
				flush()
			}
			if !s.awaitStream(ctx, rp) {
				return false
			}
		}
		var ev event
		added, n := toks[i], 1
		switch {
		case full:
			ev, full = sseDelta(evToken, appendFull(pathParts, toks[i])), false
		case i%10 == 9 && i+2 < len(toks):
			ops := []op{appendFull(pathParts, toks[i]), appendFull(pathParts, toks[i+1])}
			ev, added, n, full = patchEvent(evToken, true, ops), toks[i]+toks[i+1], 2, true
			ev.pair = true
			i++
		default:
			ev = sseDelta(evToken, op{V: toks[i]})
		}
		pend = append(pend, ev)
		pendText.WriteString(added)
		pendN += n
		if gap > 0 || len(pend) >= 256 {
			flush()
			if ctx.Err() != nil {
				return false
			}
		}
	}
	if len(pend) > 0 {
		flush()
	}
	return len(toks) < 2 || sleep(ctx, gap)
}

// startMain adds the main assistant message to the conversation and the
// stream.
func (s *Server) startMain(rp *reply) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := time.Now()
	if rp.contFrom >= 0 {
		s.continueMainLocked(rp)
		return
	}
	m := &Message{
		ID:        newUUID(),
		Author:    Author{Role: "assistant", Metadata: map[string]any{}},
		Content:   Content{ContentType: "text", Parts: []string{""}},
		Status:    "in_progress",
		Weight:    1,
		Recipient: "all",
		Metadata:  Metadata{ModelSlug: rp.model},
	}
	if rp.line.Fault == FaultDOMDiffers {
		m.Metadata.MockRender = "lossy"
	}
	rp.conv.add(m, rp.conv.current, now)
	rp.msg = m
	rp.stats.MessageID = m.ID
	rp.stats.Started = now
	m.Channel = new("final")
	rp.push(markerEvent(rp.conv.id, m.ID, "user_visible_token"), implicitAdd(evAdd, m, rp.conv.id, rp.adds))
	rp.adds++
	if rp.newTitle {
		// The title comes mid-stream, as on the real page.
		rp.newTitle = false
		rp.conv.title = titleFrom(rp.conv.nodes[rp.userID].Message.Text())
		rp.push(typed(evOther, typedEvent{Type: "title_generation", Title: rp.conv.title, ConversationID: rp.conv.id}))
	}
	s.bumpLocked()
}

// moderate sends the reply's moderation event, for the faults that have
// one: blocked (the content policy removed the reply) or flagged.
func (s *Server) moderate(rp *reply) {
	f := rp.line.Fault
	if f != FaultBlocked && f != FaultFlagged {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	rp.push(moderationEvent(rp.conv.id, rp.msg.ID, f == FaultBlocked))
	s.bumpLocked()
}

// finish ends the main message with its last token, then the stream:
// a reply stopped by the page is interrupted, any other one complete.
func (s *Server) finish(rp *reply, last string, stopped bool) {
	if stopped {
		s.finishAs(rp, last, "interrupted")
		return
	}
	s.finishAs(rp, last, "stop")
}

// finishAs ends the main message with its last token and finish type
// (stop, max_tokens or interrupted), then the stream.
func (s *Server) finishAs(rp *reply, last, finish string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := time.Now()
	stopped := finish == "interrupted"
	var ops []op
	var marker []event
	if !stopped {
		marker = append(marker, markerEvent(rp.conv.id, rp.msg.ID, "last_token"))
	}
	if last != "" {
		ops = append(ops, appendFull(pathParts, last))
		rp.msg.Content.Parts[0] += last
		rp.stats.Tokens++
	}
	status, endTurn := "finished_successfully", finish == "stop"
	if stopped {
		status = "finished_partial_completion"
	}
	ops = append(ops, finishOps(status, endTurn, finish)...)
	rp.msg.Status = status
	rp.msg.EndTurn = new(endTurn)
	rp.msg.UpdateTime = new(unixSeconds(now))
	rp.msg.Metadata.IsComplete = true
	rp.msg.Metadata.FinishDetails = &FinishDetails{Type: finish}
	if finish == "stop" {
		rp.msg.Metadata.FinishDetails.StopTokens = []int{200002}
	}
	rp.conv.updated = now
	evs := append(marker, patchEvent(evFinal, false, ops))
	if rp.newTitle {
		rp.conv.title = titleFrom(rp.conv.nodes[rp.userID].Message.Text())
		evs = append(evs, typed(evOther, typedEvent{Type: "title_generation", Title: rp.conv.title, ConversationID: rp.conv.id}))
	}
	if kind := modalKind(rp.line.Fault); kind != "" && !stopped {
		evs = append(evs, typed(evOther, typedEvent{Type: "mock_notice", Kind: kind, ConversationID: rp.conv.id}))
	}
	evs = append(evs,
		streamComplete(rp.conv.id),
		doneEvent())
	rp.push(evs...)
	s.endLocked(rp, now, stopped)
}

// interrupt ends a reply whose context ended: stopped by the page (the
// partial message is kept and the stream ends normally) or by Close (the
// stream just stops).
func (s *Server) interrupt(rp *reply) {
	s.mu.Lock()
	stopped := rp.stopped && s.ctx.Err() == nil
	hasMsg := rp.msg != nil
	s.mu.Unlock()
	switch {
	case stopped && hasMsg:
		s.finish(rp, "", true)
	case stopped:
		s.mu.Lock()
		rp.push(streamComplete(rp.conv.id), doneEvent())
		s.endLocked(rp, time.Now(), true)
		s.mu.Unlock()
	default:
		s.mu.Lock()
		s.endLocked(rp, time.Now(), false)
		s.mu.Unlock()
	}
}

// endLocked marks rp done. s.mu must be held.
func (s *Server) endLocked(rp *reply, now time.Time, stopped bool) {
	rp.done = true
	rp.stats.Completed = now
	rp.stats.Stopped = stopped
	close(rp.changed)
	rp.changed = make(chan struct{})
	s.bumpLocked()
}
