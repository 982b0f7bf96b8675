package mockchat

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/wtagent/wtagent/model"
)

// maxSendBody bounds a conversation POST (a message can hold a big file).
const maxSendBody = 64 << 20

// sendRequest is the page's POST /backend-api/f/conversation body.
type sendRequest struct {
	Action          string        `json:"action"`
	Messages        []sentMessage `json:"messages"`
	ConversationID  string        `json:"conversation_id,omitempty"`
	ParentMessageID string        `json:"parent_message_id"`
	Model           string        `json:"model"`
	ThinkingEffort  string        `json:"thinking_effort,omitempty"`
}

type sentMessage struct {
	ID      string `json:"id"`
	Author  Author `json:"author"`
	Content struct {
		ContentType string            `json:"content_type"`
		Parts       []json.RawMessage `json:"parts"`
	} `json:"content"`
	Metadata struct {
		Attachments []FileRef `json:"attachments"`
	} `json:"metadata"`
}

// errBadRequest marks a malformed POST body.
var errBadRequest = errors.New("bad request")

// readSendRequest decodes and checks a POST body; it returns the message
// text.
func readSendRequest(w http.ResponseWriter, r *http.Request) (*sendRequest, string, error) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxSendBody))
	if err != nil {
		return nil, "", fmt.Errorf("%w: read body: %v", errBadRequest, err)
	}
	var req sendRequest
	if err := json.Unmarshal(body, &req); err != nil {
		return nil, "", fmt.Errorf("%w: %v", errBadRequest, err)
	}
	if req.Action == actionContinue {
		if req.ConversationID == "" || req.ParentMessageID == "" || len(req.Messages) != 0 {
			return nil, "", fmt.Errorf("%w: continue wants conversation_id, parent_message_id and no messages", errBadRequest)
		}
		return &req, "", nil
	}
	if req.Action != "next" && req.Action != "variant" {
		return nil, "", fmt.Errorf("%w: action %q is neither next, variant nor continue", errBadRequest, req.Action)
	}
	if len(req.Messages) != 1 || req.Messages[0].Author.Role != "user" {
		return nil, "", fmt.Errorf("%w: want exactly one user message", errBadRequest)
	}
	m := req.Messages[0]
	if m.Content.ContentType != "text" || len(m.Content.Parts) != 1 {
		return nil, "", fmt.Errorf("%w: want text content with one part", errBadRequest)
	}
	var text string
	if err := json.Unmarshal(m.Content.Parts[0], &text); err != nil {
		return nil, "", fmt.Errorf("%w: the part is not a string", errBadRequest)
	}
	return &req, text, nil
}

// answer is what the server replies to a POST: a JSON error, the challenge
// page, a complete error stream, or a reply's live stream.
type answer struct {
	status    int
	body      any
	challenge bool
	events    []event
	reply     *reply
}

// The texts of the error answers.
const (
	textUnauthorized = "Could not parse your authentication token. Please try signing in again."
	textExpired      = "Your session has expired. Please log in again."
	textBusy         = "Only one message at a time. Please allow any other responses to complete before sending another message, or wait one minute."
	textUsageLimit   = "You've reached your usage limit. Please try again later, or upgrade to Plus for higher limits."
	textSomething    = "Something went wrong while generating the response. If this issue persists please contact us through our help center."
	textTooLong      = "The conversation is too long, please start a new one."
)

// handleSend answers POST /backend-api/f/conversation.
func (s *Server) handleSend(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.sends++
	n := s.sends
	s.mu.Unlock()
	req, text, err := readSendRequest(w, r)
	if err != nil {
		writeJSON(w, http.StatusBadRequest, map[string]any{"detail": err.Error()})
		return
	}
	var a answer
	if req.Action == actionContinue {
		a = s.decideContinue(r, req)
	} else {
		a = s.decide(r, req, text)
	}
	if !s.awaitResponse(r.Context(), n) {
		return
	}
	switch {
	case a.challenge:
		s.writeChallenge(w, r)
	case a.reply != nil && a.reply.line.SSE != "":
		s.serveRaw(w, r, a.reply, a.reply.line.SSE, a.reply.line.ResumeSSE == "" && len(a.reply.line.WS) == 0)
	case a.reply != nil:
		s.streamReply(w, r, a.reply, true, 0)
	case a.events != nil:
		writeEvents(w, a.events)
	default:
		writeJSON(w, a.status, a.body)
	}
}

// exchange is one POST being decided. s.mu is held throughout.
type exchange struct {
	s    *Server
	req  *sendRequest
	text string
	now  time.Time
	conv *conversation // nil for a new chat
	cur  *cursor       // the script cursor that answers it
	rec  Received
}

// decide records the message and chooses the answer: the checks a real
// server makes first (admit), then the script line (a pending one first),
// its expect, then its fault.
func (s *Server) decide(r *http.Request, req *sendRequest, text string) answer {
	s.mu.Lock()
	defer s.mu.Unlock()
	x := &exchange{s: s, req: req, text: text, now: time.Now()}
	m := req.Messages[0]
	x.rec = Received{At: x.now, ConversationID: req.ConversationID, MessageID: m.ID, ParentID: req.ParentMessageID,
		Action: req.Action, Model: req.Model, Effort: req.ThinkingEffort, Text: text}
	if a, ok := x.admit(r); !ok {
		return a
	}
	x.cur = s.cursorFor(x.conv)
	if x.conv == nil {
		x.cur = s.newChatCursor(text)
	}
	x.rec.Agent = x.cur.route
	line, fromPending, ok := x.cur.peek()
	if !ok {
		return x.errorStream(OutcomeExhausted, 0,
			fmt.Sprintf("mockchat: the script has no reply left for this message (it has %d lines for %s)", len(x.cur.lines), x.cur.name()))
	}
	if line.Expect != "" && !strings.Contains(text, line.Expect) {
		return x.errorStream(OutcomeExpectMismatch, line.Line,
			fmt.Sprintf("mockchat: script line %d expects the message to contain %q; this message does not", line.Line, line.Expect))
	}
	if fromPending {
		x.cur.pending = nil
	} else {
		x.cur.next++
		if a, refused := x.fault(line); refused {
			return a
		}
	}
	c, user := x.store()
	rp := s.startReply(c, user, line, req.Model, x.now, fromPending)
	x.rec.ConversationID = c.id
	x.record(OutcomeAnswered, line.Line, "")
	return answer{reply: rp}
}

// admit makes the checks before the script: attachments, the token,
// challenge mode, the conversation and whether it is busy.
func (x *exchange) admit(r *http.Request) (answer, bool) {
	s := x.s
	for _, ref := range x.req.Messages[0].Metadata.Attachments {
		f, ok := s.files[ref.ID]
		if !ok {
			return answer{status: http.StatusBadRequest, body: map[string]any{"detail": fmt.Sprintf("bad request: unknown file %q", ref.ID)}}, false
		}
		x.rec.Attachments = append(x.rec.Attachments, f.Attachment)
	}
	switch {
	case s.closed:
		return answer{status: http.StatusServiceUnavailable, body: map[string]any{"detail": "server closed"}}, false
	case !s.authorizedLocked(r):
		x.record(OutcomeUnauthorized, 0, textUnauthorized)
		return answer{status: http.StatusUnauthorized, body: map[string]any{"detail": textUnauthorized}}, false
	case s.challenge:
		x.record(OutcomeChallenged, 0, "")
		return answer{challenge: true}, false
	}
	if id := x.req.ConversationID; id != "" {
		if x.conv = s.convs[id]; x.conv == nil {
			return answer{status: http.StatusNotFound, body: map[string]any{"detail": "Conversation not found"}}, false
		}
		if x.conv.last != nil && !x.conv.last.done {
			x.record(OutcomeBusy, 0, textBusy)
			return answer{status: http.StatusConflict, body: map[string]any{"detail": textBusy}}, false
		}
	}
	return answer{}, true
}

// fault applies the fault of a line used for the first time. It reports
// whether the fault refuses the message (and with what); the others only
// change how the reply is produced.
func (x *exchange) fault(line model.ScriptLine) (answer, bool) {
	s := x.s
	switch line.Fault {
	case "", FaultEmpty, FaultCut, FaultModal, FaultRateLimitModal, FaultThoughts, FaultDOMDiffers, FaultMaxTokens,
		FaultBlocked, FaultFlagged:
		return answer{}, false
	case FaultRateLimit:
		x.cur.keepPending(line)
		x.record(OutcomeRateLimited, line.Line, textUsageLimit)
		return answer{status: http.StatusTooManyRequests,
			body: map[string]any{"detail": map[string]any{"message": textUsageLimit, "code": "usage_limit_reached", "clears_in": 10800}}}, true
	case FaultLogout:
		s.logOut()
		x.cur.keepPending(line)
		x.record(OutcomeLoggedOut, line.Line, textExpired)
		return answer{status: http.StatusUnauthorized, body: map[string]any{"detail": textExpired}}, true
	case FaultErrorRetry:
		x.cur.keepPending(line)
		return x.errorStream(OutcomeError, line.Line, textSomething), true
	case FaultTooLong:
		x.cur.keepPending(line)
		return x.errorStream(OutcomeError, line.Line, textTooLong), true
	case FaultChallenge:
		s.challenge = true
		if strings.TrimSpace(line.Reply) == "" {
			x.record(OutcomeChallenged, line.Line, "")
			return answer{challenge: true}, true
		}
		return answer{}, false
	}
	return x.errorStream(OutcomeBadScript, line.Line,
		fmt.Sprintf("mockchat: script line %d has an unknown fault %q", line.Line, line.Fault)), true
}

// record appends the message to Received.
func (x *exchange) record(o Outcome, line int, detail string) {
	x.rec.Outcome, x.rec.Line, x.rec.Detail = o, line, detail
	x.s.received = append(x.s.received, x.rec)
	x.s.logf("message %d: line %d: %s %s", len(x.s.received), line, o, detail)
	x.s.bumpLocked()
}

// errorStream stores the user message and answers with an error in the
// stream, which the page shows as an error card with a retry button.
func (x *exchange) errorStream(o Outcome, line int, detail string) answer {
	c, user := x.store()
	x.rec.ConversationID = c.id
	x.record(o, line, detail)
	return answer{events: []event{encodingEvent(), inputMessageEvent(user, c.id), errorEvent(c.id, detail), doneEvent()}}
}

// cursor is where a script stands: the lines that serve its conversations
// (the main conversation's, or one sub-agent's: its route), the next
// unused line, and a line whose fault fired and that still answers.
type cursor struct {
	route   string
	lines   []model.ScriptLine
	next    int
	pending *model.ScriptLine
}

// name says whose lines the cursor serves.
func (c *cursor) name() string {
	if c.route == "" {
		return "the main conversation"
	}
	return "the sub-agent " + c.route
}

// peek returns the line that answers the next message: a pending line
// first, then the next unused one.
func (c *cursor) peek() (model.ScriptLine, bool, bool) {
	if c.pending != nil {
		return *c.pending, true, true
	}
	if c.next < len(c.lines) {
		return c.lines[c.next], false, true
	}
	return model.ScriptLine{}, false, false
}

// keepPending makes a line whose fault refused a message answer the next
// one (a retry or a resend), if it has a reply.
func (c *cursor) keepPending(l model.ScriptLine) {
	if strings.TrimSpace(l.Reply) != "" {
		c.pending = &l
	}
}

// cursorFor returns the cursor that answers a message to conv (nil: a new
// chat): its own (a sub-agent's chat, or any with ScriptPerChat), else the
// shared one. s.mu must be held.
func (s *Server) cursorFor(conv *conversation) *cursor {
	switch {
	case conv != nil && conv.cur != nil:
		return conv.cur
	case !s.opts.ScriptPerChat:
		return &s.cur
	}
	return s.fresh
}

// store stores the exchange's user message; a new chat takes the fresh
// cursor with it (ScriptPerChat). s.mu must be held.
func (x *exchange) store() (*conversation, *Message) {
	c, user := x.s.storeUser(x.conv, x.req, x.text, x.now)
	switch {
	case c.cur != nil:
	case x.cur.route != "":
		c.cur = x.cur // a sub-agent's chat keeps its own cursor
	case x.s.opts.ScriptPerChat:
		c.cur, x.s.fresh = x.cur, x.s.mainCursor()
	}
	if x.cur.route == "" {
		x.s.mainStarted = true
	}
	return c, user
}

// storeUser adds the user message to conv (a new chat when conv is nil)
// unless it is there already (a retry). s.mu must be held.
func (s *Server) storeUser(conv *conversation, req *sendRequest, text string, now time.Time) (*conversation, *Message) {
	if conv == nil {
		conv = newConversation(now)
		s.convs[conv.id] = conv
	}
	sm := req.Messages[0]
	if n, ok := conv.nodes[sm.ID]; ok && n.Message != nil && n.Message.Author.Role == "user" {
		conv.current = sm.ID
		return conv, n.Message
	}
	id := sm.ID
	if id == "" {
		id = newUUID()
	}
	m := &Message{
		ID:        id,
		Author:    Author{Role: "user", Metadata: map[string]any{}},
		Content:   Content{ContentType: "text", Parts: []string{text}},
		Status:    "finished_successfully",
		Weight:    1,
		Recipient: "all",
		Metadata:  Metadata{Attachments: sm.Metadata.Attachments},
	}
	conv.add(m, conv.parentFor(req.ParentMessageID), now)
	return conv, m
}

// startReply creates the reply and starts its generator. s.mu must be held
// and the server not closed.
func (s *Server) startReply(conv *conversation, user *Message, line model.ScriptLine, slug string, now time.Time, fromPending bool) *reply {
	if slug == "" {
		slug = s.defaultModel()
	}
	if conv.model == "" {
		conv.model = slug
	}
	ctx, cancel := context.WithCancel(s.ctx)
	st := &MessageStats{ConversationID: conv.id, Line: line.Line, Received: now}
	s.stats = append(s.stats, st)
	rp := &reply{
		conv: conv, userID: user.ID, line: line, model: slug,
		newTitle: conv.title == "New chat", changed: make(chan struct{}),
		cancel: cancel, stats: st, index: len(s.stats), cutTokens: -1, contFrom: -1,
	}
	if line.Fault == FaultCut && !fromPending {
		rp.cutTokens = len(splitTokens(line.Reply)) / 2
	}
	if line.Fault == FaultMaxTokens && !fromPending {
		rp.maxTokensAt = max(len(splitTokens(line.Reply))/2, 1)
	}
	rp.turnExchange = newUUID()
	rp.events = []event{encodingEvent(), resumeTokenEvent(conv.id),
		addEvent(evOther, hiddenSystem(), conv.id, 0), inputMessageEvent(user, conv.id),
		steMetadata(conv.id, slug, rp.turnExchange)}
	rp.adds = 1
	conv.last = rp
	return s.startGenerating(ctx, cancel, rp, now)
}

// startGenerating starts rp: a raw line's recorded bodies are served as
// they are (no generator, so ctx is cancelled), anything else is generated
// token by token until ctx ends. s.mu must be held.
func (s *Server) startGenerating(ctx context.Context, cancel context.CancelFunc, rp *reply, now time.Time) *reply {
	if rp.line.SSE != "" {
		cancel()
		s.startRaw(rp, now)
		return rp
	}
	s.wg.Go(func() { s.generate(ctx, rp) })
	return rp
}

// inputMessageEvent echoes the user message at the start of a stream.
func inputMessageEvent(user *Message, convID string) event {
	return typed(evOther, typedEvent{Type: "input_message", InputMessage: user.clone(), ConversationID: convID})
}

// defaultModel is the initially selected model's slug.
func (s *Server) defaultModel() string {
	if s.opts.Model != "" {
		return s.opts.Model
	}
	for _, m := range s.models {
		if !m.Disabled && !m.Legacy {
			return m.Slug
		}
	}
	if len(s.models) > 0 {
		return s.models[0].Slug
	}
	return "gpt-5-2"
}

// authorizedLocked reports whether r carries the session's bearer token.
// s.mu must be held.
func (s *Server) authorizedLocked(r *http.Request) bool {
	return s.loggedIn && s.token != "" && r.Header.Get("Authorization") == "Bearer "+s.token
}

// writeJSON writes v as a JSON response.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write(marshal(v))
}
