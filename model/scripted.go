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

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/messages"
)

// Scripted is a Transport that answers from a script, one line per reply.
// Its cursor is the index of the next line, after the script file's path
// and a "#" when it has one ("/p/script.jsonl#3"), saved like a
// conversation URL: a session resumed with the same file continues where
// it stopped, one resumed with another file starts at its first line.
//
// A script's lines with an "agent" serve sub-agents only: the main
// conversation's Scripted skips them, and ForAgent gives a sub-agent a
// Scripted of its own over the lines meant for its task.
type Scripted struct {
	// all is the whole script, sub-agents' lines included.
	all   []ScriptLine
	lines []ScriptLine
	// source is the script file's absolute path ("": none given).
	source string
	// agent reports whether this is a sub-agent's conversation.
	agent bool
	now   func() time.Time

	mu   sync.Mutex
	next int
}

// NewScripted returns a scripted model over lines.
func NewScripted(lines []ScriptLine) *Scripted {
	return &Scripted{all: lines, lines: MainLines(lines), now: time.Now}
}

// NewScriptedFile returns a scripted model over lines read from the file
// at the absolute path source.
func NewScriptedFile(source string, lines []ScriptLine) *Scripted {
	return &Scripted{all: lines, lines: MainLines(lines), source: source, now: time.Now}
}

// ForAgent returns the scripted model of the sub-agent with the given
// task: a conversation of its own, answered by the script's lines whose
// "agent" text the task contains, in their order. Its cursors name the
// script file followed by "?agent".
func (s *Scripted) ForAgent(task string) *Scripted {
	source := "?agent"
	if s.source != "" {
		source = s.source + "?agent"
	}
	return &Scripted{all: s.all, lines: AgentLines(s.all, task), source: source, agent: true, now: s.now}
}

// Name implements Transport.
func (s *Scripted) Name() string { return "script" }

// Start implements Transport; a script is ready at once.
func (s *Scripted) Start(ctx context.Context, state func(messages.ModelStateChanged)) error {
	if state != nil {
		state(messages.ModelStateChanged{State: event.ModelReady, Detail: fmt.Sprintf("scripted model, %d replies", len(s.lines))})
	}
	return ctx.Err()
}

// Open implements Transport: cursor is the position of the next line. A
// new conversation (an empty cursor) continues the script where it is: a
// script is one conversation, whatever the runtime opens. A cursor of
// another script file starts this one at its first line.
func (s *Scripted) Open(ctx context.Context, cursor string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if cursor != "" {
		n, err := s.position(cursor)
		if err != nil {
			return "", &Error{Kind: messages.FailScript, Err: err}
		}
		s.next = n
	}
	return s.cursor(s.next), ctx.Err()
}

// position is the index of the next line that cursor names in this
// script: 0 when it names another script file or is no script's (a
// session of another provider resumed with a script).
func (s *Scripted) position(cursor string) (int, error) {
	n, err := strconv.Atoi(cursor[strings.LastIndexByte(cursor, '#')+1:])
	if err != nil || n < 0 || !s.ours(cursor) {
		return 0, nil
	}
	if n > len(s.lines) {
		return 0, fmt.Errorf("%s has %s, but this session already used %d of it: "+
			"add replies to it, or resume with a different --script file (which starts at its first line)",
			s.name(), plural(len(s.lines), "reply", "replies"), n)
	}
	return n, nil
}

// ours reports whether cursor is of this script's file (or of none: a
// cursor wtagent wrote before cursors named their file).
func (s *Scripted) ours(cursor string) bool {
	i := strings.LastIndexByte(cursor, '#')
	return i < 0 || cursor[:i] == s.source
}

// cursor is the cursor of line index n.
func (s *Scripted) cursor(n int) string {
	if s.source == "" {
		return strconv.Itoa(n)
	}
	return s.source + "#" + strconv.Itoa(n)
}

// name is how errors call the script.
func (s *Scripted) name() string {
	if s.source == "" {
		return "the script"
	}
	return "the script " + s.source
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

// Send implements Transport: it consumes the next line after checking its
// expectation against the outbound text.
func (s *Scripted) Send(ctx context.Context, m messages.Outbound) (event.Binding, error) {
	if err := ctx.Err(); err != nil {
		return event.Binding{}, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.next >= len(s.lines) && s.agent {
		return event.Binding{}, &Error{Kind: messages.FailScript,
			Err: fmt.Errorf("%w: no reply left for the sub-agent's turn %d (%d lines have an \"agent\" its task contains)", ErrScriptExhausted, m.Turn, len(s.lines))}
	}
	if s.next >= len(s.lines) {
		return event.Binding{}, &Error{Kind: messages.FailScript,
			Err: fmt.Errorf("%w: no reply left for turn %d (%d lines)", ErrScriptExhausted, m.Turn, len(s.lines))}
	}
	l := s.lines[s.next]
	if l.Expect != "" && !strings.Contains(m.Text, l.Expect) {
		return event.Binding{}, &Error{Kind: messages.FailScript,
			Err: fmt.Errorf("%w: script line %d expects the message to contain %q; turn %d's %s message does not",
				ErrScriptExpect, l.Line, l.Expect, m.Turn, m.Kind)}
	}
	sum := sha256.Sum256([]byte(m.Text))
	b := event.Binding{
		Turn:       m.Turn,
		TurnIndex:  s.next,
		Cursor:     s.cursor(s.next + 1),
		TextSHA256: hex.EncodeToString(sum[:]),
		SentAt:     s.now(),
	}
	s.next++
	return b, nil
}

// Await implements Transport: it returns the line bound to b after the
// line's delay.
func (s *Scripted) Await(ctx context.Context, b event.Binding, progress func(string)) (event.Reply, error) {
	if b.Probe {
		// A script keeps no conversation to look in: a message in doubt
		// was not answered, and the cursor it was sent at still holds.
		return event.Reply{}, &Error{Kind: messages.FailNotSent, Err: fmt.Errorf("%w: the scripted model cannot look a message up", ErrNotSent)}
	}
	if !s.ours(b.Cursor) {
		// Sent by a session with another script file: this one never
		// received it, so it is sent again and answered from line 1.
		return event.Reply{}, &Error{Kind: messages.FailNotSent, Err: fmt.Errorf("%w: it was sent with another script file", ErrNotSent)}
	}
	if b.TurnIndex < 0 || b.TurnIndex >= len(s.lines) {
		return event.Reply{}, &Error{Kind: messages.FailScript,
			Err: fmt.Errorf("%w: no script line %d", ErrScriptExhausted, b.TurnIndex+1)}
	}
	l := s.lines[b.TurnIndex]
	if l.DelayMS > 0 {
		t := time.NewTimer(time.Duration(l.DelayMS) * time.Millisecond)
		defer t.Stop()
		select {
		case <-ctx.Done():
			return event.Reply{}, ctx.Err()
		case <-t.C:
		}
	}
	if progress != nil {
		progress(l.Reply)
	}
	return event.Reply{
		Binding:     b,
		Text:        l.Reply,
		MessageID:   fmt.Sprintf("script-%d", l.Line),
		Source:      event.SourceScript,
		Cursor:      s.cursor(b.TurnIndex + 1),
		CompletedAt: s.now(),
	}, ctx.Err()
}

// Close implements Transport.
func (s *Scripted) Close() error { return nil }
