package mockchat

import (
	"context"
	"encoding/json"
	"net/http"
	"regexp"
	"time"

	"github.com/coder/websocket"
)

// The user's WebSocket, as on the real page: GET
// /backend-api/celsius/ws/user names the socket's URL (here on the mock's
// own host), the page connects, subscribes to a turn's topic
// (conversation-turn-<turn_exchange_id>) after a hand-off, and gets the
// subscribe reply with its catch-ups, then live frames whose
// encoded_item carries the turn's v1 stream. A script line's "ws" frames
// are served verbatim (placeholders replaced) once the page subscribes to
// the topic they name.

// topicRE finds the topic a raw frame names.
var topicRE = regexp.MustCompile(`"topic_id"\s*:\s*"(conversation-turn-[^"]+)"`)

// wsTopics returns the turn topics a line's frames name.
func wsTopics(frames []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, f := range frames {
		for _, m := range topicRE.FindAllStringSubmatch(f, -1) {
			if !seen[m[1]] {
				seen[m[1]] = true
				out = append(out, m[1])
			}
		}
	}
	return out
}

// handleWSURL answers GET /backend-api/celsius/ws/user.
func (s *Server) handleWSURL(w http.ResponseWriter, r *http.Request) {
	if !s.guardAPI(w, r) {
		return
	}
	s.mu.Lock()
	verify := s.token
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]any{
		"websocket_url": "ws://" + r.Host + "/backend-api/ws/user/user-mockchat?verify=" + verify,
	})
}

// wsCommand is one client command: [{"id":1,"command":{"type":"connect"}}].
type wsCommand struct {
	ID      int `json:"id"`
	Command struct {
		Type    string `json:"type"`
		TopicID string `json:"topic_id"`
	} `json:"command"`
}

// handleWS serves the socket.
func (s *Server) handleWS(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	ok := s.loggedIn && s.token != "" && r.URL.Query().Get("verify") == s.token
	s.mu.Unlock()
	if !ok {
		writeJSON(w, http.StatusUnauthorized, map[string]any{"detail": textUnauthorized})
		return
	}
	c, err := websocket.Accept(w, r, nil)
	if err != nil {
		return
	}
	defer c.CloseNow()
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()
	stop := context.AfterFunc(s.ctx, cancel)
	defer stop()
	for {
		_, data, err := c.Read(ctx)
		if err != nil {
			return
		}
		var cmds []wsCommand
		if json.Unmarshal(data, &cmds) != nil {
			continue // keep-alive "[]" or noise
		}
		for _, cmd := range cmds {
			if err := s.wsCommand(ctx, c, cmd); err != nil {
				return
			}
		}
	}
}

// wsCommand answers one command; a subscribe to a turn topic also starts
// the turn's frames.
func (s *Server) wsCommand(ctx context.Context, c *websocket.Conn, cmd wsCommand) error {
	reply := map[string]any{"type": cmd.Command.Type}
	if cmd.Command.Type == "subscribe" {
		reply["topic_id"] = cmd.Command.TopicID
		reply["catchups"] = []any{}
	}
	if err := c.Write(ctx, websocket.MessageText, marshal(map[string]any{"id": cmd.ID, "type": "reply", "reply": reply})); err != nil {
		return err
	}
	if cmd.Command.Type != "subscribe" {
		return nil
	}
	s.mu.Lock()
	rp := s.wsTurns[cmd.Command.TopicID]
	var frames []string
	var gap time.Duration
	if rp != nil {
		for _, f := range rp.line.WS {
			frames = append(frames, rawPlaceholders(rp, f))
		}
		gap = s.gap(rp.line)
	}
	s.mu.Unlock()
	if rp == nil {
		return nil
	}
	s.wg.Go(func() { s.sendFrames(ctx, c, rp, frames, gap) })
	return nil
}

// sendFrames sends a turn's frames and then finishes its answer.
func (s *Server) sendFrames(ctx context.Context, c *websocket.Conn, rp *reply, frames []string, gap time.Duration) {
	for i, f := range frames {
		if i > 0 && !sleep(ctx, gap) {
			return
		}
		if endsAnswer(f) {
			s.noteFlush(rp, time.Now(), false, true, false) // before the client can have it
		}
		if err := c.Write(ctx, websocket.MessageText, []byte(f)); err != nil {
			return
		}
	}
	s.finishRaw(rp)
}
