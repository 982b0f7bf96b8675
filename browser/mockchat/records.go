package mockchat

import "time"

// Outcome says what the server did with a received user message.
type Outcome string

// The outcomes of a received user message.
const (
	// OutcomeAnswered: a script line is answering it.
	OutcomeAnswered Outcome = "answered"
	// OutcomeUnauthorized: no valid bearer token (401).
	OutcomeUnauthorized Outcome = "unauthorized"
	// OutcomeChallenged: the server was in challenge mode (403).
	OutcomeChallenged Outcome = "challenged"
	// OutcomeBusy: the conversation was still generating (409).
	OutcomeBusy Outcome = "busy"
	// OutcomeRateLimited: fault rate_limit (429).
	OutcomeRateLimited Outcome = "rate_limited"
	// OutcomeLoggedOut: fault logout (401).
	OutcomeLoggedOut Outcome = "logged_out"
	// OutcomeError: fault error_retry or too_long (an error card).
	OutcomeError Outcome = "error"
	// OutcomeExpectMismatch: the line's expect is not in the text (an
	// error card naming the line; the line stays unused).
	OutcomeExpectMismatch Outcome = "expect_mismatch"
	// OutcomeExhausted: no script line left (an error card).
	OutcomeExhausted Outcome = "exhausted"
	// OutcomeBadScript: the line has an unknown fault (an error card).
	OutcomeBadScript Outcome = "bad_script"
)

// Received is one user message as the server received it in a POST body.
type Received struct {
	At time.Time
	// ConversationID is empty when the message was refused before a new
	// chat was created.
	ConversationID string
	MessageID      string
	ParentID       string
	// Action is "next" (a new message) or "variant" (a retry).
	Action string
	Model  string
	// Effort is the POST's thinking_effort (the 2026 pages send one).
	Effort string
	// Text is the message's exact text.
	Text string
	// Agent is the sub-agent route that answered it (the "agent" texts of
	// the script lines its chat's first message named; "" for the main
	// conversation).
	Agent       string
	Attachments []Attachment
	// Line is the script line that answered or refused it (0: none).
	Line    int
	Outcome Outcome
	// Detail is the error text the page was sent, if any.
	Detail string
}

// Attachment is a file sent with a message, with the uploaded bytes.
type Attachment struct {
	ID       string
	Name     string
	MimeType string
	Size     int64
	Content  []byte
}

// Stats are the server's counters and per-reply timestamps.
type Stats struct {
	// Sends counts POSTs to /backend-api/f/conversation.
	Sends int
	// Streams counts reply streams served (POSTs and resumes).
	Streams int
	// Messages has one entry per reply that was started, oldest first.
	Messages []MessageStats
}

// MessageStats times one reply.
type MessageStats struct {
	ConversationID string
	// MessageID is the assistant message's id ("" if it never started).
	MessageID string
	Line      int
	// Received is when the POST that asked for the reply arrived.
	Received time.Time
	// Started is when the assistant message was added (after think time).
	Started time.Time
	// StreamStarted is when the message's add event was first sent.
	StreamStarted time.Time
	// LastToken is when the event with the message's last token (the final
	// patch) was first sent to a client (noted just before the write, so
	// that no client can have it earlier).
	LastToken time.Time
	// Done is when [DONE] was first sent to a client (noted likewise).
	Done time.Time
	// Completed is when generation finished server-side.
	Completed time.Time
	// Tokens counts the tokens generated.
	Tokens int
	// Streams counts the HTTP streams that carried the reply.
	Streams int
	// Stopped is true when the page stopped the reply.
	Stopped bool
}

// storedFile is an uploaded file.
type storedFile struct {
	Attachment
}
