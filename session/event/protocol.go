package event

// Repair is one lossless repair the parser made to a reply instead of
// asking the model to send it again.
type Repair struct {
	// Kind names the repair: "bare_ampersand", "arguments_element",
	// "name_element" or "message_markup".
	Kind string `json:"kind"`
	// Note says what was changed and what the canonical form is.
	Note string `json:"note"`
	// Line is the reply's line (from 1) the repair is on, when known.
	Line int `json:"line,omitempty"`
}
