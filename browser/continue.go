package browser

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/messages"
)

// A reply that stops at the output limit (finish_details max_tokens) is
// not complete: the watcher presses the page's own "Continue generating",
// follows the continuation (a conversation POST with action "continue",
// bound to this turn) and joins the parts exactly. The continuation may
// carry the same message again with its text so far, or only the new
// text: a part that starts with the text before it replaces it, any
// other is appended to it.

// maxContinuations bounds the continuations of one reply.
const maxContinuations = 8

// continuation is the state of a reply being continued.
type continuation struct {
	prefix string // the reply's text before the continuation
	msgID  string // the message that stopped at the limit
	count  int    // continuations asked for
	// clicked is false until the page's continue button was pressed;
	// since is when the continuation was wanted.
	clicked bool
	since   time.Time
	domOnly bool // no network stream to wait for
	// asked: the continuation is the reply to a message asking the model to
	// continue (no continue control on the page): an ordinary turn.
	asked bool
}

// noStream reports whether the continuation can only be read from the
// document: the watcher has no stream to follow, or the page's continue
// request never showed in the step timeout after the click.
func (c *continuation) noStream(step time.Duration) bool {
	return c.domOnly || c.clicked && time.Since(c.since) > step
}

// join is the reply text with a continuation's text: the part alone when
// it repeats the text before it, else the two joined without a separator
// (the limit cuts anywhere, even inside a word).
func (c *continuation) join(part string) string {
	if c == nil || strings.HasPrefix(part, c.prefix) {
		return part
	}
	return c.prefix + part
}

// startContinuation is reached when the reply so far (text, message id)
// stopped at the output limit: it asks the page to continue it.
func (w *turnWatch) startContinuation(ctx context.Context, text, id string) (event.Reply, bool, error) {
	n := 1
	if w.cont != nil {
		n = w.cont.count + 1
	}
	if n > maxContinuations {
		return event.Reply{}, true, failure(messages.FailOther, fmt.Errorf("browser: the reply to turn %d still stopped at the output limit after %d continuations (%d bytes)", w.b.Turn, maxContinuations, len(text)))
	}
	w.cont = &continuation{prefix: w.cont.join(text), msgID: id, count: n, since: time.Now(), domOnly: w.t.opts.domOnly}
	w.mark, w.stream = w.s.net.Mark(), ""
	w.t.opts.Logger.Info("reply stopped at the output limit; continuing", "turn", w.b.Turn, "bytes", len(w.cont.prefix), "continuation", n)
	w.t.reportPhase("continuing a reply cut at the output limit", fmt.Sprintf("turn %d: the reply stopped at ChatGPT's output limit after %d bytes; continuing it (%d)", w.b.Turn, len(w.cont.prefix), n), w.b.Cursor)
	return w.pressContinue(ctx)
}

// pressContinue clicks the page's continue button once it shows. A page
// that offers none within the step timeout gets a message asking the model
// to continue (askToContinue).
func (w *turnWatch) pressContinue(ctx context.Context) (event.Reply, bool, error) {
	c := w.cont
	if c == nil || c.clicked {
		return event.Reply{}, false, nil
	}
	err := w.s.click(ctx, clickSpec{Loc: "continue"})
	switch {
	case err == nil:
		c.clicked, c.since = true, time.Now()
		w.started, w.changed, w.domDone = time.Now(), time.Now(), time.Time{}
		return event.Reply{}, false, nil
	case errors.Is(err, errNoTarget) && time.Since(c.since) < w.continueWait():
		return event.Reply{}, false, nil // the button comes after the stream's end
	case errors.Is(err, errNoTarget):
		return w.askToContinue(ctx)
	}
	return event.Reply{}, true, w.s.wrap(ctx, fmt.Errorf("browser: click continue: %w", err))
}

// continueWait bounds the wait for the page's continue control.
func (w *turnWatch) continueWait() time.Duration {
	if d := w.t.opts.continueWait; d > 0 {
		return d
	}
	return w.t.opts.StepTimeout
}

// continuing reports whether a continuation was asked for and its stream
// has not been seen yet: the page still shows the cut reply as finished.
func (w *turnWatch) continuing() bool {
	return w.cont != nil && !w.cont.asked && w.stream == ""
}

// continuePrompt asks the model to continue a reply cut at the limit.
const continuePrompt = "Your previous reply was cut off by the output limit. Continue it exactly where it stopped: " +
	"no repetition, no preamble, nothing else."

// askToContinue sends a message asking the model to continue the cut
// reply and follows that turn to its end; its reply joined to the text so
// far is this turn's reply.
func (w *turnWatch) askToContinue(ctx context.Context) (event.Reply, bool, error) {
	c := w.cont
	w.t.opts.Logger.Warn("the page offers no continue control; asking the model to continue", "turn", w.b.Turn, "bytes", len(c.prefix))
	w.t.reportPhase("asking ChatGPT to continue a reply cut at the output limit",
		fmt.Sprintf("turn %d: no continue control on the page; asking the model to continue (%d bytes so far)", w.b.Turn, len(c.prefix)), w.b.Cursor)
	b, err := w.t.Send(ctx, messages.Outbound{Turn: w.b.Turn, Text: continuePrompt})
	if err != nil {
		return event.Reply{}, true, err
	}
	sub := &turnWatch{t: w.t, s: w.s, b: b, progress: w.progress,
		cont: &continuation{prefix: c.prefix, msgID: c.msgID, count: c.count, clicked: true, asked: true, since: time.Now()}}
	r, err := sub.run(ctx)
	if err != nil {
		return event.Reply{}, true, err
	}
	r.Binding = w.b
	return r, true, nil
}
