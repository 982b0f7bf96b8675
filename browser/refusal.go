package browser

import (
	"fmt"
	"strings"
	"time"

	"github.com/wtagent/wtagent/browser/wire/sse"
	"github.com/wtagent/wtagent/model"
	"github.com/wtagent/wtagent/session/event"
)

// RefusedError is a turn ChatGPT refused: a moderation event of the
// turn's stream said blocked, so the page removed the message or the
// reply and shows a policy notice instead. It wraps model.ErrRefused.
type RefusedError struct {
	// Turn is the refused turn.
	Turn int
	// Reply is true when the reply was blocked, false when the user's
	// message was.
	Reply bool
	// ModerationID is the blocking event's moderation_id.
	ModerationID string
	// Notice is the page's own words for it, when it showed them in time.
	Notice string
}

// Error implements error.
func (e *RefusedError) Error() string {
	what := "the message of turn"
	if e.Reply {
		what = "the reply to turn"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s: it blocked %s %d", model.ErrRefused, what, e.Turn)
	if e.ModerationID != "" {
		fmt.Fprintf(&b, " (moderation %s)", e.ModerationID)
	}
	if e.Notice != "" {
		fmt.Fprintf(&b, "; the page says %q", e.Notice)
	}
	return b.String()
}

// Unwrap returns model.ErrRefused.
func (e *RefusedError) Unwrap() error { return model.ErrRefused }

// noticeWait is how long a refused turn waits, after its stream ended,
// for the page to show its policy notice (its words go into the error).
const noticeWait = 3 * time.Second

// refused decides a turn whose stream says blocked: the turn ends
// refused as soon as the stream ended and the page showed its notice
// (or did not within noticeWait). done false means wait: the stream's
// last events or the notice are on their way.
func (w *turnWatch) refused(res sse.Result) (event.Reply, bool, error) {
	card := w.last.Err
	if card == nil && !res.Ended {
		return event.Reply{}, false, nil
	}
	if card == nil {
		if w.blockedAt.IsZero() {
			w.blockedAt = time.Now()
		}
		if time.Since(w.blockedAt) < noticeWait {
			return event.Reply{}, false, nil
		}
	}
	m := res.Moderation
	e := &RefusedError{Turn: w.b.Turn, ModerationID: m.ID,
		Reply: m.Completion || m.MessageID != "" && m.MessageID != w.b.UserMessageID}
	if card != nil {
		e.Notice = card.Text
	}
	return event.Reply{}, true, e
}
