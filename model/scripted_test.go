package model

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/messages"
)

// TestScriptedOpenCursor: a cursor of the same script file continues
// where it was, one of another file (or of no file) starts at the first
// line, one past the script's end says what to do.
func TestScriptedOpenCursor(t *testing.T) {
	lines, _ := ParseScript(strings.NewReader("{\"reply\":\"r1\"}\n{\"reply\":\"r2\"}\n"))
	for _, tc := range []struct {
		name, source, cursor, want, err string
	}{
		{"same file", "/p/a.jsonl", "/p/a.jsonl#1", "/p/a.jsonl#1", ""},
		{"same file, at its end", "/p/a.jsonl", "/p/a.jsonl#2", "/p/a.jsonl#2", ""},
		{"another file", "/p/b.jsonl", "/p/a.jsonl#2", "/p/b.jsonl#0", ""},
		{"another file, past this one's end", "/p/b.jsonl", "/p/a.jsonl#7", "/p/b.jsonl#0", ""},
		{"a file's cursor, no file now", "", "/p/a.jsonl#1", "0", ""},
		{"a cursor without a file", "/p/a.jsonl", "1", "/p/a.jsonl#1", ""},
		{"no file", "", "2", "2", ""},
		{"past the end", "/p/a.jsonl", "/p/a.jsonl#3",
			"", "the script /p/a.jsonl has 2 replies, but this session already used 3 of it: add replies to it, or resume with a different --script file"},
		{"past the end, no file", "", "3", "", "the script has 2 replies, but this session already used 3"},
		{"no script's", "/p/a.jsonl", "https://chatgpt.com/c/abc", "/p/a.jsonl#0", ""},
		{"no script's, with a fragment", "/p/a.jsonl", "https://chatgpt.com/c/abc#x", "/p/a.jsonl#0", ""},
		{"negative", "", "-1", "0", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := NewScriptedFile(tc.source, lines)
			got, err := s.Open(context.Background(), tc.cursor)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) || Failure(err) != messages.FailScript {
					t.Fatalf("Open(%q) = %q, %v; want an error with %q", tc.cursor, got, err, tc.err)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("Open(%q) = %q, %v; want %q", tc.cursor, got, err, tc.want)
			}
		})
	}
}

// TestScriptedFileCursors: the cursors a file's script hands out name the
// file, and a new script of the same file continues from them.
func TestScriptedFileCursors(t *testing.T) {
	ctx := context.Background()
	lines, _ := ParseScript(strings.NewReader("{\"reply\":\"r1\"}\n{\"reply\":\"r2\"}\n"))
	s := NewScriptedFile("/p/a.jsonl", lines)
	b, err := s.Send(ctx, messages.Outbound{Turn: 1, Text: "x"})
	if err != nil || b.Cursor != "/p/a.jsonl#1" {
		t.Fatalf("binding cursor %q, %v", b.Cursor, err)
	}
	rep, err := s.Await(ctx, b, nil)
	if err != nil || rep.Cursor != "/p/a.jsonl#1" {
		t.Fatalf("reply cursor %q, %v", rep.Cursor, err)
	}
	again := NewScriptedFile("/p/a.jsonl", lines)
	if _, err := again.Open(ctx, rep.Cursor); err != nil {
		t.Fatal(err)
	}
	b2, _ := again.Send(ctx, messages.Outbound{Turn: 2, Text: "x"})
	if rep, _ := again.Await(ctx, b2, nil); rep.Text != "r2" {
		t.Fatalf("continued with %q, want r2", rep.Text)
	}
	if _, err := again.Send(ctx, messages.Outbound{Turn: 3, Text: "x"}); !errors.Is(err, ErrScriptExhausted) {
		t.Fatalf("exhausted: %v", err)
	}
	// A message sent with another script file was never this one's: it
	// is sent again (and answered from line 1).
	other := NewScriptedFile("/p/b.jsonl", lines)
	if _, err := other.Await(ctx, b2, nil); !errors.Is(err, ErrNotSent) || Failure(err) != messages.FailNotSent {
		t.Fatalf("await of another file's message: %v", err)
	}
	if rep, err := again.Await(ctx, b2, nil); err != nil || rep.Text != "r2" {
		t.Fatalf("re-await of the file's own message: %q, %v", rep.Text, err)
	}
}

// TestScriptedForAgent: lines with an "agent" serve only the sub-agent
// whose task contains it, in order; the main conversation skips them,
// and each conversation keeps its own cursor.
func TestScriptedForAgent(t *testing.T) {
	ctx := context.Background()
	lines, err := ParseScript(strings.NewReader(`{"reply":"main1"}
{"reply":"a1","agent":"alpha"}
{"reply":"b1","agent":"beta","delay_ms":1}
{"reply":"main2"}
{"reply":"a2","agent":"alpha"}
`))
	if err != nil {
		t.Fatal(err)
	}
	main := NewScriptedFile("/p/s.jsonl", lines)
	alpha := main.ForAgent("explore the alpha module")
	beta := main.ForAgent("explore beta")
	none := main.ForAgent("explore gamma")
	replies := func(s *Scripted, n int) []string {
		t.Helper()
		var got []string
		for i := 1; i <= n; i++ {
			b, err := s.Send(ctx, messages.Outbound{Turn: i, Text: "x"})
			if err != nil {
				t.Fatalf("send %d: %v", i, err)
			}
			r, err := s.Await(ctx, b, nil)
			if err != nil {
				t.Fatalf("await %d: %v", i, err)
			}
			got = append(got, r.Text)
		}
		return got
	}
	// Interleaved as parallel sub-agents would be: each sees its own lines.
	if got := replies(alpha, 1); got[0] != "a1" {
		t.Fatalf("alpha 1 = %q", got)
	}
	if got := replies(main, 2); strings.Join(got, ",") != "main1,main2" {
		t.Fatalf("main = %q", got)
	}
	if got := replies(beta, 1); got[0] != "b1" {
		t.Fatalf("beta = %q", got)
	}
	if got := replies(alpha, 1); got[0] != "a2" {
		t.Fatalf("alpha 2 = %q", got)
	}
	for name, s := range map[string]*Scripted{"main": main, "alpha": alpha, "beta": beta} {
		if _, err := s.Send(ctx, messages.Outbound{Turn: 9, Text: "x"}); !errors.Is(err, ErrScriptExhausted) {
			t.Fatalf("%s past its lines: %v", name, err)
		}
	}
	_, err = none.Send(ctx, messages.Outbound{Turn: 1, Text: "x"})
	if !errors.Is(err, ErrScriptExhausted) || !strings.Contains(err.Error(), "sub-agent") {
		t.Fatalf("a sub-agent without lines: %v", err)
	}
	if c, _ := alpha.Open(ctx, ""); c != "/p/s.jsonl?agent#2" {
		t.Fatalf("alpha cursor %q", c)
	}
}
