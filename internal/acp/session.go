package acp

import (
	"context"
	"fmt"
	"sync"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/wtagent/wtagent/internal/app"
	"github.com/wtagent/wtagent/session/event"
)

// acpSession is one open ACP session: a wtagent session and the prompt
// running in it, if any.
type acpSession struct {
	conn *sdk.AgentSideConnection
	root string
	id   string
	d    *app.Driver

	// trMu guards tr, fed by the runtime's event sink, and shown: per
	// tool call, a channel closed once its tool_call update is sent.
	trMu  sync.Mutex
	tr    *translator
	shown map[string]chan struct{}

	mu sync.Mutex
	// running is set while a prompt runs; cancelled once session/cancel
	// (or an unanswered approval) paused it, and stop is then closed.
	running, cancelled bool
	stop               chan struct{}
}

func newACPSession(conn *sdk.AgentSideConnection, root string) *acpSession {
	return &acpSession{conn: conn, root: root, tr: newTranslator(root, false), shown: make(map[string]chan struct{})}
}

func (s *acpSession) attach(d *app.Driver) {
	s.d, s.id = d, d.ID()
}

// event is the runtime's event sink: each event's updates are sent before
// the runtime goes on (a change's old text is read before it runs).
func (s *acpSession) event(ev event.Event) {
	s.trMu.Lock()
	updates := s.tr.updates(ev)
	s.trMu.Unlock()
	for _, u := range updates {
		// A client that went away ends the serve loop; the run then
		// pauses with the connection.
		_ = s.conn.SessionUpdate(context.Background(), sdk.SessionNotification{SessionId: sdk.SessionId(ev.SessionID), Update: u})
	}
	switch ev.Type {
	case event.EvToolProposed:
		close(s.shownChan(ev.CallID))
	case event.EvToolCompleted, event.EvToolReused, event.EvToolUnknown:
		s.trMu.Lock()
		delete(s.shown, ev.CallID)
		s.trMu.Unlock()
	}
}

// shownChan is closed once call's tool_call update is sent.
func (s *acpSession) shownChan(call string) chan struct{} {
	s.trMu.Lock()
	defer s.trMu.Unlock()
	ch, ok := s.shown[call]
	if !ok {
		ch = make(chan struct{})
		s.shown[call] = ch
	}
	return ch
}

// prompt runs task and says why it stopped.
func (s *acpSession) prompt(task string) (sdk.PromptResponse, error) {
	s.mu.Lock()
	if s.running {
		s.mu.Unlock()
		return sdk.PromptResponse{}, &sdk.RequestError{Code: -32600,
			Message: fmt.Sprintf("session %s is already running a prompt: wait for its answer or send session/cancel", s.id)}
	}
	s.running, s.cancelled, s.stop = true, false, make(chan struct{})
	s.mu.Unlock()
	f, err := s.d.Run(task)
	s.mu.Lock()
	cancelled := s.cancelled
	s.running = false
	s.mu.Unlock()
	if err != nil {
		return sdk.PromptResponse{}, &sdk.RequestError{Code: -32603, Message: err.Error()}
	}
	s.trMu.Lock()
	limited := s.tr.limited
	s.trMu.Unlock()
	switch {
	case cancelled || f.Outcome == event.OutcomeCancelled:
		return sdk.PromptResponse{StopReason: sdk.StopReasonCancelled}, nil
	case limited:
		return sdk.PromptResponse{StopReason: sdk.StopReasonMaxTurnRequests}, nil
	case f.Outcome == event.OutcomeRefused:
		// ChatGPT's content policy blocked the message or the reply.
		return sdk.PromptResponse{StopReason: sdk.StopReasonRefusal}, nil
	}
	return sdk.PromptResponse{StopReason: sdk.StopReasonEndTurn}, nil
}

// cancel pauses the running prompt at the next safe point, as Ctrl+C
// does; a pending permission request is withdrawn (a deny).
func (s *acpSession) cancel() { s.pause("paused by the editor (session/cancel)") }

// pause pauses the running prompt, if any, once: its stop reason is
// cancelled. The client is told, as the terminal says it on Ctrl+C.
func (s *acpSession) pause(reason string) {
	s.mu.Lock()
	if !s.running || s.cancelled {
		s.mu.Unlock()
		return
	}
	s.cancelled = true
	close(s.stop)
	s.d.Pause(reason)
	s.mu.Unlock()
	_ = s.conn.SessionUpdate(context.Background(), sdk.SessionNotification{SessionId: sdk.SessionId(s.id),
		Update: sdk.UpdateAgentMessageText("\nPausing after the current step: " + reason + ".\n")})
}

// busy reports whether a prompt runs.
func (s *acpSession) busy() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.running
}

// stopped is closed when the running prompt is cancelled.
func (s *acpSession) stopped() <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.stop == nil {
		return nil
	}
	return s.stop
}

func (s *acpSession) close() {
	s.cancel()
	s.d.Close()
}
