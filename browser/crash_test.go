package browser

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"

	"github.com/wtagent/wtagent/browser/chrome"
	"github.com/wtagent/wtagent/browser/mockchat"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
)

// TestCrashMidStreamAndResume kills Chrome with SIGKILL while a reply
// streams: Await returns ErrCrash promptly; a new Start on the same
// Transport relaunches with the same profile, Open(cursor) reopens the
// conversation and Await(binding) returns the completed reply without a
// second POST. Then a new Transport with the same Options does the same
// for a reply that finished while no browser ran.
func TestCrashMidStreamAndResume(t *testing.T) {
	reply := strings.Repeat("streaming slowly ", 50) + "<done>true</done>"
	srv, url := newMock(t, mockchat.Options{LoggedIn: true, Script: script(
		model.ScriptLine{Reply: reply, StreamMS: 25},
		model.ScriptLine{Reply: strings.Repeat("second ", 30), StreamMS: 10},
	)})
	opts := testOptions(t, url)
	tr := startTransport(t, opts, nil)
	if _, err := tr.Open(ctxFor(t, hangGuard), ""); err != nil {
		t.Fatal(err)
	}
	ctx := ctxFor(t, hangGuard)
	b, err := tr.Send(ctx, messages.Outbound{Turn: 1, Text: "stream slowly"})
	if err != nil {
		t.Fatalf("Send: %v", err)
	}
	streaming := make(chan struct{})
	var once bool
	awaited := make(chan error, 1)
	go func() {
		_, err := tr.Await(ctx, b, func(string) {
			if !once {
				once = true
				close(streaming)
			}
		})
		awaited <- err
	}()
	select {
	case <-streaming:
	case <-time.After(hangGuard):
		t.Fatal("no progress while streaming")
	}
	pid := tr.BrowserPID()
	if pid == 0 {
		t.Fatal("no browser pid")
	}
	proc, err := os.FindProcess(pid)
	if err != nil {
		t.Fatal(err)
	}
	if err := proc.Kill(); err != nil { // SIGKILL
		t.Fatal(err)
	}
	killed := time.Now()
	select {
	case err = <-awaited:
	case <-time.After(hangGuard):
		t.Fatal("Await hangs after the browser was killed")
	}
	t.Logf("Await returned %v after the kill", time.Since(killed).Round(time.Millisecond))
	if !errors.Is(err, model.ErrCrash) || model.Failure(err) != messages.FailCrash {
		t.Fatalf("Await after SIGKILL: %v, want ErrCrash", err)
	}
	if st := srv.Stats().Messages[0]; !st.Completed.IsZero() {
		t.Fatal("the reply finished before the kill; the test proves nothing")
	}
	if _, err := tr.Send(ctx, messages.Outbound{Turn: 2, Text: "x"}); !errors.Is(err, model.ErrCrash) {
		t.Fatalf("Send on a crashed transport: %v", err)
	}

	// Same Transport: Start relaunches, Open and Await find the reply.
	sctx, cancel := context.WithTimeout(ctx, hangGuard)
	defer cancel()
	if err := tr.Start(sctx, nil); err != nil {
		t.Fatalf("restart: %v", err)
	}
	if tr.BrowserPID() == pid {
		t.Fatal("the same browser process after a restart")
	}
	if _, err := tr.Open(ctx, b.Cursor); err != nil {
		t.Fatalf("Open(%s): %v", b.Cursor, err)
	}
	r, err := tr.Await(ctx, b, nil)
	if err != nil {
		t.Fatalf("Await after the restart: %v", err)
	}
	if r.Text != reply {
		t.Fatalf("reply after the restart (source %s): %s", r.Source, firstDiff(r.Text, reply))
	}
	if st := srv.Stats(); st.Sends != 1 || len(srv.Received()) != 1 {
		t.Fatalf("%d POSTs, %d messages received: the message was sent again", st.Sends, len(srv.Received()))
	}

	// A second turn, then a new Transport with the same Options after the
	// old one closed while the reply was still being generated.
	b2, err := tr.Send(ctx, messages.Outbound{Turn: 2, Text: "and another"})
	if err != nil {
		t.Fatal(err)
	}
	tr.Close()
	if err := srv.WaitReplies(ctx, 2); err != nil {
		t.Fatal(err)
	}
	tr2 := startTransport(t, opts, nil)
	if _, err := tr2.Open(ctx, b2.Cursor); err != nil {
		t.Fatal(err)
	}
	r2, err := tr2.Await(ctx, b2, nil)
	if err != nil || r2.Text != strings.Repeat("second ", 30) {
		t.Fatalf("new Transport: %q, %v", r2.Text, err)
	}
	if st := srv.Stats(); st.Sends != 2 {
		t.Fatalf("%d POSTs for two messages", st.Sends)
	}
}

// TestNotSentAfterRestart: a binding for a message the conversation does
// not have gives ErrNotSent, so the controller may send it.
func TestNotSentAfterRestart(t *testing.T) {
	_, url := newMock(t, mockchat.Options{LoggedIn: true, Script: script(model.ScriptLine{Reply: "one"})})
	tr := shared.use(t, url, nil)
	b, _ := roundTrip(t, tr, 1, "one")
	ghost := event.Binding{Turn: 2, Cursor: b.Cursor, UserMessageID: "00000000-0000-4000-8000-000000000000", TurnIndex: 3, TextSHA256: textHash("never sent")}
	if _, err := tr.Await(ctxFor(t, hangGuard), ghost, nil); !errors.Is(err, model.ErrNotSent) {
		t.Fatalf("Await of a message never sent: %v, want ErrNotSent", err)
	}
}

// TestProfileLocked: a second Transport on a profile in use says so.
func TestProfileLocked(t *testing.T) {
	_, url := newMock(t, mockchat.Options{LoggedIn: true})
	opts := testOptions(t, url)
	tr := startTransport(t, opts, nil)
	pid, busy := chrome.ProfileInUse(opts.ProfileDir)
	if !busy || pid != tr.BrowserPID() {
		t.Fatalf("chrome.ProfileInUse = %d, %v; the browser is %d", pid, busy, tr.BrowserPID())
	}
	err := New(opts).Start(ctxFor(t, hangGuard), nil)
	var pl *chrome.ProfileLockedError
	if !errors.As(err, &pl) || pl.PID != pid {
		t.Fatalf("second Start: %v", err)
	}
	tr.Close()
	if _, busy := chrome.ProfileInUse(opts.ProfileDir); busy {
		t.Fatal("the profile is still in use after Close")
	}
}

// TestWindowMinimise minimises and restores the window through CDP.
func TestWindowMinimise(t *testing.T) {
	_, url := newMock(t, mockchat.Options{LoggedIn: true})
	tr := shared.use(t, url, nil)
	s, _ := tr.live()
	ctx := ctxFor(t, hangGuard)
	for _, want := range []browser.WindowState{browser.WindowStateMinimized, browser.WindowStateNormal} {
		if err := s.setWindow(ctx, want); err != nil {
			t.Fatal(err)
		}
		c := chromedp.FromContext(s.c.Tab())
		w, err := chromedp.CallBrowser(s.c.Life(), browser.GetWindowForTarget, browser.GetWindowForTargetParams{TargetID: c.Target.TargetID})
		if err != nil {
			t.Fatal(err)
		}
		if w.Bounds.WindowState != want {
			t.Fatalf("window state %s, want %s", w.Bounds.WindowState, want)
		}
	}
}
