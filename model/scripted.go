package model

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/wtagent/wtagent/messages"
)

// Scripted is a Transport that answers from a script, one line per reply.
// Its cursor is the index of the next line, saved like a conversation URL,
// so a resumed session continues where it stopped.
type Scripted struct {
	lines []ScriptLine
	now   func() time.Time

	mu   sync.Mutex
	next int
}

// NewScripted returns a scripted model over lines.
func NewScripted(lines []ScriptLine) *Scripted {
	return &Scripted{lines: lines, now: time.Now}
}

// Name implements Transport.
func (s *Scripted) Name() string { return "script" }

// Start implements Transport; a script is ready at once.
func (s *Scripted) Start(ctx context.Context, state func(messages.ModelStateChanged)) error {
	if state != nil {
		state(messages.ModelStateChanged{State: messages.ModelReady, Detail: fmt.Sprintf("scripted model, %d replies", len(s.lines))})
	}
	return ctx.Err()
}

// Open implements Transport: cursor is the index of the next line. A new
// conversation (an empty cursor) continues the script where it is: a
// script is one conversation, whatever the runtime opens.
func (s *Scripted) Open(ctx context.Context, cursor string) (string, error) {
	s.mu.Lock()
	next := s.next
	s.mu.Unlock()
	if cursor != "" {
		n, err := strconv.Atoi(cursor)
		if err != nil || n < 0 || n > len(s.lines) {
			return "", fmt.Errorf("scripted model: bad cursor %q", cursor)
		}
		next = n
	}
	s.mu.Lock()
	s.next = next
	s.mu.Unlock()
	return strconv.Itoa(next), ctx.Err()
}

// Send implements Transport: it consumes the next line after checking its
// expectation against the outbound text.
func (s *Scripted) Send(ctx context.Context, m messages.Outbound) (messages.Binding, error) {
	if err := ctx.Err(); err != nil {
		return messages.Binding{}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.next >= len(s.lines) {
		return messages.Binding{}, &Error{Kind: messages.FailScript,
			Err: fmt.Errorf("%w: no reply left for turn %d (%d lines)", ErrScriptExhausted, m.Turn, len(s.lines))}
	}
	l := s.lines[s.next]
	if l.Expect != "" && !strings.Contains(m.Text, l.Expect) {
		return messages.Binding{}, &Error{Kind: messages.FailScript,
			Err: fmt.Errorf("%w: script line %d expects the message to contain %q; turn %d's %s message does not",
				ErrScriptExpect, l.Line, l.Expect, m.Turn, m.Kind)}
	}
	sum := sha256.Sum256([]byte(m.Text))
	b := messages.Binding{
		Turn:       m.Turn,
		TurnIndex:  s.next,
		Cursor:     strconv.Itoa(s.next + 1),
		TextSHA256: hex.EncodeToString(sum[:]),
		SentAt:     s.now(),
	}
	s.next++
	return b, nil
}

// Await implements Transport: it returns the line bound to b after the
// line's delay.
func (s *Scripted) Await(ctx context.Context, b messages.Binding, progress func(string)) (messages.Reply, error) {
	if b.Probe {
		// A script keeps no conversation to look in: a message in doubt
		// was not answered, and the cursor it was sent at still holds.
		return messages.Reply{}, &Error{Kind: messages.FailNotSent, Err: fmt.Errorf("%w: the scripted model cannot look a message up", ErrNotSent)}
	}
	if b.TurnIndex < 0 || b.TurnIndex >= len(s.lines) {
		return messages.Reply{}, &Error{Kind: messages.FailScript,
			Err: fmt.Errorf("%w: no script line %d", ErrScriptExhausted, b.TurnIndex+1)}
	}
	l := s.lines[b.TurnIndex]
	if l.DelayMS > 0 {
		t := time.NewTimer(time.Duration(l.DelayMS) * time.Millisecond)
		defer t.Stop()
		select {
		case <-ctx.Done():
			return messages.Reply{}, ctx.Err()
		case <-t.C:
		}
	}
	if progress != nil {
		progress(l.Reply)
	}
	return messages.Reply{
		Binding:     b,
		Text:        l.Reply,
		MessageID:   fmt.Sprintf("script-%d", l.Line),
		Source:      messages.SourceScript,
		Cursor:      strconv.Itoa(b.TurnIndex + 1),
		CompletedAt: s.now(),
	}, ctx.Err()
}

// Close implements Transport.
func (s *Scripted) Close() error { return nil }
