package browser

import (
	"context"
	"time"

	"github.com/wtagent/wtagent/messages"
)

// recentConversations is how many of the newest conversations
// findConversation reads.
const recentConversations = 8

// findConversation names the conversation holding the user message id
// among the newest ones (the page's own list and documents). A binding
// has no conversation when the browser died after the message's POST
// left but before the page named the conversation: the message is sent,
// and a restart must find it, never send it again. It returns the
// conversation's URL, or "" when none of them holds the message.
func (t *Transport) findConversation(ctx context.Context, s *session, userID string) string {
	var ids []string
	if err := s.call(ctx, 15*time.Second, &ids, "recent", recentConversations); err != nil {
		t.opts.Logger.Debug("recent conversations", "err", err)
		return ""
	}
	for _, id := range ids {
		var doc convDoc
		if err := s.call(ctx, 15*time.Second, &doc, "conversation", id, true); err != nil || doc.Status != 200 {
			continue
		}
		for _, n := range doc.Chain {
			if n.Role == "user" && n.ID == userID {
				return t.opts.BaseURL + "/c/" + id
			}
		}
	}
	return ""
}

// placeBinding gives a binding without a conversation the one that holds
// its message, when one does.
func (t *Transport) placeBinding(ctx context.Context, s *session, b messages.Binding) messages.Binding {
	if conversationID(b.Cursor) != "" || b.UserMessageID == "" {
		return b
	}
	if cur := t.findConversation(ctx, s, b.UserMessageID); cur != "" {
		t.opts.Logger.Info("found the conversation of a message sent before a restart", "user_message_id", b.UserMessageID, "cursor", cur)
		b.Cursor = cur
	}
	return b
}
