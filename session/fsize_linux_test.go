package session

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"testing"

	"github.com/wtagent/wtagent/session/event"
)

// fsizeHelper runs in a child: under RLIMIT_FSIZE a big append is written
// only in part and fails; Append must cut the partial line so the next
// append (after the limit is lifted) leaves a valid log.
func fsizeHelper(s *Session) error {
	signal.Ignore(syscall.SIGXFSZ)
	l, err := s.OpenLog()
	if err != nil {
		return err
	}
	defer l.Close()
	if _, err := l.Append(event.Event{Type: event.EvRunStarted}, true); err != nil {
		return err
	}
	fi, err := os.Stat(s.EventsPath())
	if err != nil {
		return err
	}
	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_FSIZE, &old); err != nil {
		return err
	}
	limit := syscall.Rlimit{Cur: uint64(fi.Size()) + 100, Max: old.Max}
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &limit); err != nil {
		return err
	}
	big := json.RawMessage(`{"text":"` + strings.Repeat("x", 4000) + `"}`)
	_, appendErr := l.Append(event.Event{Type: event.EvToolOutput, Payload: big}, true)
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &old); err != nil {
		return err
	}
	if !errors.Is(appendErr, syscall.EFBIG) {
		return fmt.Errorf("append over the limit: %v, want EFBIG", appendErr)
	}
	if fi2, _ := os.Stat(s.EventsPath()); fi2.Size() != fi.Size() {
		return fmt.Errorf("partial line left: size %d, want %d", fi2.Size(), fi.Size())
	}
	seq, err := l.Append(event.Event{Type: event.EvRunResumed}, true)
	if err != nil || seq != 2 {
		return fmt.Errorf("append after the failure = %d, %v", seq, err)
	}
	fmt.Println("ready")
	return nil
}

func TestLogFailedWriteIsCutBack(t *testing.T) {
	h := testHome(t)
	s := newSession(t, h, Meta{})
	cmd := startHelper(t, "fsize", h, s.ID())
	if err := cmd.Wait(); err != nil {
		t.Fatalf("helper: %v", err)
	}
	events, tail, err := s.Events()
	if err != nil || tail.Torn {
		t.Fatal(err, tail)
	}
	checkSeqs(t, events, 2)
	if events[1].Type != event.EvRunResumed {
		t.Fatalf("event 2 = %s", events[1].Type)
	}
}
