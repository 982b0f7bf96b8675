package event

// ModePayload is what conversation.mode_requested and run.started's mode
// carry: the ChatGPT mode and effort tier the user asked for. It is
// messages.SetMode as the log writes it.
type ModePayload struct {
	Mode   string `json:"mode"`
	Effort string `json:"effort,omitempty"`
}

// ModelStatePayload is what model.state carries: a transport state change,
// messages.ModelStateChanged as the log writes it.
type ModelStatePayload struct {
	State ModelState `json:"state"`
	// Detail is a human sentence ("log in to ChatGPT in the Chrome window").
	Detail string `json:"detail,omitempty"`
	// Cursor is the conversation URL or script position, when known.
	Cursor string `json:"cursor,omitempty"`
	// Phase is, while a reply is awaited, what the model does before its
	// first words.
	Phase string `json:"phase,omitempty"`
}

// ProcessPayload is what process.changed carries: a managed process's
// change, messages.ProcessEvent as the log writes it.
type ProcessPayload struct {
	Info ProcessInfo `json:"info"`
	// Err describes a crash or a failed start.
	Err string `json:"error,omitempty"`
}
