package mockchat

import (
	"net/http"
	"strconv"
)

// handleLinear answers GET /backend-api/conversations/<id>, the read the
// 2026-09 page itself uses (include_has_versions=true&num_turns=N): the
// active branch as a linear list {messages, page_info}, the newest
// num_turns turns (a turn starts at a user message; default 10; at most
// Options.LinearTurns when set). Older turns are left out
// (page_info.has_previous_page); the page would fetch them from
// …/messages?before=, which the mock does not serve.
func (s *Server) handleLinear(w http.ResponseWriter, r *http.Request) {
	doc, ok := s.requestedConversation(w, r)
	if !ok {
		return
	}
	turns, err := strconv.Atoi(r.URL.Query().Get("num_turns"))
	if err != nil || turns <= 0 {
		turns = 10
	}
	if n := s.opts.LinearTurns; n > 0 {
		turns = min(turns, n)
	}
	branch := doc.Branch()
	var users []int
	for i, m := range branch {
		if m.Author.Role == "user" {
			users = append(users, i)
		}
	}
	start := 0
	if len(users) > turns {
		start = users[len(users)-turns]
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"conversation_id": doc.ID,
		"current_node":    doc.CurrentNode,
		"messages":        branch[start:],
		"page_info":       map[string]any{"has_previous_page": start > 0},
	})
}
