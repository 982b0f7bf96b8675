package browser

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"

	"charm.land/log/v2"

	"github.com/wtagent/wtagent/model"
)

// TestReadLimitHold: a refused read is held for as long as the response
// asks (else the caller's back-off) and the status line says which; a
// wait longer than the turn has left is not waited but is a rate-limit
// error naming both, and holds nothing.
func TestReadLimitHold(t *testing.T) {
	for _, tc := range []struct {
		name     string
		seconds  float64
		fallback time.Duration
		wait     time.Duration
		line     string
		err      string
	}{
		{"as asked", 3, time.Second, 3 * time.Second, "ChatGPT limits history reads: waiting 3s, as it asks, before looking for turn 2's conversation again", ""},
		{"a fraction", 1.5, time.Second, 1500 * time.Millisecond, "ChatGPT limits history reads: waiting 1.5s, as it asks, before looking for turn 2's conversation again", ""},
		{"nothing asked", 0, 2 * time.Second, 2 * time.Second, "ChatGPT limits history reads: waiting 2s before looking for turn 2's conversation again", ""},
		{"longer than the turn", 7200, time.Second, 0, "", "ChatGPT limits history reads for 2h0m0s, longer than the"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var lines []string
			o := &Options{Logger: log.New(io.Discard), Progress: func(s string) { lines = append(lines, s) }}
			ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
			defer cancel()
			var l readLimit
			wait, err := l.hold(ctx, o, historyReads, tc.seconds, tc.fallback, "looking for turn 2's conversation")
			if tc.err != "" {
				if !errors.Is(err, model.ErrRateLimit) || !strings.Contains(err.Error(), tc.err) || !strings.Contains(err.Error(), "left of the turn's limit") {
					t.Fatalf("err %v, want a rate-limit error with %q", err, tc.err)
				}
				if !l.until.IsZero() || len(lines) != 0 {
					t.Fatalf("held until %s, lines %q: a wait not waited holds nothing", l.until, lines)
				}
				return
			}
			if err != nil || wait != tc.wait || l.until.IsZero() {
				t.Fatalf("wait %s, err %v, held until %s; want %s", wait, err, l.until, tc.wait)
			}
			if len(lines) != 1 || lines[0] != tc.line {
				t.Fatalf("status lines %q, want %q", lines, tc.line)
			}
		})
	}
}
