package mockchat

import (
	"context"
	"net/http"
	"regexp"
	"time"

	"github.com/wtagent/wtagent/model"
)

// A reply that stopped at the output limit (finish_details max_tokens: a
// line with fault max_tokens, or a raw body saying so) shows a "Continue
// generating" button. The page then POSTs /backend-api/f/conversation with
// {"action":"continue","conversation_id","parent_message_id":<the answer>}
// and no messages; the continuation streams into the same message (same
// id, added again with the text so far, then appended to). A generated
// reply continues with the rest of its line; a raw one is continued by the
// next script line (its reply appended to the answer in the document).

// actionContinue is the POST action that continues a reply.
const actionContinue = "continue"

// maxTokensRE finds a finish_details of type max_tokens in a raw body, also
// inside a JSON string.
var maxTokensRE = regexp.MustCompile(`\\?"type\\?"\s*:\s*\\?"max_tokens\\?"`)

// decideContinue answers a continue action: the checks of a send, then a
// continuation of the conversation's newest reply, which must have stopped
// at the output limit.
func (s *Server) decideContinue(r *http.Request, req *sendRequest) answer {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := time.Now()
	switch {
	case s.closed:
		return answer{status: http.StatusServiceUnavailable, body: map[string]any{"detail": "server closed"}}
	case !s.authorizedLocked(r):
		return answer{status: http.StatusUnauthorized, body: map[string]any{"detail": textUnauthorized}}
	case s.challenge:
		return answer{challenge: true}
	}
	c := s.convs[req.ConversationID]
	if c == nil {
		return answer{status: http.StatusNotFound, body: map[string]any{"detail": "Conversation not found"}}
	}
	prev := c.last
	if prev != nil && !prev.done {
		return answer{status: http.StatusConflict, body: map[string]any{"detail": textBusy}}
	}
	if prev == nil || prev.msg == nil || prev.msg.ID != req.ParentMessageID || prev.msg.Metadata.FinishDetails == nil ||
		prev.msg.Metadata.FinishDetails.Type != "max_tokens" {
		return answer{status: http.StatusBadRequest, body: map[string]any{"detail": "bad request: nothing to continue"}}
	}
	line, from := prev.line, prev.contFrom+prev.maxTokensAt
	if prev.contFrom < 0 {
		from = prev.maxTokensAt
	}
	if prev.line.SSE != "" {
		cur := s.cursorFor(c)
		next, fromPending, ok := cur.peek()
		if !ok {
			return answer{events: []event{encodingEvent(), errorEvent(c.id, "mockchat: the script has no line left to continue the reply"), doneEvent()}}
		}
		if fromPending {
			cur.pending = nil
		} else {
			cur.next++
		}
		line, from = next, 0
	}
	s.logf("continue: line %d continues message %s", line.Line, prev.msg.ID)
	return answer{reply: s.startContinuation(prev, line, from, now)}
}

// startContinuation creates the reply that continues prev with line's
// tokens from index from. s.mu must be held.
func (s *Server) startContinuation(prev *reply, line model.ScriptLine, from int, now time.Time) *reply {
	ctx, cancel := context.WithCancel(s.ctx)
	st := &MessageStats{ConversationID: prev.conv.id, Line: line.Line, Received: now}
	s.stats = append(s.stats, st)
	rp := &reply{
		conv: prev.conv, userID: prev.userID, line: line, model: prev.model, changed: make(chan struct{}),
		cancel: cancel, stats: st, index: len(s.stats), cutTokens: -1, contFrom: from, msg: prev.msg, prefix: prev.msg.Text(),
		turnExchange: newUUID(),
	}
	rp.events = []event{encodingEvent(), resumeTokenEvent(prev.conv.id), steMetadata(prev.conv.id, prev.model, rp.turnExchange)}
	prev.conv.last = rp
	return s.startGenerating(ctx, cancel, rp, now)
}

// continueMainLocked reopens the message a continuation goes on with: it
// is added again (long form, with its text so far) and streams on.
// s.mu must be held.
func (s *Server) continueMainLocked(rp *reply) {
	m := rp.msg
	m.Status = "in_progress"
	m.EndTurn = nil
	m.Metadata.IsComplete = false
	m.Metadata.FinishDetails = nil
	rp.stats.MessageID = m.ID
	rp.stats.Started = time.Now()
	rp.push(markerEvent(rp.conv.id, m.ID, "user_visible_token"), addEvent(evAdd, m, rp.conv.id, rp.adds))
	rp.adds++
	s.bumpLocked()
}

// rawStopsAtLimit reports whether a raw line's bodies end its answer at
// the output limit.
func rawStopsAtLimit(rp *reply) bool {
	body := rp.line.SSE + rp.line.ResumeSSE
	for _, f := range rp.line.WS {
		body += f
	}
	return maxTokensRE.MatchString(body)
}
