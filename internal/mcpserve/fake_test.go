package mcpserve

import (
	"context"
	"fmt"
	"sync"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/session/event"
)

// fakeModel is the ChatGPT the tests' transports talk to, shared by every
// transport (every incarnation of the chatgpt actor). It answers "reply
// to: " and the prompt; conversations are URLs on base.
type fakeModel struct {
	base string
	// gate, when not nil, holds every Await until a value is received.
	gate chan struct{}
	// awaiting receives the prompt each Await waits for; awaitEnded the
	// error each Await ends with.
	awaiting   chan string
	awaitEnded chan error

	mu           sync.Mutex
	sent         []messages.Outbound
	opened       []string
	modes        [][2]string
	incarnations int
	closed       int
	crashSends   int // the next crashSends Sends fail with a crash
	crashAwaits  int // the next crashAwaits Awaits fail with a crash
	// gone makes the current transports' browser gone (BrowserPID 0);
	// a new transport has one again.
	gone bool
	// startErr, when set, fails every Start (no browser is launched).
	startErr error
	convs    int
	prompts  map[string]string // by conversation URL: the last prompt
}

func newFakeModel(base string) *fakeModel {
	return &fakeModel{base: base, awaiting: make(chan string, 16), awaitEnded: make(chan error, 16), prompts: map[string]string{}}
}

// newTransport is the Options.NewTransport of the tests.
func (m *fakeModel) newTransport(Hooks) model.Transport {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.incarnations++
	m.gone = false
	return &fakeTransport{m: m}
}

func (m *fakeModel) snapshot() (sent []messages.Outbound, opened []string, incarnations, closed int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]messages.Outbound(nil), m.sent...), append([]string(nil), m.opened...), m.incarnations, m.closed
}

// fakeTransport is one incarnation's transport.
type fakeTransport struct {
	m      *fakeModel
	cursor string
}

func (t *fakeTransport) Name() string { return "fake" }

func (t *fakeTransport) Start(ctx context.Context, _ func(messages.ModelStateChanged)) error {
	t.m.mu.Lock()
	defer t.m.mu.Unlock()
	if t.m.startErr != nil {
		return t.m.startErr
	}
	return ctx.Err()
}

func (t *fakeTransport) SetMode(mode, effort string) {
	t.m.mu.Lock()
	defer t.m.mu.Unlock()
	t.m.modes = append(t.m.modes, [2]string{mode, effort})
}

func (t *fakeTransport) Open(ctx context.Context, cursor string) (string, error) {
	t.m.mu.Lock()
	defer t.m.mu.Unlock()
	t.m.opened = append(t.m.opened, cursor)
	t.cursor = cursor
	return t.m.base + "/", ctx.Err()
}

func (t *fakeTransport) Send(ctx context.Context, o messages.Outbound) (event.Binding, error) {
	m := t.m
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.crashSends > 0 {
		m.crashSends--
		return event.Binding{}, &model.Error{Kind: messages.FailCrash, Err: model.ErrCrash}
	}
	m.sent = append(m.sent, o)
	if t.cursor == "" {
		m.convs++
		t.cursor = fmt.Sprintf("%s/c/conv-%04d-0000", m.base, m.convs)
	}
	m.prompts[t.cursor] = o.Text
	return event.Binding{Turn: o.Turn, Cursor: t.cursor, TurnIndex: len(m.sent)}, ctx.Err()
}

func (t *fakeTransport) Await(ctx context.Context, b event.Binding, progress func(string)) (event.Reply, error) {
	m := t.m
	m.mu.Lock()
	prompt := m.prompts[b.Cursor]
	crash := m.crashAwaits > 0
	if crash {
		m.crashAwaits--
	}
	m.mu.Unlock()
	if crash {
		return event.Reply{}, &model.Error{Kind: messages.FailCrash, Err: model.ErrCrash}
	}
	m.awaiting <- prompt
	text := "reply to: " + prompt
	progress(text[:len(text)/2])
	if m.gate != nil {
		select {
		case <-m.gate:
		case <-ctx.Done():
			m.awaitEnded <- ctx.Err()
			return event.Reply{}, ctx.Err()
		}
	}
	m.awaitEnded <- nil
	return event.Reply{Binding: b, Text: text, Cursor: b.Cursor}, nil
}

// BrowserPID is 0 once the model says the browser is gone.
func (t *fakeTransport) BrowserPID() int {
	t.m.mu.Lock()
	defer t.m.mu.Unlock()
	if t.m.gone || t.m.startErr != nil {
		return 0
	}
	return 1
}

func (t *fakeTransport) Close() error {
	t.m.mu.Lock()
	defer t.m.mu.Unlock()
	t.m.closed++
	return nil
}
