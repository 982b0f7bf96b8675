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
// one (or, see below, up to the catalogue's MaxCalls). Parse takes the complete reply text, trims it, drops a
// byte-order mark, a Markdown fence (with or without a language label line)
// and any text around the root, and reports each repair in Turn.Notes. It
// decodes the root with encoding/xml in strict mode; DTDs, entity
// declarations, custom entities and processing instructions are refused.
// Character data is kept byte for byte: CDATA and text keep their carriage
// returns (encoding/xml would turn CRLF into LF), control characters and
// "]]>" split across sections. When an element holds CDATA, whitespace-only
// text around the sections is layout and is dropped.
//
// # Several calls per reply
//
// A catalogue made with WithMaxCalls(n), n from 2 to MaxCallsLimit (the
// calls-per-reply setting), lets a reply hold 1..n <tool_call> elements;
// Turn.Calls has them in order and Turn.Call is the first. More than n is
// KindTooManyTools. With n = 1 (NewCatalogue, DefaultCatalogue) a second
// call is KindTwoTools and every text is the one-call protocol's, byte for
// byte (testdata/prompt/*-calls1.golden). Repairs apply per call; a call
// that cannot be read without guessing refuses the whole reply, and the
// error names it (Error.Call, "<tool_call> 2 of 3: …").
//
// PlanBatch says how the calls run. Whether a tool has side effects is a
// property of its ToolSpec (SideEffects: every tool that is not ReadOnly,
// i.e. fs.write, fs.edit, terminal.exec, process.start, process.stop). The
// calls before the first call with side effects run concurrently; that call
// runs after them; every call after it is skipped. The results go back in
// one message, FormatToolResults, in the calls' order, each naming its call:
//
//	<tool_results calls="3">
//	<tool_result call="1" name="fs.read" status="ok">…</tool_result>
//	<tool_result call="2" name="fs.edit" status="ok">…</tool_result>
//	<tool_result call="3" name="fs.read" status="skipped">
//	<message><![CDATA[Not run: it comes after <tool_call> 2 (fs.edit), …]]></message>
//	<note>Not run (see the message). If you still need this call, send it again in your next reply.</note>
//	</tool_result>
//	</tool_results>
//
// followed, as every message, by one <system_reminder> (WithReminderFor).
// The results share one output budget fairly (ShareBudget, ShareResults):
// a short result leaves its unused share to the others. The prompt, the
// catalogue text and the reminder teach the limit in force: batch
// independent reads in one reply; at most one change per reply, and it
// comes last.
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
// FormatToolResult, FormatToolResults, FormatProtocolError, Bootstrap,
// Resume, Continue, FollowUp and Rollover return text without a reminder.
// The runtime passes every outbound message through WithReminder (or
// WithReminderFor, with its catalogue) exactly once; it appends the one
// trailing <system_reminder> (and is idempotent). The bootstrap's tool
// list is generated from the Catalogue (CatalogueText), so a tool is
// described only once.
package protocol
