package event

// InstructionPayload is what session.instruction_added carries: a
// TextPayload's text, or a task with attachments.
type InstructionPayload struct {
	Text        string   `json:"text"`
	Task        string   `json:"task"`
	Instruction string   `json:"instruction"`
	Attachments []string `json:"attachments"`
}
