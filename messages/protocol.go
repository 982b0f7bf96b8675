package messages

import "github.com/wtagent/wtagent/session/event"

// ParsedTurn is a successfully parsed model reply.
type ParsedTurn struct {
	Turn int
	// Done is the model's <done> value.
	Done bool
	// Message is the model's <message> text.
	Message string
	// Call is the requested tool call, if any: the first of Calls.
	Call *event.ToolCall
	// Calls are the reply's tool calls in order (one, or up to the
	// catalogue's calls-per-reply limit).
	Calls []*event.ToolCall
	// Notes lists the text ignored around the root ("stripped a ```xml
	// fence", "ignored 40 bytes of prose before the root").
	Notes []string
	// Repairs lists the lossless repairs the parser made to the reply's
	// markup (see protocol.Repair*); the model is told about them with
	// the next result.
	Repairs []event.Repair
}

// ParseFailed reports a reply that did not follow the protocol. Feedback is
// the <protocol_error> text to send back to the model.
type ParseFailed struct {
	Turn int
	// Kind is the protocol error's kind (see protocol.ErrorKind).
	Kind string
	// Err is the human-readable error.
	Err string
	// Tool and Arg name the offending tool and argument, when known.
	Tool, Arg string
	// Feedback is the protocol error message for the model.
	Feedback string
}
