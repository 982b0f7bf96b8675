package browser

import (
	"context"
	"errors"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/wtagent/wtagent/browser/chrome"
	"github.com/wtagent/wtagent/model"
)

// TestRemoteGivesUp: a Chrome at --chrome-url that does not answer is
// retried within ReconnectTimeout, then Start fails with an error that is
// not a crash (so the run pauses instead of restarting for ever) and says
// how to go on.
func TestRemoteGivesUp(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	dead := "http://" + l.Addr().String()
	l.Close()
	var notes []string
	tr := New(Options{ChromeURL: dead, ReconnectTimeout: 1500 * time.Millisecond, Progress: func(n string) { notes = append(notes, n) }})
	err = tr.Start(context.Background(), nil)
	if err == nil || errors.Is(err, model.ErrCrash) || !errors.Is(err, chrome.ErrUnreachable) ||
		!strings.Contains(err.Error(), "did not answer within 1.5s (start it again with the same --remote-debugging-port, then wtagent resume)") {
		t.Fatalf("Start: %v", err)
	}
	retries := 0
	for _, n := range notes {
		if strings.Contains(n, "is not back yet") {
			retries++
		}
	}
	if retries < 2 {
		t.Fatalf("retried %d times, want back-off retries: %q", retries, notes)
	}
}
