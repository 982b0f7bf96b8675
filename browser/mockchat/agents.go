package mockchat

import (
	"strings"

	"github.com/wtagent/wtagent/model"
)

// Sub-agents' conversations: a script line with an "agent" serves only the
// sub-agent whose task contains its text (model.AgentLines), as the
// scripted provider routes them, so several conversations in several tabs
// answer deterministically whatever order their messages arrive in. Each
// route has its own cursor, and each line its own delay_ms and stream_ms
// (a conversation's own delays).

// agentRoute returns the agent texts a new chat's first message names
// (joined by "|"), or "" for the main conversation. A new chat is a
// sub-agent's when its first message contains the "agent" text of a script
// line and a main conversation exists already: sub-agents start from the
// main run, so the main conversation's first message is never taken for
// one. s.mu must be held.
func (s *Server) agentRoute(text string) string {
	if !s.mainStarted {
		return ""
	}
	var names []string
	seen := map[string]bool{}
	for _, l := range s.opts.Script {
		if l.Agent != "" && !seen[l.Agent] && strings.Contains(text, l.Agent) {
			seen[l.Agent] = true
			names = append(names, l.Agent)
		}
	}
	return strings.Join(names, "|")
}

// newChatCursor returns the cursor that answers the first message of a new
// chat: its sub-agent's (one per route, or per chat with ScriptPerChat),
// else the main conversation's. s.mu must be held.
func (s *Server) newChatCursor(text string) *cursor {
	route := s.agentRoute(text)
	switch {
	case route == "" && !s.opts.ScriptPerChat:
		return &s.cur
	case route == "":
		return s.fresh
	case s.opts.ScriptPerChat:
		return &cursor{route: route, lines: model.AgentLines(s.opts.Script, text)}
	}
	c := s.agents[route]
	if c == nil {
		c = &cursor{route: route, lines: model.AgentLines(s.opts.Script, text)}
		s.agents[route] = c
	}
	return c
}
