package mockchat

import (
	"encoding/json"
	"io"
	"net/http"
)

// resumeRequest is the body of POST /backend-api/f/conversation/resume:
// the conversation and the number of SSE events the page already has.
type resumeRequest struct {
	ConversationID string `json:"conversation_id"`
	Offset         int    `json:"offset"`
}

// handleResume answers POST /backend-api/f/conversation/resume: the rest
// of the conversation's newest reply from the page's offset, live while it
// is generated, or a raw line's resume_sse. 404 when there is nothing to
// resume (the page then reads the conversation).
func (s *Server) handleResume(w http.ResponseWriter, r *http.Request) {
	if !s.guardAPI(w, r) {
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 1<<20))
	var req resumeRequest
	if err == nil {
		err = json.Unmarshal(body, &req)
	}
	if err != nil || req.ConversationID == "" {
		writeJSON(w, http.StatusBadRequest, map[string]any{"detail": "want {conversation_id, offset}"})
		return
	}
	s.logf("resume of %s from offset %d", req.ConversationID, req.Offset)
	s.mu.Lock()
	var rp *reply
	if c := s.convs[req.ConversationID]; c != nil && c.last != nil {
		// The newest reply while it runs, or while it is still the tip.
		if l := c.last; !l.done || l.msg != nil && c.current == l.msg.ID {
			rp = l
		}
	}
	s.mu.Unlock()
	switch {
	case rp == nil:
		writeJSON(w, http.StatusNotFound, map[string]any{"detail": "No stream to resume"})
	case rp.line.SSE != "" && rp.line.ResumeSSE != "":
		s.serveRaw(w, r, rp, rp.line.ResumeSSE, true)
	case rp.line.SSE != "":
		writeJSON(w, http.StatusNotFound, map[string]any{"detail": "No stream to resume"})
	default:
		s.streamReply(w, r, rp, false, s.resumeIndex(rp, req.Offset))
	}
}

// resumeIndex maps the page's offset to the first event of rp to send: a
// hand-off's own events (stream_handoff, [DONE]) are not in rp.events.
func (s *Server) resumeIndex(rp *reply, offset int) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if rp.handoffAt > 0 && offset > rp.handoffAt {
		return rp.handoffAt
	}
	return offset
}

// handleStreamStatus answers GET /backend-api/conversation/<id>/stream_status.
func (s *Server) handleStreamStatus(w http.ResponseWriter, r *http.Request) {
	if !s.guardAPI(w, r) {
		return
	}
	s.mu.Lock()
	c := s.convs[r.PathValue("id")]
	streaming := c != nil && c.last != nil && !c.last.done
	s.mu.Unlock()
	if c == nil {
		writeJSON(w, http.StatusNotFound, map[string]any{"detail": "Conversation not found"})
		return
	}
	status := "NOT_STREAMING"
	if streaming {
		status = "IS_STREAMING"
	}
	writeJSON(w, http.StatusOK, map[string]any{"status": status})
}
