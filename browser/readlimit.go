package browser

import (
	"context"
	"fmt"
	"time"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
)

// The kinds of read ChatGPT rate-limits (notes §8: history reads can be
// rate-limited; the page says how long to wait).
const (
	conversationReads = "conversation reads"
	historyReads      = "history reads"
)

// readLimit holds one kind of read that ChatGPT refused with 429: no read
// of that kind before until, which is as long as the refused response
// asked (its Retry-After, else the body's clears_in), else the caller's
// back-off. The turn's conversation reads (which poll) and the history
// reads that place a restarted binding (which block) share it.
type readLimit struct {
	until time.Time
}

// held reports whether the reads must still wait.
func (l *readLimit) held() bool { return time.Now().Before(l.until) }

// hold records a refused read of kind what: it holds the reads for the
// seconds the response asked (else fallback) and says so on the status
// line ("… waiting 3s, as it asks, before reading turn 2 again"). A wait
// that outlasts ctx's deadline (the turn's limit) is not waited: it is a
// rate-limit error that names both.
func (l *readLimit) hold(ctx context.Context, o *Options, what string, seconds float64, fallback time.Duration, again string) (time.Duration, error) {
	wait, asked := fallback, seconds > 0
	if asked {
		wait = time.Duration(seconds * float64(time.Second))
	}
	if dl, ok := ctx.Deadline(); ok && time.Now().Add(wait).After(dl) {
		return 0, failure(messages.FailRateLimit, fmt.Errorf("%w: ChatGPT limits %s for %s, longer than the %s left of the turn's limit",
			model.ErrRateLimit, what, wait.Round(time.Second), time.Until(dl).Round(time.Second)))
	}
	l.until = time.Now().Add(wait)
	how := ""
	if asked {
		how = ", as it asks,"
	}
	o.note("ChatGPT limits %s: waiting %s%s before %s again", what, wait.Round(100*time.Millisecond), how, again)
	return wait, nil
}

// served runs read, a read nothing else can do without, until ChatGPT
// no longer refuses it: each refusal (429) is waited out for as long as
// the response asks, else a back-off from 1 s to 5 s. read answers the
// response's status and the seconds it asks to wait. The error is a wait
// longer than ctx allows, or ctx's own.
func (l *readLimit) served(ctx context.Context, s *session, o *Options, what, again string, read func() (status int, seconds float64)) error {
	for backoff := time.Second; ; backoff = min(backoff*3/2, 5*time.Second) {
		status, seconds := read()
		if status != 429 {
			return nil
		}
		wait, err := l.hold(ctx, o, what, seconds, backoff, again)
		if err != nil {
			return err
		}
		if err := s.sleep(ctx, wait); err != nil {
			return err
		}
	}
}
