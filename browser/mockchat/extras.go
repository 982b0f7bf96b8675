package mockchat

import (
	"context"
	"time"
)

// emitExtras streams the messages a reasoning model with web search sends
// before its answer (fault "thoughts"): a thoughts message, a code message
// to recipient web.run, the tool's result and a reasoning recap. The
// adapter must ignore all four. It reports false when ctx ended.
func (s *Server) emitExtras(ctx context.Context, rp *reply, gap time.Duration) bool {
	step := max(gap, 20*time.Millisecond)
	thoughts := &Message{
		Author:  Author{Role: "assistant", Metadata: map[string]any{}},
		Content: Content{ContentType: "thoughts", Thoughts: []Thought{}, SourceAnalysisMsgID: newUUID()},
	}
	s.extraStart(rp, thoughts, "all")
	steps := []Thought{
		{Summary: "Reading the request", Content: "The user wants an answer in the agreed XML envelope.", Finished: true},
		{Summary: "Checking the project", Content: "I should look something up before answering.", Finished: true},
	}
	for _, t := range steps {
		if !sleep(ctx, step) {
			return false
		}
		s.mu.Lock()
		thoughts.Content.Thoughts = append(thoughts.Content.Thoughts, t)
		rp.push(sseDelta(evOther, appendFull(pathThoughts, []Thought{t})))
		s.mu.Unlock()
	}
	s.extraEnd(rp, thoughts)

	search := &Message{
		Author:  Author{Role: "assistant", Metadata: map[string]any{}},
		Content: Content{ContentType: "code", Language: "unknown", Text: new("")},
	}
	s.extraStart(rp, search, "web.run")
	query := `{"search_query":[{"q":"wtagent agent_response protocol"}]}`
	for _, part := range splitTokens(query) {
		if !sleep(ctx, gap) {
			return false
		}
		s.mu.Lock()
		*search.Content.Text += part
		rp.push(sseDelta(evOther, appendFull(pathCode, part)))
		s.mu.Unlock()
	}
	s.extraEnd(rp, search)

	tool := &Message{
		Author:  Author{Role: "tool", Name: new("web.run"), Metadata: map[string]any{}},
		Content: Content{ContentType: "text", Parts: []string{"Searched 3 sites: no results relevant to the reply."}},
	}
	s.extraStart(rp, tool, "all")
	s.extraEnd(rp, tool)

	if !sleep(ctx, step) {
		return false
	}
	recap := &Message{
		Author:  Author{Role: "assistant", Metadata: map[string]any{}},
		Content: Content{ContentType: "reasoning_recap", Recap: "Thought for 2s"},
	}
	s.extraStart(rp, recap, "all")
	s.extraEnd(rp, recap)
	return true
}

// extraStart adds a side message to the conversation and the stream.
func (s *Server) extraStart(rp *reply, m *Message, recipient string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m.ID = newUUID()
	m.Status = "in_progress"
	m.Weight = 1
	m.Recipient = recipient
	m.Metadata.ModelSlug = rp.model
	rp.conv.add(m, rp.conv.current, time.Now())
	rp.push(implicitAdd(evOther, m, rp.conv.id, rp.adds))
	rp.adds++
}

// extraEnd finishes a side message.
func (s *Server) extraEnd(rp *reply, m *Message) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m.Status = "finished_successfully"
	m.EndTurn = new(false)
	m.UpdateTime = new(unixSeconds(time.Now()))
	rp.push(patchEvent(evOther, true, []op{replaceOp(pathStatus, "finished_successfully"), replaceOp(pathEndTurn, false)}))
}
