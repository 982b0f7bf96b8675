package browser

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/chromedp/cdproto/network"

	"github.com/wtagent/wtagent/browser/wire/netstream"
	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/model"
)

// watchConfig tells the page which turn to watch (see bound() in page.js).
type watchConfig struct {
	Key    string `json:"key"`
	UserID string `json:"userId"`
	UserN  int    `json:"userN"`
	PrevID string `json:"prevId"`
}

// Await implements model.Transport: it waits until the reply bound to b is
// complete and returns its exact text. Completion is pushed: by the page's
// own conversation stream (read through the Network domain) when this
// process saw the request, else by the page's MutationObserver, with
// polling only as a fallback. It never accepts a reply older than b.
func (t *Transport) Await(ctx context.Context, b event.Binding, progress func(string)) (event.Reply, error) {
	s, err := t.live()
	if err != nil {
		return event.Reply{}, err
	}
	ctx, cancel := context.WithTimeoutCause(ctx, t.opts.TurnTimeout, errTurnTimeout)
	defer cancel()
	b, err = t.placeBinding(ctx, s, b)
	if err != nil {
		return event.Reply{}, t.awaitErr(ctx, s, err)
	}
	if err := t.showConversation(ctx, s, b.Cursor); err != nil {
		return event.Reply{}, t.awaitErr(ctx, s, err)
	}
	w := &turnWatch{t: t, s: s, b: b, progress: progress}
	r, err := w.run(ctx)
	err = t.awaitErr(ctx, s, err)
	w.recordIfDue(r.Text, r.MessageID, err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, model.ErrCrash))
	return r, err
}

// errTurnTimeout is the cause of Await's own deadline.
var errTurnTimeout = errors.New("turn timeout")

// awaitErr maps Await's errors: a crash, the turn timeout.
func (t *Transport) awaitErr(ctx context.Context, s *session, err error) error {
	if err == nil {
		return nil
	}
	if s.isDead() {
		return crashError(s.c.Cause())
	}
	if errors.Is(context.Cause(ctx), errTurnTimeout) && errors.Is(err, context.DeadlineExceeded) {
		return failure(messages.FailTimeout, fmt.Errorf("%w: no complete reply within %s", model.ErrTimeout, t.opts.TurnTimeout))
	}
	return err
}

// showConversation makes sure the tab shows the binding's conversation
// (after a restart, or when something navigated away).
func (t *Transport) showConversation(ctx context.Context, s *session, cursor string) error {
	id := conversationID(cursor)
	if id == "" {
		return nil // a binding without a conversation URL: stay where we are
	}
	here, err := s.location(ctx)
	if err != nil {
		return err
	}
	if conversationID(here) == id {
		return nil
	}
	_, err = t.Open(ctx, cursor)
	return err
}

// turnWatch follows one turn to completion.
type turnWatch struct {
	t        *Transport
	s        *session
	b        event.Binding
	progress func(string)

	key     string
	stream  network.RequestID // the bound conversation stream, if any
	msgID   string            // the reply's message id, once a stream named it
	mark    int               // streams after it may carry the reply
	retries int

	last     turnState
	changed  time.Time // last change of the reply text or the stop button
	sawReply bool      // an assistant message or the stop button showed
	started  time.Time
	lastProg time.Time
	progLen  int
	jsonNext time.Time // next conversation-document check
	jsonWait time.Duration
	// docLimit holds the conversation reads ChatGPT rate-limited, as long
	// as its response asked; readErr is a limit longer than the turn has
	// left.
	docLimit   readLimit
	readErr    error
	emptySince time.Time
	retryAt    time.Time // when retry was last clicked
	domDone    time.Time // when the DOM first looked complete
	// docPending means the conversation document has the turn but not a
	// finished reply yet, since pendingSince.
	docPending   bool
	pendingSince time.Time
	// fallbackSeen: the resolved model was reported.
	fallbackSeen bool
	// waitShown is the wait last reported as a status ("thinking 45s"),
	// phase what it said the model does.
	waitShown time.Duration
	phase     string
	// cont is set while a reply cut at the output limit is continued,
	// rec once the bound stream broke off.
	cont *continuation
	rec  *recovery
	// blockedAt is when the bound stream, blocked by a moderation event,
	// ended without the page's policy notice yet.
	blockedAt time.Time
}

func (w *turnWatch) run(ctx context.Context) (event.Reply, error) {
	w.started, w.changed = time.Now(), time.Now()
	w.jsonWait = time.Second
	w.t.mu.Lock()
	rec, known := w.t.sent[bindingKey(w.b)]
	w.mark = w.t.openSeq
	w.t.mu.Unlock()
	if known {
		w.mark, w.stream = rec.mark, rec.stream
	}
	if err := w.watch(ctx); err != nil {
		return event.Reply{}, err
	}
	if !known {
		// A restart: the message must be in the conversation, or it may be
		// sent again.
		if err := w.checkSent(ctx); err != nil {
			return event.Reply{}, err
		}
	}
	poll := time.NewTicker(500 * time.Millisecond)
	defer poll.Stop()
	stable := time.NewTimer(time.Hour)
	defer stable.Stop()
	for {
		if r, done, err := w.step(ctx, stable); done || err != nil {
			return r, err
		}
		select {
		case <-ctx.Done():
			return event.Reply{}, ctx.Err()
		case <-w.s.c.Life().Done():
			return event.Reply{}, w.s.wrap(ctx, context.Canceled)
		case <-w.s.obs.notify:
		case <-w.s.net.Notify():
		case <-stable.C:
		case <-poll.C:
			if err := w.refresh(ctx); err != nil {
				return event.Reply{}, err
			}
		}
	}
}

// watch tells the page to watch this turn.
func (w *turnWatch) watch(ctx context.Context) error {
	w.key = "w" + strconv.FormatUint(w.t.watchSeq.Add(1), 10)
	cfg := watchConfig{Key: w.key, UserID: w.b.UserMessageID, UserN: w.b.TurnIndex, PrevID: w.b.PrevAssistantID}
	var st turnState
	if err := w.s.call(ctx, 0, &st, "watch", cfg); err != nil {
		return err
	}
	w.observe(st)
	return nil
}

// refresh reads the watched state directly: the fallback when pushes stop
// (a reload dropped the watch, a throttled page).
func (w *turnWatch) refresh(ctx context.Context) error {
	var st turnState
	if err := w.s.call(ctx, 5*time.Second, &st, "state"); err != nil {
		if w.s.gone() || ctx.Err() != nil {
			return err
		}
		w.t.opts.Logger.Debug("turn state poll", "err", err)
		return nil
	}
	if st.Key != w.key {
		return w.watch(ctx)
	}
	w.observe(st)
	return nil
}

// observe records a state and notes changes of the reply.
func (w *turnWatch) observe(st turnState) {
	if st.Key != w.key {
		return
	}
	if st.ID != w.last.ID || st.Len != w.last.Len || st.Hash != w.last.Hash || st.Stop != w.last.Stop || st.Bar != w.last.Bar {
		w.changed = time.Now()
	}
	if st.ID != "" || st.Stop {
		w.sawReply = true
	}
	w.last = st
}

// step evaluates the turn once; done means r or err is the answer.
func (w *turnWatch) step(ctx context.Context, stable *time.Timer) (event.Reply, bool, error) {
	if w.readErr != nil {
		return event.Reply{}, true, w.readErr // a read limit longer than the turn has left
	}
	if st, _ := w.s.obs.latest(); st.Key == w.key {
		w.observe(st)
	}
	// 0. A reply cut at the output limit waits for the page's continue.
	if r, done, err := w.pressContinue(ctx); done || err != nil {
		return r, true, err
	}
	// 1. The page's own stream: exact and immediate; a broken one is
	// resumed (stream_status, the resume POST) or read from the document.
	if r, done, err := w.fromNetwork(ctx); done || err != nil {
		return r, true, err
	}
	if r, done, err := w.recoverStream(ctx); done || err != nil {
		return r, true, err
	}
	st := w.last
	// 2. Error and limit cards.
	if st.Err != nil {
		if r, done, err := w.onCard(ctx, st); done || err != nil {
			return r, true, err
		}
	}
	w.reportProgress(ctx)
	if w.t.opts.netOnly || w.continuing() {
		// The page shows the cut reply as finished until the continuation
		// starts: only the stream or the document may complete it.
		if _, bound := w.boundStream(); !bound && w.continuing() && !w.t.opts.netOnly && w.cont.noStream(w.t.opts.StepTimeout) {
			if r, done, err := w.fromConversation(ctx, false); done || err != nil {
				return r, true, err
			}
		}
		return event.Reply{}, false, nil
	}
	now := time.Now()
	// 3. The DOM: a bound assistant message, no stop button, text stable.
	if st.ID != "" && !st.Stop && st.Err == nil {
		if st.Len == 0 && st.Image && st.Bar {
			// An image-only reply, finished: no text will come.
			w.t.opts.note("ChatGPT answered turn %d with an image only", w.b.Turn)
			return w.reply(ctx, ImageOnlyReply, st.ID, st.Slug, event.SourceDOM), true, nil
		}
		if st.Len == 0 {
			if w.emptySince.IsZero() {
				w.emptySince = now
			}
			if now.Sub(w.emptySince) >= w.t.opts.EmptyTimeout {
				return w.finishEmpty(ctx)
			}
			resetTimer(stable, w.t.opts.EmptyTimeout-now.Sub(w.emptySince))
		} else {
			w.emptySince = time.Time{}
			win := w.window(st)
			if quiet := now.Sub(w.changed); quiet >= win {
				r, done, err := w.finishDOM(ctx)
				if done || err != nil {
					return r, true, err
				}
			} else {
				resetTimer(stable, win-quiet)
			}
		}
	}
	// 4. Nothing at all: a dead request.
	if !w.sawReply && now.Sub(w.started) >= w.t.opts.DeadRequestTimeout {
		if r, done, err := w.fromConversation(ctx, true); done || err != nil {
			return r, true, err
		}
		return event.Reply{}, true, failure(messages.FailTimeout, fmt.Errorf("%w: no reply started within %s of the send", model.ErrTimeout, w.t.opts.DeadRequestTimeout))
	}
	// 5. No DOM signal while the document may already have the reply
	// (a virtualised thread, a page that does not render it).
	if !st.UserFound && now.After(w.jsonNext) {
		if r, done, err := w.fromConversation(ctx, true); done || err != nil {
			return r, true, err
		}
	}
	return event.Reply{}, false, nil
}

// window is the quiet time the DOM path needs: the stability window with
// the finished bar, longer without it (the bar can lag the last token).
func (w *turnWatch) window(st turnState) time.Duration {
	if st.Bar {
		return w.t.opts.StableWindow
	}
	return 8 * w.t.opts.StableWindow
}

func resetTimer(t *time.Timer, d time.Duration) {
	if d < time.Millisecond {
		d = time.Millisecond
	}
	t.Reset(d)
}

// boundStream finds the conversation stream carrying this turn's reply:
// the request sent for it (or a retry after it), or, after a reload or a
// restart, the page's resume of the conversation when that carries the
// message we bound. A resume of the bound stream (after a hand-off or a
// cut) feeds the bound stream's own parser, so the bound stream stays the
// turn's view until the turn completes.
func (w *turnWatch) boundStream() (netstream.View, bool) {
	if w.t.opts.domOnly {
		return netstream.View{}, false
	}
	if w.stream != "" {
		if v, ok := w.s.net.Get(w.stream); ok {
			if v.Result.MessageID != "" && v.Result.MessageID != w.b.PrevAssistantID {
				w.msgID = v.Result.MessageID
			}
			return v, true
		}
	}
	conv := conversationID(w.b.Cursor)
	for _, v := range w.s.net.After(w.mark) {
		switch {
		case !v.Resume && w.cont != nil && !w.cont.asked:
			// A reply being continued: the page's continue POST.
			if v.Action != "continue" {
				continue
			}
		case !v.Resume && (v.UserID == "" || v.UserID == w.b.UserMessageID || w.retries > 0):
		case v.Resume && v.Of == "" && conv != "" && v.ConvID == conv:
			// A resume stream carries the conversation's newest message;
			// it is ours only if it is the message we bound.
			id := v.Result.MessageID
			if id == "" || id == w.b.PrevAssistantID || (id != w.msgID && id != w.last.ID) {
				continue
			}
		default:
			continue
		}
		w.stream = v.ID
		return v, true
	}
	return netstream.View{}, false
}

// fromNetwork completes the turn from the bound stream.
func (w *turnWatch) fromNetwork(ctx context.Context) (event.Reply, bool, error) {
	v, ok := w.boundStream()
	if !ok {
		return event.Reply{}, false, nil
	}
	switch v.Status {
	case 401, 403:
		return w.onAuthLost(ctx, v.Status)
	case 429:
		return event.Reply{}, true, w.rateLimited("the conversation request was refused with 429 Too Many Requests")
	}
	res := v.Result
	if res.Moderation.Blocked {
		// The content policy removed the message or the reply: no text
		// will come, and asking again gets the same answer.
		return w.refused(res)
	}
	if res.Events > 0 {
		w.sawReply = true // the server answers: a long think is not a dead request
	}
	if res.Fallback != "" && !w.fallbackSeen {
		w.fallbackSeen = true
		w.t.opts.note("ChatGPT answers turn %d with %s, not the model asked for (a usage cap or fallback)", w.b.Turn, res.Fallback)
	}
	if res.Error != "" {
		switch classifyCardText(res.Error) {
		case "too_long":
			return event.Reply{}, true, failure(messages.FailTooLong, fmt.Errorf("%w: %s", model.ErrTooLong, res.Error))
		case "rate_limit":
			return event.Reply{}, true, w.rateLimited(res.Error)
		}
		// Other stream errors show as a card; the DOM path handles them.
		return event.Reply{}, false, nil
	}
	if res.MaxTokens && res.Ended && !res.Handoff {
		// The answer stopped at the output limit: never a complete reply.
		return w.startContinuation(ctx, w.s.net.Text(v.ID), res.MessageID)
	}
	if !res.Finished || res.MessageID == w.b.PrevAssistantID {
		return event.Reply{}, false, nil
	}
	text := w.cont.join(w.s.net.Text(v.ID))
	if text == "" && res.Image {
		// An image-only reply: complete now, and say so to the model
		// loop rather than wait for text that never comes.
		w.t.opts.note("ChatGPT answered turn %d with an image only", w.b.Turn)
		text = ImageOnlyReply
	}
	if text == "" {
		return event.Reply{}, true, failure(messages.FailEmpty, fmt.Errorf("%w: the reply to turn %d finished with no text", model.ErrEmpty, w.b.Turn))
	}
	src := event.SourceNetwork
	if w.rec != nil && w.rec.resumed {
		src = event.SourceResume
	}
	return w.reply(ctx, text, res.MessageID, res.ModelSlug, src), true, nil
}

// ImageOnlyReply is the reply text of a reply that holds an image and no
// text.
const ImageOnlyReply = "the reply holds no text (an image)"

// finishDOM is reached when the DOM says the reply is complete: it
// confirms with a fresh read, then reads the exact text.
func (w *turnWatch) finishDOM(ctx context.Context) (event.Reply, bool, error) {
	if err := w.refresh(ctx); err != nil {
		return event.Reply{}, false, err
	}
	st := w.last
	if st.ID == "" || st.Stop || st.Err != nil || time.Since(w.changed) < w.window(st) {
		return event.Reply{}, false, nil
	}
	// The stream may have finished meanwhile.
	if r, done, err := w.fromNetwork(ctx); done || err != nil {
		return r, done, err
	}
	if v, ok := w.boundStream(); ok && v.Status == 200 && v.Failed == "" && !v.Result.Finished {
		// The page rendered the end; the stream's last bytes reach us a
		// moment later, or are still flowing.
		if w.domDone.IsZero() {
			w.domDone = time.Now()
		}
		if time.Since(w.domDone) < 750*time.Millisecond || (!v.Loaded && time.Since(v.LastData) < 2*time.Second) {
			return event.Reply{}, false, nil
		}
	}
	// The conversation document is exact; it also tells an unfinished reply
	// (a cut stream) from a finished one.
	r, done, err := w.fromConversation(ctx, false)
	if done || err != nil {
		return r, done, err
	}
	if w.docPending || w.continuing() || w.recovering() {
		return event.Reply{}, false, nil
	}
	return w.fromPage(ctx, st)
}

// fromPage reads the text from the page itself: the copy action, then
// a DOM-to-markdown walk.
func (w *turnWatch) fromPage(ctx context.Context, st turnState) (event.Reply, bool, error) {
	var cp struct {
		OK     bool   `json:"ok"`
		Text   string `json:"text"`
		Reason string `json:"reason"`
	}
	if err := w.s.call(ctx, 5*time.Second, &cp, "copyText", st.ID, 2000); err == nil && cp.OK && cp.Text != "" {
		return w.reply(ctx, w.cont.join(cp.Text), st.ID, st.Slug, event.SourceCopy), true, nil
	} else if err != nil && (w.s.gone() || ctx.Err() != nil) {
		return event.Reply{}, true, err
	}
	var md *string
	if err := w.s.call(ctx, 0, &md, "markdown", st.ID); err != nil {
		return event.Reply{}, true, err
	}
	if md == nil {
		return event.Reply{}, false, nil // the message went away: keep watching
	}
	if *md == "" {
		return event.Reply{}, true, failure(messages.FailEmpty, fmt.Errorf("%w: the reply to turn %d is empty", model.ErrEmpty, w.b.Turn))
	}
	return w.reply(ctx, w.cont.join(*md), st.ID, st.Slug, event.SourceDOM), true, nil
}
