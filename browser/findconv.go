package browser

import (
	"context"
	"time"

	"github.com/wtagent/wtagent/session/event"
)

// recentConversations is how many of the newest conversations a message
// id is looked for in.
const recentConversations = 8

// findConversation returns the URL of the first of the n newest
// conversations (the page's own list and documents) whose active branch
// matches, or "".
func (t *Transport) findConversation(ctx context.Context, s *session, n int, match func(convDoc) bool) string {
	var ids []string
	if err := s.call(ctx, 15*time.Second, &ids, "recent", n); err != nil {
		t.opts.Logger.Debug("recent conversations", "err", err)
		return ""
	}
	for _, id := range ids {
		var doc convDoc
		if err := s.call(ctx, 15*time.Second, &doc, "conversation", id, true); err == nil && doc.Status == 200 && match(doc) {
			return t.opts.BaseURL + "/c/" + id
		}
	}
	return ""
}

// placeBinding gives a binding without a conversation the one that holds
// its message. The message's POST left, but the browser or wtagent died
// before the page named the conversation: the message is sent, and a
// restart must find it, never send it again. A binding with the message
// id looks for it in the newest conversations; a probe (wtagent died
// before it recorded the send) only as the newest conversation's last
// user message, by its text (an older identical text must not match).
func (t *Transport) placeBinding(ctx context.Context, s *session, b event.Binding) event.Binding {
	if conversationID(b.Cursor) != "" {
		return b
	}
	var cur string
	switch {
	case b.UserMessageID != "":
		cur = t.findConversation(ctx, s, recentConversations, func(doc convDoc) bool {
			for _, n := range doc.Chain {
				if n.Role == "user" && n.ID == b.UserMessageID {
					return true
				}
			}
			return false
		})
	case b.Probe && b.TextSHA256 != "":
		cur = t.findConversation(ctx, s, 1, func(doc convDoc) bool {
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
	return b
}
