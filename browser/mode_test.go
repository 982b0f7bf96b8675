package browser

import (
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
)

// TestModeSelection selects modes on the mock's 2025 model menu (a portal
// menu with a disabled item and a nested submenu) and checks what the page
// then sends. The page is pinned to DOM2025: this is the legacy menu's test
// (TestModeSelectionGenerations covers the 2026 pickers).
func TestModeSelection(t *testing.T) {
	for _, tc := range []struct {
		mode, outcome, selected, posted string
	}{
		{"thinking", "selected", "gpt-5-2-thinking", "gpt-5-2-thinking"},
		{"pro", "fallback", "gpt-5-2-thinking", "gpt-5-2-thinking"}, // disabled: the nearest enabled item before it
		{"o3", "selected", "o3", "o3"},                              // in the "Legacy models" submenu
		{"gpt-4.5", "fallback", "o3", "o3"},                         // disabled in the submenu
		{"Auto", "already", "gpt-5-2", "gpt-5-2"},                   // by its label: the default
		{"no-such-mode", OutcomeNotOffered, "", ""},                 // nothing sent: a usage error listing the modes
	} {
		t.Run(tc.mode, func(t *testing.T) {
			srv, m, err := tryRequest(t, mockchat.Options{LoggedIn: true, DOM: mockchat.DOM2025}, tc.mode, "")
			if m.Requested != tc.mode || m.Outcome != tc.outcome || m.Selected != tc.selected {
				t.Errorf("mode %+v, want outcome %s selected %q", m, tc.outcome, tc.selected)
			}
			if tc.posted == "" {
				checkNoSuchMode(t, srv, err, "gpt-5-2, gpt-5-2-instant, gpt-5-2-thinking, gpt-5-2-pro")
				return
			}
			if err != nil {
				t.Fatalf("Send: %v", err)
			}
			if m := srv.Received()[0].Model; m != tc.posted {
				t.Errorf("the page sent with model %q, want %q", m, tc.posted)
			}
		})
	}
}

// checkNoSuchMode checks the send of a mode the picker does not offer: a
// RequestError listing what it offers (a part of offered), nothing sent.
func checkNoSuchMode(t *testing.T, srv *mockchat.Server, err error, offered string) {
	t.Helper()
	var re *RequestError
	if !errors.As(err, &re) || !errors.Is(err, model.ErrRequest) || !strings.Contains(err.Error(), "it offers: "+offered) {
		t.Errorf("Send: %v, want a RequestError offering %s", err, offered)
	}
	if n := len(srv.Received()); n != 0 {
		t.Errorf("the page received %d messages for a mode it does not offer", n)
	}
}

// tryRequest sends one message on a fresh mock page with the request
// (mode, effort) and answers the selection's outcome and the send's error
// (the reply is awaited when the send went out).
func tryRequest(t *testing.T, opts mockchat.Options, mode, effort string) (*mockchat.Server, event.ModeSelected, error) {
	t.Helper()
	opts.Script = script(model.ScriptLine{Reply: "ok"})
	srv, url := newMock(t, opts)
	var mu sync.Mutex
	var got []event.ModeSelected
	tr := shared.use(t, url, func(o *Options) {
		o.Mode, o.Effort = mode, effort
		o.OnMode = func(m event.ModeSelected) { mu.Lock(); got = append(got, m); mu.Unlock() }
	})
	ctx := ctxFor(t, hangGuard)
	b, err := tr.Send(ctx, messages.Outbound{Turn: 1, Kind: event.OutboundFollowUp, Text: "hi"})
	if err == nil {
		if _, err := tr.Await(ctx, b, nil); err != nil {
			t.Fatalf("Await: %v", err)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if len(got) != 1 {
		t.Fatalf("OnMode called %d times", len(got))
	}
	return srv, got[0], err
}

// TestModeAlreadyFromSwitcher: after a selection the switcher names the
// mode, so a new conversation recognises it without opening the menu. Only
// the 2025 switcher names the model (the 2026 triggers show the effort), so
// the page is pinned to DOM2025.
func TestModeAlreadyFromSwitcher(t *testing.T) {
	srv, url := newMock(t, mockchat.Options{LoggedIn: true, DOM: mockchat.DOM2025, Model: "gpt-5-2-instant", Script: script(model.ScriptLine{Reply: "ok"})})
	var got []event.ModeSelected
	tr := shared.use(t, url, func(o *Options) {
		o.Mode = "5.2 Instant"
		o.OnMode = func(m event.ModeSelected) { got = append(got, m) }
	})
	roundTrip(t, tr, 1, "hi")
	if len(got) != 1 || got[0].Outcome != "already" || srv.Received()[0].Model != "gpt-5-2-instant" {
		t.Fatalf("mode %+v, model %q", got, srv.Received()[0].Model)
	}
}
