package browser

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
)

// TestLoginWall: a logged-out page (which still shows a composer) makes
// Start report AuthRequired and wait; when the session logs in, Start
// continues by itself.
func TestLoginWall(t *testing.T) {
	srv, url := newMock(t, mockchat.Options{LoggedIn: false, Script: script(model.ScriptLine{Reply: "welcome back"})})
	st := newStates()
	tr := New(testOptions(t, url))
	t.Cleanup(func() { tr.Close() })
	done := make(chan error, 1)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), hangGuard)
		defer cancel()
		done <- tr.Start(ctx, st.record)
	}()
	st.wait(t, event.ModelAuthRequired, hangGuard)
	select {
	case err := <-done:
		t.Fatalf("Start returned while logged out: %v", err)
	case <-time.After(300 * time.Millisecond):
	}
	srv.SetLoggedIn(true)
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Start: %v", err)
		}
	case <-time.After(hangGuard):
		t.Fatal("Start did not continue after the login")
	}
	st.wait(t, event.ModelReady, hangGuard)
	if _, err := tr.Open(ctxFor(t, hangGuard), ""); err != nil {
		t.Fatal(err)
	}
	if _, r := roundTrip(t, tr, 1, "hello"); r.Text != "welcome back" {
		t.Fatalf("reply %q", r.Text)
	}
}

// TestChallengeWaits: a challenge interstitial on the next navigation
// makes Open report TakeoverRequired and wait until it is lifted.
func TestChallengeWaits(t *testing.T) {
	srv, url := newMock(t, mockchat.Options{LoggedIn: true, Script: script(
		model.ScriptLine{Reply: "first", Fault: mockchat.FaultChallenge},
		model.ScriptLine{Reply: "second"},
	)})
	tr := shared.use(t, url, nil)
	st := newStates()
	tr.state = st.record
	b, _ := roundTrip(t, tr, 1, "one")
	if !srv.Challenged() {
		t.Fatal("the mock is not in challenge mode")
	}
	done := make(chan error, 1)
	go func() {
		_, err := tr.Open(ctxFor(t, hangGuard), b.Cursor)
		done <- err
	}()
	st.wait(t, event.ModelTakeoverRequired, hangGuard)
	srv.SetChallenge(false)
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Open: %v", err)
		}
	case <-time.After(hangGuard):
		t.Fatal("Open did not continue after the challenge")
	}
	if _, r := roundTrip(t, tr, 2, "two"); r.Text != "second" {
		t.Fatalf("reply %q", r.Text)
	}
}

// TestLogoutMidTurn: the session expires as the message is sent; Await
// reports AuthRequired, waits for the login, then says the message is not
// in the conversation, and a resend is answered.
func TestLogoutMidTurn(t *testing.T) {
	srv, url := newMock(t, mockchat.Options{LoggedIn: true, Script: script(model.ScriptLine{Reply: "answered after login", Fault: mockchat.FaultLogout})})
	tr := shared.use(t, url, nil)
	st := newStates()
	tr.state = st.record
	ctx := ctxFor(t, hangGuard)
	b, err := tr.Send(ctx, messages.Outbound{Turn: 1, Text: "are you there"})
	if err != nil {
		t.Fatalf("Send: %v", err)
	}
	done := make(chan error, 1)
	go func() {
		_, err := tr.Await(ctx, b, nil)
		done <- err
	}()
	st.wait(t, event.ModelAuthRequired, hangGuard)
	srv.SetLoggedIn(true)
	select {
	case err = <-done:
	case <-time.After(hangGuard):
		t.Fatal("Await did not return after the login")
	}
	if !errors.Is(err, model.ErrNotSent) {
		t.Fatalf("Await: %v, want ErrNotSent", err)
	}
	if _, err := tr.Open(ctx, ""); err != nil {
		t.Fatal(err)
	}
	if _, r := roundTrip(t, tr, 1, "are you there"); r.Text != "answered after login" {
		t.Fatalf("reply %q", r.Text)
	}
}

// TestCheckLogin reads the login state without waiting.
func TestCheckLogin(t *testing.T) {
	for _, in := range []bool{true, false} {
		_, url := newMock(t, mockchat.Options{LoggedIn: in})
		got, err := CheckLogin(ctxFor(t, hangGuard), testOptions(t, url))
		want := LoginRequired
		if in {
			want = LoginOK
		}
		if err != nil || got != want {
			t.Fatalf("logged in %v: CheckLogin = %s, %v; want %s", in, got, err, want)
		}
	}
}
