package browser

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"

	"github.com/wtagent/wtagent/browser/wire/delta"
)

// convDoc is the active branch of a conversation document
// (GET /backend-api/conversation/<id>), as the page script extracts it:
// the messages from the root to current_node.
type convDoc struct {
	Status      int        `json:"status"`
	Err         string     `json:"err"`
	Challenge   bool       `json:"challenge"`
	CurrentNode string     `json:"current_node"`
	Chain       []convNode `json:"chain"`
	// Partial: a linear read of the newest turns only, with earlier pages
	// (page_info.has_previous_page); a message it lacks may be on one of
	// them (see onEarlierPage).
	Partial bool `json:"partial"`
	// Linear: read from GET /backend-api/conversations/<id>.
	Linear bool `json:"linear"`
	// RetryAfter is, for a rate-limited read (429), how many seconds the
	// response asks to wait (its Retry-After, else the body's clears_in);
	// 0 when it says nothing.
	RetryAfter float64 `json:"retryAfter"`
}

// convNode is one message of the active branch.
type convNode struct {
	ID          string    `json:"id"`
	Role        string    `json:"role"`
	ContentType string    `json:"content_type"`
	Parts       []*string `json:"parts"`
	Text        *string   `json:"text"`
	Status      string    `json:"status"`
	EndTurn     bool      `json:"end_turn"`
	Recipient   string    `json:"recipient"`
	ModelSlug   string    `json:"model_slug"`
	Channel     string    `json:"channel"`
	// FinishType is metadata.finish_details.type: stop, max_tokens,
	// interrupted.
	FinishType string `json:"finish_type"`
	// Hidden: never shown (is_visually_hidden_from_conversation, a
	// thinking preamble).
	Hidden bool `json:"hidden"`
}

// text joins the node's string parts as the stream reader does.
func (n convNode) text() string {
	var ss []string
	for _, p := range n.Parts {
		if p != nil {
			ss = append(ss, *p)
		}
	}
	if len(ss) == 0 && n.Text != nil {
		return *n.Text
	}
	return strings.Join(ss, "\n\n")
}

// isReply reports whether the node is assistant text for the user.
func (n convNode) isReply() bool {
	return n.Role == "assistant" && (n.Recipient == "" || n.Recipient == "all") && !n.Hidden &&
		(n.Channel == "" || n.Channel == "final") && (n.ContentType == "text" || n.ContentType == "multimodal_text")
}

// convTurn is what the conversation document says about one bound turn.
type convTurn struct {
	// UserFound is true when the bound user message is in the branch.
	UserFound bool
	UserID    string
	// Reply is the last final assistant text message after it, if any.
	Reply *convNode
	// Text is the reply's text: every final text segment after the user
	// message, joined as the stream reader joins them (delta.JoinSegments).
	Text string
	// Finished means the reply is complete (finished_successfully and
	// end_turn, or a later user message exists).
	Finished bool
	// MaxTokens means the reply stopped at the output limit and nothing
	// followed it: not complete, it must be continued.
	MaxTokens bool
}

// onEarlierPage reports whether the turn's user message, not in this
// read, may be on an earlier page of a partial linear read: the whole
// document is then read.
func (d convDoc) onEarlierPage(t convTurn) bool { return d.Linear && d.Partial && !t.UserFound }

// textHash is the hex SHA-256 of s, as Binding.TextSHA256 records it.
func textHash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// findTurn locates the user message (by id, else by its text hash) and
// the reply that follows it, up to the next user message. A reply whose id
// is prevAssistant is stale and is not returned.
func (d convDoc) findTurn(userID, userHash, prevAssistant string) convTurn {
	at := -1
	for i, n := range d.Chain {
		if n.Role == "user" && userID != "" && n.ID == userID {
			at = i
			break
		}
	}
	if at < 0 && userHash != "" {
		// The latest user message with the same text wins.
		for i := len(d.Chain) - 1; i >= 0; i-- {
			n := d.Chain[i]
			if n.Role == "user" && textHash(n.text()) == userHash {
				at = i
				break
			}
		}
	}
	if at < 0 {
		return convTurn{}
	}
	t := convTurn{UserFound: true, UserID: d.Chain[at].ID}
	later, leaf := false, false
	var segments []string
	for i, n := range d.Chain[at+1:] {
		if n.Role == "user" {
			later = true
			break
		}
		if n.isReply() && n.ID != prevAssistant {
			c := n
			t.Reply = &c
			segments = append(segments, n.text())
			leaf = at+1+i == len(d.Chain)-1
		}
	}
	t.Text = delta.JoinSegments(segments)
	if t.Reply != nil {
		done := t.Reply.Status == "finished_successfully"
		t.MaxTokens = done && !later && t.Reply.FinishType == "max_tokens"
		t.Finished = done && (t.Reply.EndTurn || leaf) && !t.MaxTokens || later
	}
	return t
}
