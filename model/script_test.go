package model

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/messages"
)

func TestParseScript(t *testing.T) {
	good := "# a comment\n\n{\"reply\":\"one\"}\n{\"reply\":\"two\",\"expect\":\"x\",\"delay_ms\":5,\"stream_ms\":1}\n{\"fault\":\"empty\"}\n"
	lines, err := ParseScript(strings.NewReader(good))
	if err != nil {
		t.Fatal(err)
	}
	if len(lines) != 3 || lines[0].Line != 3 || lines[1].Line != 4 || lines[1].Expect != "x" || lines[2].Fault != "empty" {
		t.Fatalf("lines %+v", lines)
	}
	for _, c := range []struct{ in, want string }{
		{"{\"reply\":\"a\"}\n{\"rply\":\"b\"}\n", "line 2"},
		{"{\"reply\":\"a\"} {\"reply\":\"b\"}\n", "more than one"},
		{"{\"expect\":\"a\"}\n", `missing "reply"`},
		{"{\"reply\":\"a\",\"delay_ms\":-1}\n", "negative"},
		{"not json\n", "line 1"},
		{"\n# only comments\n", "no replies"},
	} {
		_, err := ParseScript(strings.NewReader(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: error %v, want %q", c.in, err, c.want)
		}
	}
	var se *ScriptError
	_, err = ParseScript(strings.NewReader("{\"reply\":\"a\"}\nbad\n"))
	if !errors.As(err, &se) || se.Line != 2 {
		t.Fatalf("error %v is not a ScriptError for line 2", err)
	}
}

func TestScriptedTransport(t *testing.T) {
	ctx := context.Background()
	lines, _ := ParseScript(strings.NewReader("{\"reply\":\"r1\"}\n{\"reply\":\"r2\",\"expect\":\"needle\"}\n{\"reply\":\"r3\"}\n"))
	s := NewScripted(lines)
	if err := s.Start(ctx, nil); err != nil {
		t.Fatal(err)
	}
	cur, err := s.Open(ctx, "")
	if err != nil || cur != "0" {
		t.Fatalf("open: %q %v", cur, err)
	}
	b, err := s.Send(ctx, messages.Outbound{Turn: 1, Text: "hello"})
	if err != nil {
		t.Fatal(err)
	}
	rep, err := s.Await(ctx, b, nil)
	if err != nil || rep.Text != "r1" || rep.Cursor != "1" || rep.Source != event.SourceScript {
		t.Fatalf("reply %+v %v", rep, err)
	}
	// The second line expects "needle": a message without it fails,
	// naming the line, and does not consume the line.
	_, err = s.Send(ctx, messages.Outbound{Turn: 2, Text: "haystack"})
	if !errors.Is(err, ErrScriptExpect) || !strings.Contains(err.Error(), "line 2") || Failure(err) != messages.FailScript {
		t.Fatalf("expect failure: %v", err)
	}
	b, err = s.Send(ctx, messages.Outbound{Turn: 2, Text: "a needle here"})
	if err != nil {
		t.Fatal(err)
	}
	// Resuming at the cursor after line 2 answers with line 3.
	s2 := NewScripted(lines)
	s2.Open(ctx, b.Cursor)
	b3, _ := s2.Send(ctx, messages.Outbound{Turn: 3, Text: "x"})
	if rep, _ := s2.Await(ctx, b3, nil); rep.Text != "r3" {
		t.Fatalf("resumed reply %q", rep.Text)
	}
	// A binding re-awaited after a restart gets the same reply again.
	if rep, _ := NewScripted(lines).Await(ctx, b, nil); rep.Text != "r2" {
		t.Fatalf("re-awaited reply %q", rep.Text)
	}
	if _, err := s2.Send(ctx, messages.Outbound{Turn: 4, Text: "x"}); !errors.Is(err, ErrScriptExhausted) {
		t.Fatalf("exhausted: %v", err)
	}
	// Past the script's end is refused; TestScriptedOpenCursor has the
	// rest.
	if _, err := NewScripted(lines).Open(ctx, "9"); err == nil {
		t.Error("cursor 9 of 3 lines accepted")
	}
}

func TestScriptedDelayHonoursContext(t *testing.T) {
	lines, _ := ParseScript(strings.NewReader("{\"reply\":\"slow\",\"delay_ms\":60000}\n"))
	s := NewScripted(lines)
	b, _ := s.Send(context.Background(), messages.Outbound{Turn: 1, Text: "x"})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	if _, err := s.Await(ctx, b, nil); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("await: %v", err)
	}
}

func TestFailure(t *testing.T) {
	for err, want := range map[error]messages.ModelFailure{
		fmt.Errorf("x: %w", ErrCrash):                              messages.FailCrash,
		fmt.Errorf("x: %w", ErrNotSent):                            messages.FailNotSent,
		fmt.Errorf("x: %w", ErrRefused):                            messages.FailRefused,
		&Error{Kind: messages.FailTooLong, Err: ErrTooLong}:        messages.FailTooLong,
		fmt.Errorf("wrapped: %w", &Error{Kind: messages.FailAuth}): messages.FailAuth,
		errors.New("something else"):                               messages.FailOther,
	} {
		if got := Failure(err); got != want {
			t.Errorf("Failure(%v) = %s, want %s", err, got, want)
		}
	}
}
