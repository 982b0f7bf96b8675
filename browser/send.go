package browser

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/browser/wire/netstream"
	"github.com/wtagent/wtagent/messages"
)

// Send implements model.Transport: it enters the message (and its
// attachments), submits it, checks that the conversation shows it, and
// returns the binding that identifies it.
func (t *Transport) Send(ctx context.Context, m messages.Outbound) (event.Binding, error) {
	s, err := t.live()
	if err != nil {
		return event.Binding{}, err
	}
	text := normalizeText(m.Text)
	if strings.TrimSpace(text) == "" && len(m.Attachments) == 0 {
		return event.Binding{}, fmt.Errorf("browser: turn %d: empty message", m.Turn)
	}
	files, err := checkAttachments(m.Attachments)
	if err != nil {
		return event.Binding{}, err
	}
	t.report(event.ModelSending, fmt.Sprintf("sending turn %d (%d bytes, %d attachments)", m.Turn, len(text), len(files)), "")
	if _, err := t.prepare(ctx, s); err != nil {
		return event.Binding{}, err
	}
	if err := t.selectModeIfDue(ctx, s); err != nil {
		return event.Binding{}, err
	}
	p, err := t.prepare(ctx, s)
	if err != nil {
		return event.Binding{}, err
	}
	if err := t.uncover(ctx, s); err != nil {
		return event.Binding{}, err
	}
	base := p.Thread
	mark := s.net.Mark()

	inline, cleanup, err := t.compose(ctx, s, text, files, m.Turn)
	defer cleanup()
	if err != nil {
		return event.Binding{}, err
	}
	b, err := t.submit(ctx, s, base, mark, inline)
	if err != nil {
		return event.Binding{}, err
	}
	b.Turn = m.Turn
	b.TextSHA256 = textHash(inline)
	b.SentAt = time.Now()
	t.opts.Logger.Info("message sent", "turn", m.Turn, "user_message_id", b.UserMessageID, "turn_index", b.TurnIndex, "cursor", b.Cursor)
	t.report(event.ModelThinking, fmt.Sprintf("turn %d sent", m.Turn), b.Cursor)
	return b, nil
}

// compose puts the message into the composer: attachments first, then
// the text, read back exactly. Text over MaxInline, or text the composer
// does not hold exactly, goes as an attached file with a short inline
// instruction. It returns the text left inline; cleanup removes the
// temporary file (always call it).
func (t *Transport) compose(ctx context.Context, s *session, text string, files []string, turn int) (string, func(), error) {
	var cleanups []func()
	cleanup := func() {
		for _, c := range cleanups {
			c()
		}
	}
	asFile := func() (string, error) {
		path, short, rm, err := messageFile(text, turn)
		if err != nil {
			return "", err
		}
		cleanups = append(cleanups, rm)
		files = append(files, path)
		return short, nil
	}
	inline := text
	if len(text) > t.maxInline() {
		short, err := asFile()
		if err != nil {
			return "", cleanup, err
		}
		inline = short
	}
	if len(files) > 0 {
		if err := t.attach(ctx, s, files); err != nil {
			return "", cleanup, err
		}
	}
	chk, err := t.enter(ctx, s, inline, true)
	if err == nil && !chk.Equal && inline == text {
		t.opts.Logger.Warn("the composer does not hold the exact text; attaching it as a file", "check", chk.String())
		short, ferr := asFile()
		if ferr != nil {
			return "", cleanup, ferr
		}
		if _, err := s.enterText(ctx, "", entryDOM, false); err != nil {
			return "", cleanup, err
		}
		if err := t.attach(ctx, s, files[len(files)-1:]); err != nil {
			return "", cleanup, err
		}
		inline = short
		chk, err = t.enter(ctx, s, inline, true)
	}
	switch {
	case errors.Is(err, errNoTarget):
		return "", cleanup, s.adapterError(ctx, "composer", "enter the message", "")
	case err != nil:
		return "", cleanup, err
	case !chk.Equal:
		return "", cleanup, s.adapterError(ctx, "composer", "enter the message", "read-back "+chk.String())
	}
	return inline, cleanup, nil
}

// submit clicks send and waits until the message is sent: the page's
// conversation POST left (or, where the network is not seen, the thread
// shows a new user message). When neither happens and the composer still
// holds the text, it clicks once more; once the POST left it never sends
// again.
func (t *Transport) submit(ctx context.Context, s *session, base threadInfo, mark int, inline string) (event.Binding, error) {
	// A page that shows no send control at all within a step has changed
	// (a locator the override file can route around): say so now rather
	// than after the upload's wait, which is for a control that shows
	// disabled while files upload.
	if _, err := s.waitSnap(ctx, t.opts.StepTimeout, func(p pageSnap) bool { return p.Send.Present }); err != nil {
		if s.gone() || ctx.Err() != nil {
			return event.Binding{}, s.wrap(ctx, err)
		}
		return event.Binding{}, s.adapterError(ctx, "send", "submit the message", "no send control on the page")
	}
	for attempt := 0; attempt < 2; attempt++ {
		if _, err := s.waitSnap(ctx, t.opts.UploadTimeout, func(p pageSnap) bool { return p.Send.Enabled }); err != nil {
			if s.gone() || ctx.Err() != nil {
				return event.Binding{}, s.wrap(ctx, err)
			}
			return event.Binding{}, s.adapterError(ctx, "send", "submit the message", "the send button is not enabled")
		}
		if err := s.click(ctx, clickSpec{Loc: "send"}); err != nil {
			if errors.Is(err, errNoTarget) {
				return event.Binding{}, s.adapterError(ctx, "send", "submit the message", "")
			}
			return event.Binding{}, err
		}
		b, ok, err := t.confirmSent(ctx, s, base, mark, inline)
		if err != nil || ok {
			return b, err
		}
		var cur *string
		if err := s.call(ctx, 0, &cur, "composerText"); err != nil {
			return event.Binding{}, err
		}
		if cur == nil || *cur != inline {
			break // the page took the text somewhere: do not resend
		}
		t.opts.Logger.Warn("the send did not leave; clicking send once more")
	}
	return event.Binding{}, s.adapterError(ctx, "message", "confirm the send", "no conversation request left and no new user message appeared after clicking send")
}

// postedStream is the first conversation POST after mark that carries a
// message (not a resume, not a continue).
func postedStream(s *session, mark int) (netstream.View, bool) {
	for _, v := range s.net.After(mark) {
		if !v.Resume && v.Action != "continue" {
			return v, true
		}
	}
	return netstream.View{}, false
}

// confirmSent waits until the message is sent — the conversation POST left
// (the network), else a user message the thread did not show before (the
// DOM: a page whose requests are not seen) — never by counts or ordinals:
// a windowed thread's counts stay flat or fall around a send. Once sent it
// gathers the binding: the user message id (the POST body, else the
// thread), the conversation (the POST body, the stream, else the URL).
// Sent is final: a slow confirmation after the POST left returns what is
// known, never "not sent", so the message is never posted twice.
func (t *Transport) confirmSent(ctx context.Context, s *session, base threadInfo, mark int, inline string) (event.Binding, bool, error) {
	newUser := func(p pageSnap) bool {
		lu := p.Thread.LastUser
		return lu != nil && lu.ID != "" && lu.ID != base.LastUser.id()
	}
	p, err := s.waitSnap(ctx, 10*time.Second, func(p pageSnap) bool {
		_, posted := postedStream(s, mark)
		return posted || newUser(p)
	})
	if _, posted := postedStream(s, mark); err != nil && !posted {
		if s.gone() || ctx.Err() != nil {
			return event.Binding{}, false, s.wrap(ctx, err)
		}
		return event.Binding{}, false, nil
	}
	var stream netstream.View
	known := func(p pageSnap) bool {
		stream, _ = postedStream(s, mark)
		refused := stream.ID != "" && (stream.Status != 0 && stream.Status != 200 || stream.Loaded || stream.Failed != "")
		user := stream.UserID != "" || newUser(p)
		conv := conversationID(p.URL) != "" || stream.ConvID != "" || refused
		return user && conv
	}
	if !known(p) {
		var werr error
		if p2, err := s.waitSnap(ctx, t.opts.StepTimeout, known); err != nil {
			// Sent all the same: even a browser that died now returns
			// the binding, so that what follows waits for the reply.
			werr = err
		} else {
			p = p2
		}
		if werr != nil {
			t.opts.Logger.Warn("the message left, but the page did not name it or its conversation in time", "user_message_id", stream.UserID, "url", p.URL, "err", werr)
		}
	}
	b := event.Binding{UserMessageID: stream.UserID, PrevAssistantID: base.LastAssistant.id()}
	if lu := p.Thread.LastUser; newUser(p) && (b.UserMessageID == "" || lu.ID == b.UserMessageID) {
		b.UserMessageID, b.TurnIndex = lu.ID, lu.N
	}
	switch {
	case conversationID(p.URL) != "":
		b.Cursor = p.URL
	case stream.ConvID != "":
		b.Cursor = t.opts.BaseURL + "/c/" + stream.ConvID
	default:
		b.Cursor = p.URL
		t.opts.Logger.Warn("no conversation URL after the send; a restart cannot find this turn", "url", p.URL)
	}
	if u, err := url.Parse(b.Cursor); err == nil {
		u.RawQuery, u.Fragment = "", ""
		b.Cursor = u.String()
	}
	if err := t.checkPosted(ctx, s, stream, inline); err != nil {
		return b, false, err
	}
	t.mu.Lock()
	if len(t.sent) >= 64 {
		clear(t.sent) // only the latest sends are awaited
	}
	t.sent[bindingKey(b)] = sentRecord{mark: mark, stream: stream.ID}
	t.mu.Unlock()
	return b, true, nil
}

// checkPosted compares the text the page posted with the text entered: a
// page that cuts long messages must not go unnoticed. Later long messages
// of this Transport then go as files.
func (t *Transport) checkPosted(ctx context.Context, s *session, stream netstream.View, inline string) error {
	if stream.ID == "" {
		return nil
	}
	deadline := time.Now().Add(3 * time.Second)
	for stream.Posted == nil && time.Now().Before(deadline) {
		if err := s.sleep(ctx, 25*time.Millisecond); err != nil {
			return err
		}
		stream, _ = s.net.Get(stream.ID)
	}
	if stream.Posted == nil || *stream.Posted == inline {
		return nil
	}
	got := len(*stream.Posted)
	t.mu.Lock()
	if got > 0 && (t.inlineCap == 0 || got < t.inlineCap) {
		t.inlineCap = got
	}
	t.mu.Unlock()
	return fmt.Errorf("browser: the page sent %d of the message's %d bytes (it cuts long messages); later messages above %d bytes go as attached files", got, len(inline), got)
}
