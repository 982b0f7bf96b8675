// Package protocol is the contract between the web model and the runtime:
// parsing the model's <agent_response> replies, the tool catalogue and its
// typed arguments, serialising <tool_result> and <protocol_error> messages,
// and building the prompts.
//
// # Replies
//
// A reply holds exactly one element:
//
//	<agent_response>
//	  <done>false</done>
//	  <message>what this step does</message>
//	  <tool_call name="fs.write">
//	    <args>
//	      <path>src/app.js</path>
//	      <content><![CDATA[…]]></content>
//	    </args>
//	  </tool_call>
//	</agent_response>
//
// done=true carries no tool call and a final message; done=false carries
// exactly one. Parse takes the complete reply text, trims it, drops a
// byte-order mark, a Markdown fence (with or without a language label line)
// and any text around the root, and reports each repair in Turn.Notes. It
// decodes the root with encoding/xml in strict mode; DTDs, entity
// declarations, custom entities and processing instructions are refused.
// Character data is kept byte for byte: CDATA and text keep their carriage
// returns (encoding/xml would turn CRLF into LF), control characters and
// "]]>" split across sections. When an element holds CDATA, whitespace-only
// text around the sections is layout and is dropped.
//
// # Repairs
//
// Each re-ask costs the user a ChatGPT turn, so Parse makes the lossless
// markup repairs listed with the Repair* constants, each reported in
// Turn.Repairs (the protocol.parsed event, `--json`, the screen, and a
// <parse_notes> block the model gets with the next result, see
// FormatRepairs): a bare & escaped, <arguments> read as <args>, the tool
// name taken from a <name> child, and the message of a done=true reply
// kept as written when its markup is broken. A repair is never made
// inside CDATA, never guesses a tool or argument name, and never makes a
// reply with two tool calls, an unknown argument or anything else that
// could change what runs acceptable. ParseStrict parses without them; a
// reply it accepts parses the same with Parse (FuzzParse checks this).
//
// Arguments decode into the tool's Go struct (by its arg:"…" tags) with the
// ArgSpecs' defaults and limits. Only deterministic repairs are made: Parse
// never guesses a command and never asks a model to fix a reply. Every
// failure is an *Error with a Kind (errors.Is(err, KindUnknownArg)) whose
// Feedback tells the model what was wrong and what to send;
// FormatProtocolError wraps it in <protocol_error>.
//
// # Messages to the model
//
// FormatToolResult, FormatProtocolError, Bootstrap, Resume, Continue,
// FollowUp and Rollover return text without a reminder. The runtime passes
// every outbound message through WithReminder exactly once; it appends the
// one trailing <system_reminder> (and is idempotent). The bootstrap's tool
// list is generated from the Catalogue (CatalogueText), so a tool is
// described only once.
package protocol
