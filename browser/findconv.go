package browser

import (
	"context"
	"fmt"
	"time"

	"github.com/wtagent/wtagent/session/event"
)

// recentConversations is how many of the newest conversations a message
// id is looked for in.
const recentConversations = 8

// recentList is the page's read of the history (the sidebar's list).
type recentList struct {
	Status int      `json:"status"`
	IDs    []string `json:"ids"`
	// RetryAfter is, for a rate-limited read (429), how many seconds the
	// response asks to wait; 0 when it says nothing.
	RetryAfter float64 `json:"retryAfter"`
}

// findConversation returns the URL of the first of the n newest
// conversations (the page's own list and documents) whose active branch
// matches, or "". A history or conversation read ChatGPT rate-limits is
// waited out for as long as its response asks (readLimit.served), with a
// status line; a wait longer than ctx allows is the error.
func (t *Transport) findConversation(ctx context.Context, s *session, turn, n int, match func(convDoc) bool) (string, error) {
	again := fmt.Sprintf("looking for turn %d's conversation", turn)
	var limit readLimit
	var list recentList
	err := limit.served(ctx, s, &t.opts, historyReads, again, func() (int, float64) {
		if err := s.call(ctx, 15*time.Second, &list, "recent", n); err != nil {
			t.opts.Logger.Debug("recent conversations", "err", err)
			return 0, 0
		}
		return list.Status, list.RetryAfter
	})
	if err != nil {
		return "", err
	}
	for _, id := range list.IDs {
		var doc convDoc
		err := limit.served(ctx, s, &t.opts, conversationReads, again, func() (int, float64) {
			if err := s.call(ctx, 15*time.Second, &doc, "conversation", id, true); err != nil {
				t.opts.Logger.Debug("conversation document", "id", id, "err", err)
				return 0, 0
			}
			return doc.Status, doc.RetryAfter
		})
		if err != nil {
			return "", err
		}
		if doc.Status == 200 && match(doc) {
			return t.opts.BaseURL + "/c/" + id, nil
		}
	}
	return "", nil
}

// placeBinding gives a binding without a conversation the one that holds
// its message. The message's POST left, but the browser or wtagent died
// before the page named the conversation: the message is sent, and a
// restart must find it, never send it again. A binding with the message
// id looks for it in the newest conversations; a probe (wtagent died
// before it recorded the send) only as the newest conversation's last
// user message, by its text (an older identical text must not match).
func (t *Transport) placeBinding(ctx context.Context, s *session, b event.Binding) (event.Binding, error) {
	if conversationID(b.Cursor) != "" {
		return b, nil
	}
	var cur string
	var err error
	switch {
	case b.UserMessageID != "":
		cur, err = t.findConversation(ctx, s, b.Turn, recentConversations, func(doc convDoc) bool {
			for _, n := range doc.Chain {
				if n.Role == "user" && n.ID == b.UserMessageID {
					return true
				}
			}
			return false
		})
	case b.Probe && b.TextSHA256 != "":
		cur, err = t.findConversation(ctx, s, b.Turn, 1, func(doc convDoc) bool {
			for i := len(doc.Chain) - 1; i >= 0; i-- {
				if n := doc.Chain[i]; n.Role == "user" {
					return textHash(n.text()) == b.TextSHA256
				}
			}
			return false
		})
	}
	if cur != "" {
		t.opts.Logger.Info("found the conversation of a message sent before a restart", "user_message_id", b.UserMessageID, "cursor", cur)
		b.Cursor = cur
	}
	return b, err
}
