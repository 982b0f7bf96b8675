package tui

import (
	"errors"
	"io"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
)

// Sentinel errors, for errors.Is.
var (
	// ErrInterrupted is a read's answer to Ctrl+C on an empty line.
	ErrInterrupted = errors.New("tui: interrupted")
	// ErrLiveKey is a live read's answer to Ctrl+O (take the browser
	// over); the line typed so far stays for the next read.
	ErrLiveKey = errors.New("tui: Ctrl+O")
	// ErrClosed is the answer of every call once the program has ended.
	ErrClosed = errors.New("tui: closed")
)

// History is the list of submitted lines that ↑/↓ browse (At(0) is the
// newest).
type History interface {
	Add(line string)
	Len() int
	At(i int) string
}

// Options configure the model.
type Options struct {
	// Prompt is the idle input line's prompt ("you › "), LivePrompt the
	// one while a run works ("queue › "), Continuation the lead of every
	// following line of a multi-line input.
	Prompt, LivePrompt, Continuation string
	// History, when set, is browsed with ↑/↓ and gets every submitted
	// non-blank line.
	History History
	// Complete completes on Tab: given the text before the cursor it
	// returns where the word to complete starts (a byte offset, negative
	// for nothing to complete) and its candidates; Tab inserts their
	// longest common prefix.
	Complete func(before string) (start int, candidates []string)
	// Width is the width before the terminal reports its own (tests).
	Width int
}

// Outcome is what a line read ends with: the line, or an error
// (ErrInterrupted, ErrLiveKey, io.EOF).
type Outcome struct {
	Line string
	Err  error
}

// KeyAnswer is what a key question ends with: the key as written in the
// question's keys, or an error (ErrInterrupted, io.EOF).
type KeyAnswer struct {
	Key rune
	Err error
}

// The messages callers send the model.
type (
	// ReadMsg asks for a line: Live picks the run's prompt. The outcome
	// goes to Reply (buffered: the model never waits).
	ReadMsg struct {
		Live  bool
		Reply chan Outcome
	}
	// CancelReadMsg withdraws the read whose Reply it names; what was
	// typed stays for the next read. Done is closed once handled.
	CancelReadMsg struct {
		Reply chan Outcome
		Done  chan struct{}
	}
	// AskMsg asks for one of Keys (matched case-insensitively; '\r' is
	// Enter), showing Prompt in the input line's place; no keys waits
	// for Ctrl+C only. The answer goes to Reply (buffered).
	AskMsg struct {
		Prompt, Keys string
		Reply        chan KeyAnswer
	}
	// CancelAskMsg withdraws the question whose Reply it names.
	CancelAskMsg struct {
		Reply chan KeyAnswer
		Done  chan struct{}
	}
	// StatusMsg sets the status rows above the input, one a line ("" hides
	// them).
	StatusMsg string
	// RequeueMsg gives back an outcome a cancelled read did not take.
	RequeueMsg Outcome
)

// Model is the terminal's live region: the status line, the input line and
// the approval question. Its zero value is not usable: see NewModel.
type Model struct {
	opts   Options
	width  int
	status string
	buf    buffer
	killed string
	// hist is the history entry shown (-1: the user's draft).
	hist  int
	draft string
	read  *ReadMsg
	ask   *AskMsg
	// askHint says which keys the question takes, once another was
	// pressed.
	askHint string
	// pending are outcomes typed while no read waited (Enter, Ctrl+C or
	// Ctrl+D as a run ends), for the next read.
	pending []Outcome
	// eofTyped is a Ctrl+D typed at the live prompt: the next idle read
	// ends the session.
	eofTyped bool
	// closed empties the view for good: the program is quitting.
	closed bool
	// height is the terminal's height in rows (0: not known yet).
	height int
	// laid is the input line's last layout, kept while nothing it
	// depends on changes: a view is composed on every message (a
	// status tick at idle), and a large paste must not be laid out anew
	// each time.
	laid laidOut
}

// NewModel returns the model.
func NewModel(opts Options) *Model {
	w := opts.Width
	if w <= 0 {
		w = 80
	}
	return &Model{opts: opts, width: w, hist: -1}
}

// Init forces the grapheme-cluster width method on the renderer (the one
// internal/cellwidth measures with), whatever the terminal answers.
func (m *Model) Init() tea.Cmd {
	return func() tea.Msg {
		return tea.ModeReportMsg{Mode: ansi.ModeUnicodeCore, Value: ansi.ModeSet}
	}
}

// Update handles a message.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		if msg.Width > 0 {
			m.width = msg.Width
		}
		m.height = msg.Height
	case StatusMsg:
		m.status = string(msg)
	case closeMsg:
		m.closed = true
		m.status, m.read, m.ask = "", nil, nil
	case ReadMsg:
		m.startRead(msg)
	case CancelReadMsg:
		if m.read != nil && m.read.Reply == msg.Reply {
			m.read = nil
		}
		close(msg.Done)
	case RequeueMsg:
		m.pending = append([]Outcome{Outcome(msg)}, m.pending...)
	case AskMsg:
		m.ask, m.askHint = &msg, ""
	case CancelAskMsg:
		if m.ask != nil && m.ask.Reply == msg.Reply {
			m.ask, m.askHint = nil, ""
		}
		close(msg.Done)
	case tea.PasteMsg:
		if m.ask == nil {
			m.buf.insert(pasteText(msg.Content))
			m.hist = -1
		}
	case tea.KeyPressMsg:
		if m.ask != nil {
			return m, m.answer(msg)
		}
		return m, m.key(msg)
	}
	return m, nil
}

// startRead begins a read, or answers it at once with what was typed
// before it.
func (m *Model) startRead(r ReadMsg) {
	switch {
	case m.eofTyped && !r.Live:
		m.eofTyped = false
		r.Reply <- Outcome{Err: io.EOF}
	case len(m.pending) > 0:
		r.Reply <- m.pending[0]
		m.pending = m.pending[1:]
	default:
		m.read = &r
	}
}

// deliver ends the read with o, or keeps o for the next read.
func (m *Model) deliver(o Outcome) {
	if m.read == nil {
		m.pending = append(m.pending, o)
		return
	}
	m.read.Reply <- o
	m.read = nil
}

// live reports whether the read under way is a live one.
func (m *Model) live() bool { return m.read != nil && m.read.Live }

// Reading reports whether a line read waits (tests).
func (m *Model) Reading() bool { return m.read != nil }
