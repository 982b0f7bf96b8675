// Package protocol is the contract between the web model and the runtime:
// parsing the model's <agent_response> replies, the tool catalogue and its
// typed arguments, serialising <tool_result> and <protocol_error> messages,
// and building the bootstrap prompt.
//
// Parsing never guesses: only deterministic repairs are made (a Markdown
// fence, surrounding prose, a byte-order mark, whitespace), and every
// failure is a typed error that becomes precise feedback to the model.
package protocol
