package browser

import (
	"context"
	"fmt"
	"regexp"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/browser/pagescript"
	"github.com/wtagent/wtagent/browser/wire/sse"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
)

// classifyCardText sorts an error text into rate_limit, too_long or error
// with the patterns of package pagescript.
func classifyCardText(text string) string {
	pt := pagescript.Patterns()
	switch {
	case regexp.MustCompile("(?i)" + pt["policy"]).MatchString(text):
		return "refused"
	case regexp.MustCompile("(?i)" + pt["tooLong"]).MatchString(text):
		return "too_long"
	case regexp.MustCompile("(?i)" + pt["rateLimit"]).MatchString(text):
		return "rate_limit"
	}
	return "error"
}

// conversationDoc fetches the active branch of the binding's conversation
// with the page's own session: the page's linear read of the newest turns,
// or with full the whole mapping document (to prove a message absent).
func (w *turnWatch) conversationDoc(ctx context.Context, full bool) (convDoc, bool) {
	if w.t.opts.noDoc {
		return convDoc{}, false
	}
	id := conversationID(w.b.Cursor)
	if id == "" {
		if here, err := w.s.location(ctx); err == nil {
			id = conversationID(here)
		}
	}
	if id == "" {
		return convDoc{}, false
	}
	if w.docLimit.held() {
		return convDoc{Status: 429}, false // not before the page's wait ends
	}
	var doc convDoc
	if err := w.s.call(ctx, 15*time.Second, &doc, "conversation", id, full); err != nil {
		w.t.opts.Logger.Debug("conversation document", "err", err)
		return convDoc{}, false
	}
	if doc.Status == 429 {
		w.rateLimitedRead(ctx, doc.RetryAfter)
	}
	if doc.Status != 200 {
		w.t.opts.Logger.Debug("conversation document unavailable", "status", doc.Status, "challenge", doc.Challenge, "err", doc.Err)
		return doc, false
	}
	return doc, true
}

// rateLimitedRead holds the conversation reads for as long as the
// rate-limited response asked (else the current back-off) and says so on
// the status line; a wait longer than the turn has left ends the turn
// (readErr).
func (w *turnWatch) rateLimitedRead(ctx context.Context, seconds float64) {
	if _, err := w.docLimit.hold(ctx, &w.t.opts, conversationReads, seconds, w.jsonWait, fmt.Sprintf("reading turn %d", w.b.Turn)); err != nil {
		w.readErr = err
		return
	}
	w.jsonNext = w.docLimit.until
}

// fromConversation completes the turn from the conversation document when
// it holds a finished reply. Unless force is set it reads the document at
// most every jsonWait (backing off while the reply is still running).
func (w *turnWatch) fromConversation(ctx context.Context, force bool) (event.Reply, bool, error) {
	now := time.Now()
	if !force && now.Before(w.jsonNext) {
		return event.Reply{}, false, nil
	}
	w.jsonNext = now.Add(w.jsonWait)
	if w.jsonWait = w.jsonWait * 3 / 2; w.jsonWait > 5*time.Second {
		w.jsonWait = 5 * time.Second
	}
	doc, ok := w.conversationDoc(ctx, false)
	if err := ctx.Err(); err != nil {
		return event.Reply{}, true, err
	}
	if !ok {
		w.docPending = false
		return event.Reply{}, false, nil
	}
	turn := doc.findTurn(w.b.UserMessageID, w.b.TextSHA256, w.b.PrevAssistantID)
	if doc.onEarlierPage(turn) {
		if whole, ok := w.conversationDoc(ctx, true); ok {
			turn = whole.findTurn(w.b.UserMessageID, w.b.TextSHA256, w.b.PrevAssistantID)
		}
	}
	if !turn.UserFound {
		w.docPending = false
		return event.Reply{}, false, nil
	}
	if turn.MaxTokens {
		// Cut at the output limit: continue it, once per cut.
		text := turn.Text
		w.docPending = true
		if w.cont == nil || w.cont.clicked && w.cont.join(text) != w.cont.prefix {
			return w.startContinuation(ctx, text, turn.Reply.ID)
		}
		return event.Reply{}, false, nil
	}
	if turn.Reply == nil || !turn.Finished {
		// The document knows the turn and the reply is not done: it is the
		// authority (a cut stream leaves a partial page), unless it stays
		// so for long while the page is quiet.
		if w.pendingSince.IsZero() {
			w.pendingSince = now
		}
		w.docPending = now.Sub(w.pendingSince) < 30*time.Second
		return event.Reply{}, false, nil
	}
	text := w.cont.join(turn.Text)
	if text == "" {
		return event.Reply{}, true, failure(messages.FailEmpty, fmt.Errorf("%w: the reply to turn %d finished with no text", model.ErrEmpty, w.b.Turn))
	}
	return w.reply(ctx, text, turn.Reply.ID, turn.Reply.ModelSlug, event.SourceConversation), true, nil
}

// checkSent verifies after a restart that the bound user message is in the
// conversation. Only a conversation document that positively lacks it
// gives model.ErrNotSent; the page alone may simply not have rendered it.
func (w *turnWatch) checkSent(ctx context.Context) error {
	deadline := time.Now().Add(w.t.opts.StepTimeout)
	for time.Now().Before(deadline) {
		if w.last.UserFound {
			return nil
		}
		if err := w.refresh(ctx); err != nil {
			return err
		}
		if w.last.UserFound {
			return nil
		}
		doc, ok := w.conversationDoc(ctx, true)
		if w.readErr != nil {
			return w.readErr
		}
		if ok {
			if !doc.findTurn(w.b.UserMessageID, w.b.TextSHA256, "").UserFound {
				return errNotSent(fmt.Sprintf("the conversation %s has no message %s", w.b.Cursor, w.b.UserMessageID))
			}
			return nil
		}
		if err := w.s.sleep(ctx, 250*time.Millisecond); err != nil {
			return err
		}
	}
	return nil
}

// onCard handles an error or limit card after the bound message.
func (w *turnWatch) onCard(ctx context.Context, st turnState) (event.Reply, bool, error) {
	c := st.Err
	switch c.Kind {
	case "rate_limit":
		return event.Reply{}, true, w.rateLimited(c.Text)
	case "too_long":
		return event.Reply{}, true, failure(messages.FailTooLong, fmt.Errorf("%w: %s", model.ErrTooLong, c.Text))
	case "refused":
		// The policy notice, without a stream that said blocked (the
		// stream was not seen): the same refusal.
		return event.Reply{}, true, &RefusedError{Turn: w.b.Turn, Reply: st.ID != "", Notice: c.Text}
	}
	if time.Since(w.retryAt) < 2*time.Second {
		return event.Reply{}, false, nil // the retry is being handled
	}
	// A generic error. Is the reply there anyway?
	doc, ok := w.conversationDoc(ctx, false)
	absent := st.ID == "" || st.Len <= len(c.Text)+32
	if ok {
		turn := doc.findTurn(w.b.UserMessageID, w.b.TextSHA256, w.b.PrevAssistantID)
		if turn.Reply != nil && turn.Finished && turn.Text != "" {
			return w.reply(ctx, w.cont.join(turn.Text), turn.Reply.ID, turn.Reply.ModelSlug, event.SourceConversation), true, nil
		}
		absent = turn.Reply == nil || turn.Text == ""
	}
	if absent && c.Retry && w.retries < w.t.opts.MaxRetries {
		w.retries++
		w.t.report(event.ModelRecovering, fmt.Sprintf("ChatGPT said %q; retrying (%d of %d)", c.Text, w.retries, w.t.opts.MaxRetries), w.b.Cursor)
		w.mark, w.stream = w.s.net.Mark(), ""
		if err := w.s.click(ctx, clickSpec{Retry: true}); err != nil {
			return event.Reply{}, true, w.s.wrap(ctx, fmt.Errorf("browser: click retry: %w", err))
		}
		w.retryAt = time.Now()
		w.started, w.changed, w.sawReply = time.Now(), time.Now(), false
		return event.Reply{}, false, nil
	}
	if absent {
		return event.Reply{}, true, failure(messages.FailEmpty, fmt.Errorf("%w: ChatGPT showed %q and no reply (after %d retries)", model.ErrEmpty, c.Text, w.retries))
	}
	return event.Reply{}, true, failure(messages.FailOther, fmt.Errorf("browser: ChatGPT showed %q after a partial reply", c.Text))
}

// rateLimited reports the limit and returns its error.
func (w *turnWatch) rateLimited(text string) error {
	w.t.report(event.ModelRateLimited, "ChatGPT usage limit: "+text, w.b.Cursor)
	return failure(messages.FailRateLimit, fmt.Errorf("%w: %s", model.ErrRateLimit, text))
}

// onAuthLost handles a conversation request refused for lack of a session
// (or a challenge): it waits for the user, reopens the conversation and
// then finds out whether the message was kept.
func (w *turnWatch) onAuthLost(ctx context.Context, status int64) (event.Reply, bool, error) {
	w.t.opts.Logger.Warn("the conversation request was refused", "status", status)
	target := w.b.Cursor
	if conversationID(target) == "" {
		target = w.t.opts.BaseURL + "/"
	}
	st, _, err := w.t.loginState(ctx, w.s)
	if err != nil {
		return event.Reply{}, true, err
	}
	if st == LoginOK {
		// The session is fine: the refusal was about the request.
		return event.Reply{}, true, failure(messages.FailOther, fmt.Errorf("browser: ChatGPT refused the message with HTTP %d", status))
	}
	if err := w.t.waitForUser(ctx, w.s, st, target); err != nil {
		return event.Reply{}, true, err
	}
	w.mark, w.stream = w.s.net.Mark(), ""
	if err := w.watch(ctx); err != nil {
		return event.Reply{}, true, err
	}
	if doc, ok := w.conversationDoc(ctx, true); ok && !doc.findTurn(w.b.UserMessageID, w.b.TextSHA256, "").UserFound {
		return event.Reply{}, true, errNotSent("the message was refused while the session was logged out")
	}
	if conversationID(w.b.Cursor) == "" {
		return event.Reply{}, true, errNotSent("the message was refused while the session was logged out")
	}
	w.started, w.changed = time.Now(), time.Now()
	return event.Reply{}, false, nil
}

// finishEmpty ends a turn whose reply stayed empty: the document may
// still hold text the page did not render.
func (w *turnWatch) finishEmpty(ctx context.Context) (event.Reply, bool, error) {
	if r, done, err := w.fromConversation(ctx, true); done || err != nil {
		return r, true, err
	}
	return event.Reply{}, true, failure(messages.FailEmpty, fmt.Errorf("%w: the reply to turn %d stayed empty for %s", model.ErrEmpty, w.b.Turn, w.t.opts.EmptyTimeout))
}

// reportProgress passes the partial text to the progress callback, at
// most every 200 ms, from the stream when there is one, else from the
// page. Before the answer's first words it reports, every 15 s, what the
// model does and for how long ("thinking 45s"), so a long turn never
// looks hung.
func (w *turnWatch) reportProgress(ctx context.Context) {
	if w.progress == nil || time.Since(w.lastProg) < 200*time.Millisecond {
		return
	}
	var text string
	v, bound := w.boundStream()
	switch {
	case bound && v.Result.HasReply && v.Result.Len > 0:
		if v.Result.Len == w.progLen {
			return
		}
		text = w.cont.join(w.s.net.Text(v.ID))
	case bound:
		d := time.Since(w.started)
		if what := waitingWhat(v.Result); what != w.phase || d-w.waitShown >= 15*time.Second {
			w.phase, w.waitShown = what, d.Truncate(15*time.Second)
			w.t.reportPhase(what, fmt.Sprintf("turn %d: %s", w.b.Turn, waitingStatus(v.Result, d)), w.b.Cursor)
		}
		return
	default:
		if w.last.ID == "" || w.last.Len == w.progLen || time.Since(w.lastProg) < 500*time.Millisecond {
			return
		}
		var md *string
		if err := w.s.call(ctx, 0, &md, "markdown", w.last.ID); err != nil || md == nil {
			return
		}
		text = *md
	}
	w.lastProg, w.progLen = time.Now(), len(text)
	w.progress(text)
}

// reply builds the Reply.
func (w *turnWatch) reply(ctx context.Context, text, id, slug string, src event.ReplySource) event.Reply {
	cursor := w.b.Cursor
	if conversationID(cursor) == "" {
		if here, err := w.s.location(ctx); err == nil && conversationID(here) != "" {
			cursor = here
		}
	}
	if id == "" {
		id = w.last.ID
	}
	if slug == "" {
		slug = w.last.Slug
	}
	w.t.opts.Logger.Info("reply complete", "turn", w.b.Turn, "source", src, "bytes", len(text), "message_id", id)
	w.t.report(event.ModelReady, fmt.Sprintf("turn %d answered (%d bytes, from %s)", w.b.Turn, len(text), src), cursor)
	return event.Reply{Binding: w.b, Text: text, MessageID: id, ModelSlug: slug, Source: src, Cursor: cursor, CompletedAt: time.Now()}
}

// waitingWhat is what the model does before the answer's first words:
// "thinking", "using tools, continued after a hand-off".
func waitingWhat(r sse.Result) string {
	what := r.Activity
	if what == "" || what == "writing" {
		what = "thinking"
	}
	if r.Handoff {
		what += ", continued after a hand-off"
	}
	return what
}

// waitingStatus is the live status before the answer's first words:
// "thinking 42s", "thinking, continued after a hand-off 3m05s".
func waitingStatus(r sse.Result, d time.Duration) string {
	what := waitingWhat(r)
	d = d.Round(time.Second)
	if d < time.Minute {
		return fmt.Sprintf("%s %ds", what, int(d.Seconds()))
	}
	return fmt.Sprintf("%s %dm%02ds", what, int(d.Minutes()), int(d.Seconds())%60)
}
