package messages

import "github.com/wtagent/wtagent/session/event"

// Outbound is one message for the model: the full text (already wrapped with
// its trailing system reminder) and any files to attach.
type Outbound struct {
	Turn        int
	Kind        event.OutboundKind
	Text        string
	Attachments []string
}

// ConnectModel asks the model actor to start its transport (launching or
// attaching the browser, waiting for login) and open the conversation at
// Cursor, or a new one when Cursor is empty. The reply is ModelConnected or
// ModelFailed.
type ConnectModel struct {
	Cursor string
}

// SetMode asks for another ChatGPT mode (e.g. "thinking", "pro") and
// effort tier ("extended"; empty keeps the page's), selected before the
// next message; a transport without modes ignores it. The controller
// records it as event.ModePayload (a conversion: the two must keep the
// same fields).
type SetMode struct {
	Mode   string
	Effort string
}

// ModelConnected reports that the transport is ready on a conversation.
type ModelConnected struct {
	Cursor string
	// Incarnation counts model actor restarts; a value above 1 tells the
	// controller that the transport was restarted.
	Incarnation int
}

// SendToModel asks the model actor to send a message and wait for the
// complete reply. The actor answers ReplyTo with ModelSent as soon as the
// send is confirmed, then with ModelReplied or ModelFailed.
type SendToModel struct {
	Message Outbound
}

// AwaitModel asks the model actor to wait for the reply to a message that
// was already sent (after a restart); it never sends again.
type AwaitModel struct {
	Binding event.Binding
}

// ModelSent confirms that a message reached the conversation.
type ModelSent struct {
	Binding event.Binding
}

// ModelReplied carries a complete reply.
type ModelReplied struct {
	Reply event.Reply
}

// ModelFailed reports that a send or a wait failed. Kind tells the
// controller what to do (pause, retry, wait for the user).
type ModelFailed struct {
	Turn    int
	Binding *event.Binding
	Kind    ModelFailure
	Err     string
}

// ModelFailure classifies transport failures.
type ModelFailure string

// The transport failure kinds.
const (
	// FailAdapter means a page locator failed: the ChatGPT page adapter
	// needs an update. Never a model or tool error.
	FailAdapter ModelFailure = "adapter"
	// FailRequest means the user's mode request names nothing the page's
	// picker offers: a usage error; nothing was sent.
	FailRequest ModelFailure = "request"
	// FailTimeout means the reply did not complete in time.
	FailTimeout ModelFailure = "timeout"
	// FailEmpty means the model sent an empty reply.
	FailEmpty ModelFailure = "empty"
	// FailRateLimit means a usage cap or rate limit banner is shown.
	FailRateLimit ModelFailure = "rate_limit"
	// FailAuth means the user must log in.
	FailAuth ModelFailure = "auth"
	// FailTakeover means the user must solve a challenge.
	FailTakeover ModelFailure = "takeover"
	// FailTooLong means the conversation is too long; roll over.
	FailTooLong ModelFailure = "too_long"
	// FailCrash means the browser crashed or was killed.
	FailCrash ModelFailure = "crash"
	// FailNotSent means the message is not in the conversation (it was
	// lost before it arrived); it may be sent again.
	FailNotSent ModelFailure = "not_sent"
	// FailRefused means ChatGPT's content policy blocked the message or
	// the reply: the run ends refused, nothing is sent again.
	FailRefused ModelFailure = "refused"
	// FailScript means the scripted model ran out or its expectation failed.
	FailScript ModelFailure = "script"
	// FailOther is anything else.
	FailOther ModelFailure = "other"
)

// ModelStateChanged reports a transport state change. The controller
// records it as event.ModelStatePayload (a conversion: the two must keep
// the same fields).
type ModelStateChanged struct {
	State event.ModelState
	// Detail is a human sentence ("log in to ChatGPT in the Chrome window").
	Detail string
	// Cursor is the conversation URL or script position, when known.
	Cursor string
	// Phase is, while a reply is awaited, what the model does before its
	// first words, for the live status line ("thinking", "using tools,
	// continued after a hand-off", "continuing a reply cut at the output
	// limit").
	Phase string
}
