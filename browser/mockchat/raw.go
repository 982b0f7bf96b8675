package mockchat

import (
	"bytes"
	"net/http"
	"regexp"
	"strings"
	"time"
)

// A script line with "sse" (and "resume_sse") replays raw traffic: the
// bodies are served verbatim, event by event, with only the placeholders
// replaced. The conversation document holds the line's reply as the
// answer, in progress until the last body was served.

// endTurnRE finds the op that ends a turn's answer (end_turn set true),
// also inside a JSON string (a WebSocket item) and with the keys in any
// order: the bench and the tests time the last token by it (endsAnswer).
var endTurnRE = regexp.MustCompile(`/message/end_turn\\?"(,\\?"o\\?":\\?"replace\\?")?,\\?"v\\?":true`)

// snapshotEndRE and assistantRE find a whole-message snapshot of an
// assistant message with end_turn true (an answer sent as snapshots).
var (
	snapshotEndRE = regexp.MustCompile(`\\?"end_turn\\?":true`)
	assistantRE   = regexp.MustCompile(`\\?"role\\?":\\?"assistant\\?"`)
)

// endsAnswer reports whether a raw event ends the turn's answer.
func endsAnswer(ev string) bool {
	return endTurnRE.MatchString(ev) || snapshotEndRE.MatchString(ev) && assistantRE.MatchString(ev)
}

// rawPlaceholders replaces the placeholders of a raw body for reply rp.
// s.mu must be held.
func rawPlaceholders(rp *reply, body string) string {
	aid := ""
	if rp.msg != nil {
		aid = rp.msg.ID
	}
	return strings.NewReplacer(
		"{{conversation_id}}", rp.conv.id,
		"{{user_message_id}}", rp.userID,
		"{{assistant_message_id}}", aid,
	).Replace(body)
}

// splitEvents cuts an SSE body into its events, each with its blank line;
// a last event without one is kept as it is (a cut stream).
func splitEvents(body string) []string {
	var out []string
	for body != "" {
		i := strings.Index(body, "\n\n")
		if i < 0 {
			out = append(out, body)
			break
		}
		out = append(out, body[:i+2])
		body = body[i+2:]
	}
	return out
}

// startRaw adds the answer of a raw line to the conversation, in progress.
// s.mu must be held.
func (s *Server) startRaw(rp *reply, now time.Time) {
	for _, topic := range wsTopics(rp.line.WS) {
		s.wsTurns[topic] = rp
	}
	if rp.contFrom >= 0 {
		// A continuation: the same message, its text growing by the reply.
		m := rp.msg
		m.Status, m.EndTurn = "in_progress", nil
		m.Metadata.IsComplete, m.Metadata.FinishDetails = false, nil
		m.Content.Parts = []string{rp.prefix + rp.line.Reply}
		rp.stats.MessageID, rp.stats.Started = m.ID, now
		s.bumpLocked()
		return
	}
	m := &Message{
		ID:        newUUID(),
		Author:    Author{Role: "assistant", Metadata: map[string]any{}},
		Content:   Content{ContentType: "text", Parts: []string{rp.line.Reply}},
		Status:    "in_progress",
		Weight:    1,
		Recipient: "all",
		Channel:   new("final"),
		Metadata:  Metadata{ModelSlug: rp.model},
	}
	rp.conv.add(m, rp.conv.current, now)
	rp.msg = m
	rp.stats.MessageID = m.ID
	rp.stats.Started = now
	s.bumpLocked()
}

// serveRaw writes a raw body for rp event by event (the line's stream_ms
// apart) and, when last, finishes the answer once it was all written.
func (s *Server) serveRaw(w http.ResponseWriter, r *http.Request, rp *reply, body string, last bool) {
	s.mu.Lock()
	body = rawPlaceholders(rp, body)
	s.streams++
	rp.stats.Streams++
	s.bumpLocked()
	gap := s.gap(rp.line)
	s.mu.Unlock()
	startSSE(w)
	rc := http.NewResponseController(w)
	for i, ev := range splitEvents(body) {
		if i > 0 && !sleep(r.Context(), gap) {
			return
		}
		// Noted before the write: a client cannot have the event
		// earlier, and once it has it, it (and a test reading the stats)
		// may act before this goroutine runs again.
		end := endsAnswer(ev)
		s.noteFlush(rp, time.Now(), i == 0, end, bytes.Contains([]byte(ev), []byte("data: [DONE]")))
		if _, err := w.Write([]byte(ev)); err != nil {
			return
		}
		if err := rc.Flush(); err != nil {
			return
		}
		// HoldStream keeps a raw stream open right after its answer's
		// end, as the real POST can stay open after end_turn.
		if end && !s.awaitStream(r.Context(), rp) {
			return
		}
	}
	if last {
		s.finishRaw(rp)
	}
}

// finishRaw marks the raw answer finished in the document.
func (s *Server) finishRaw(rp *reply) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if rp.done {
		return
	}
	now := time.Now()
	m := rp.msg
	m.Status = "finished_successfully"
	m.EndTurn = new(true)
	m.UpdateTime = new(unixSeconds(now))
	m.Metadata.IsComplete = true
	m.Metadata.FinishDetails = &FinishDetails{Type: "stop", StopTokens: []int{200002}}
	if rawStopsAtLimit(rp) {
		m.EndTurn = new(false)
		m.Metadata.FinishDetails = &FinishDetails{Type: "max_tokens"}
	}
	rp.stats.Tokens = len(splitTokens(rp.line.Reply))
	if rp.newTitle {
		rp.conv.title = titleFrom(rp.conv.nodes[rp.userID].Message.Text())
	}
	rp.conv.updated = now
	s.endLocked(rp, now, false)
}
