package protocol

import (
	"errors"
	"fmt"
	"strings"
)

// ErrorKind classifies a reply that does not follow the protocol. An
// ErrorKind is itself an error, so callers can test a parse error with
// errors.Is(err, protocol.KindUnknownArg).
type ErrorKind string

// The protocol error kinds. The string values are a public contract: the
// event log (protocol.invalid), `--json` output and the kind="…" attribute of
// <protocol_error> use them.
const (
	// KindEmpty is an empty (or whitespace-only) reply.
	KindEmpty ErrorKind = "empty"
	// KindTooLarge is a reply, or one argument, over its size limit.
	KindTooLarge ErrorKind = "too_large"
	// KindNoRoot is a reply without an <agent_response> element.
	KindNoRoot ErrorKind = "no_root"
	// KindTwoRoots is a reply with more than one <agent_response>.
	KindTwoRoots ErrorKind = "two_roots"
	// KindMalformed is XML that is not well-formed (a bare & or <, a
	// mismatched end tag, an illegal character).
	KindMalformed ErrorKind = "malformed"
	// KindTruncated is a reply that ends inside the <agent_response>: cut
	// off, or an element never closed.
	KindTruncated ErrorKind = "truncated"
	// KindForbidden is a DTD, an entity declaration, a custom entity
	// reference or a processing instruction.
	KindForbidden ErrorKind = "forbidden"
	// KindUnexpected is an element or text that has no place where it
	// appears (an unknown child of <agent_response>, arguments outside
	// <args>, prose inside the root).
	KindUnexpected ErrorKind = "unexpected"
	// KindDuplicate is an element that may appear once given twice (<done>,
	// <message>, <args>, one argument).
	KindDuplicate ErrorKind = "duplicate"
	// KindBadDone is a missing <done>, or one that is not true or false.
	KindBadDone ErrorKind = "bad_done"
	// KindNoMessage is done=true without a final <message>.
	KindNoMessage ErrorKind = "no_message"
	// KindNoTool is done=false without a <tool_call>: nothing to run, so
	// the model is asked to continue (see Continue).
	KindNoTool ErrorKind = "no_tool"
	// KindDoneWithTool is done=true with a <tool_call>.
	KindDoneWithTool ErrorKind = "done_with_tool"
	// KindTwoTools is more than one <tool_call> in one reply.
	KindTwoTools ErrorKind = "two_tools"
	// KindTooManyTools is more <tool_call> elements than the catalogue's
	// MaxCalls (above 1) allows in one reply.
	KindTooManyTools ErrorKind = "too_many_tools"
	// KindUnknownTool is a <tool_call> whose name is missing or not in the
	// catalogue.
	KindUnknownTool ErrorKind = "unknown_tool"
	// KindUnknownArg is an argument the tool does not take.
	KindUnknownArg ErrorKind = "unknown_arg"
	// KindMissingArg is a required argument that is absent (or empty).
	KindMissingArg ErrorKind = "missing_arg"
	// KindBadType is an argument of the wrong type: not an integer, not a
	// boolean, a list without <item> elements, markup where text belongs.
	KindBadType ErrorKind = "bad_type"
	// KindBadValue is an argument of the right type with a value the tool
	// refuses: out of range, not one of the enum's values, several lines in
	// a one-line string, both or neither of fs.edit's forms.
	KindBadValue ErrorKind = "bad_value"
)

// Error implements error, so that a kind can be an errors.Is target.
func (k ErrorKind) Error() string { return "protocol: " + string(k) }

// Error is a reply that does not follow the protocol. Every failure of Parse
// and ParseToolResult is an *Error.
type Error struct {
	Kind ErrorKind
	// Tool and Arg name the offending tool and argument, when known. Arg is
	// a path for nested arguments: "edits[2].old_text" (edits count from 1).
	Tool, Arg string
	// Msg says what was wrong, in one or two sentences.
	Msg string
	// Fix says what the model should send instead (may be empty).
	Fix string
	// Line is the line of the <agent_response> (from 1) the error is on,
	// when known.
	Line int
	// Call is the position (from 1) of the offending <tool_call> in a
	// reply with several, 0 otherwise.
	Call int
}

// Error implements error.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("protocol: ")
	b.WriteString(string(e.Kind))
	if e.Tool != "" {
		b.WriteString(": ")
		b.WriteString(e.Tool)
		if e.Arg != "" {
			b.WriteString(" ")
			b.WriteString(e.Arg)
		}
	}
	b.WriteString(": ")
	b.WriteString(e.Msg)
	return b.String()
}

// Is reports whether target is this error's kind, so that
// errors.Is(err, KindMissingArg) works.
func (e *Error) Is(target error) bool {
	k, ok := target.(ErrorKind)
	return ok && k == e.Kind
}

// Feedback is the exact instruction for the model: what was wrong, that
// nothing ran, and what to send instead. FormatProtocolError wraps it in a
// <protocol_error> element. For KindNoTool it is the text of
// Continue(ContinueNoTool), so the runtime may send either.
func (e *Error) Feedback() string {
	var b strings.Builder
	if e.Kind == KindNoTool {
		b.WriteString(e.Msg)
	} else {
		b.WriteString("Your last reply was not accepted, so no tool ran. ")
		b.WriteString(e.Msg)
	}
	if e.Fix != "" {
		b.WriteString("\n")
		b.WriteString(e.Fix)
	}
	return b.String()
}

// AsError returns err as an *Error: err itself when it is one, otherwise a
// KindMalformed error carrying err's text.
func AsError(err error) *Error {
	var pe *Error
	if errors.As(err, &pe) {
		return pe
	}
	return &Error{Kind: KindMalformed, Msg: err.Error(), Fix: fixResend}
}

// The fixes shared by several kinds.
const (
	fixResend   = "Send the whole <agent_response> again, corrected, in one ```xml fence."
	fixTemplate = "Reply with exactly one element, in one ```xml fence and nothing else:\n" +
		"<agent_response><done>false</done><message>what this step does</message>" +
		"<tool_call name=\"TOOL\"><args>…</args></tool_call></agent_response>\n" +
		"or, when the work is finished and verified, <done>true</done> with your summary in <message> and no <tool_call>."
	fixCDATA = "Put code, file content and any text with < or & in CDATA."
)

// argErr builds an *Error about one argument of a tool; the fix repeats the
// tool's usage so the model can correct the call without guessing.
func argErr(kind ErrorKind, spec ToolSpec, arg string, line int, format string, args ...any) *Error {
	msg := fmt.Sprintf(format, args...)
	if line > 0 {
		msg = fmt.Sprintf("line %d: %s", line, msg)
	}
	return &Error{
		Kind: kind, Tool: spec.Name, Arg: arg, Line: line,
		Msg: msg,
		Fix: "Send the call again with corrected arguments. " + Usage(spec),
	}
}
