package protocol

import (
	"strconv"
	"strings"
	"time"

	"github.com/wtagent/wtagent/session/event"
)

// FormatToolResult renders a tool result for the model (without the
// trailing reminder; see WithReminder):
//
//	<tool_result name="terminal.exec" status="ok" exit_code="0" duration_ms="812">
//	<message><![CDATA[…]]></message>
//	<stdout truncated="true" original_bytes="90000" kept_bytes="16384"><![CDATA[…]]></stdout>
//	<stderr><![CDATA[…]]></stderr>
//	<data><![CDATA[{"…":…}]]></data>
//	<diff><![CDATA[…]]></diff>
//	<changed><item>src/app.js</item></changed>
//	</tool_result>
//
// Empty parts are left out. Content is in CDATA and round-trips byte for
// byte through ParseToolResult (see writeCDATA); the duration is rounded to
// milliseconds. An empty Status is written as "error". Denied, timed-out
// and unknown outcomes get a <note> telling the model how to go on. CallID,
// OpKey and Verified are runtime bookkeeping and are not shown.
func FormatToolResult(r event.ToolResult) string {
	var b strings.Builder
	writeResult(&b, r, 0)
	return b.String()
}

// writeResult writes one <tool_result>; call > 0 is written as its call
// attribute (the call's position in a reply with several).
func writeResult(b *strings.Builder, r event.ToolResult, call int) {
	b.Grow(len(r.Message) + len(r.Stdout) + len(r.Stderr) + len(r.Data) + len(r.Diff) + 256)
	status := r.Status
	if status == "" {
		status = event.ToolError
	}
	b.WriteString("<tool_result")
	if call > 0 {
		attr(b, "call", strconv.Itoa(call))
	}
	attr(b, "name", r.Tool)
	attr(b, "status", string(status))
	if r.ExitCode != nil {
		attr(b, "exit_code", strconv.Itoa(*r.ExitCode))
	}
	if r.Signal != "" {
		attr(b, "signal", r.Signal)
	}
	if ms := r.Duration.Round(time.Millisecond).Milliseconds(); ms != 0 {
		attr(b, "duration_ms", strconv.FormatInt(ms, 10))
	}
	b.WriteString(">\n")
	if r.Message != "" {
		element(b, "message", r.Message)
	}
	stream(b, "stdout", r.Stdout, r.StdoutCut)
	stream(b, "stderr", r.Stderr, r.StderrCut)
	if len(r.Data) > 0 {
		element(b, "data", string(unescapeHTML(r.Data)))
	}
	if r.Diff != "" {
		element(b, "diff", r.Diff)
	}
	if len(r.Changed) > 0 {
		b.WriteString("<changed>")
		for _, c := range r.Changed {
			b.WriteString("<item>")
			writeText(b, c)
			b.WriteString("</item>")
		}
		b.WriteString("</changed>\n")
	}
	if note := statusNote(status); note != "" {
		b.WriteString("<note>" + note + "</note>\n")
	}
	b.WriteString("</tool_result>")
}

func stream(b *strings.Builder, name, text string, cut *event.Truncation) {
	if text == "" && cut == nil {
		return
	}
	b.WriteString("<" + name)
	if cut != nil {
		attr(b, "truncated", "true")
		attr(b, "original_bytes", strconv.FormatInt(cut.OriginalBytes, 10))
		attr(b, "kept_bytes", strconv.FormatInt(cut.KeptBytes, 10))
	}
	b.WriteString(">")
	writeCDATA(b, text)
	b.WriteString("</" + name + ">\n")
}

func statusNote(s event.ToolStatus) string {
	switch s {
	case event.ToolDenied:
		return "Not run: refused by local policy or by the user. Do not send the same call again; take another approach, or explain in your final message."
	case event.ToolTimeout:
		return "The call hit its time limit and its process tree was killed; the output is what it printed until then."
	case event.ToolSkipped:
		return "Not run (see the message). If you still need this call, send it again in your next reply."
	case event.ToolUnknown:
		return "The outcome of this call was lost (wtagent was interrupted while it ran) and it is not re-run. Check the current state with read-only tools before repeating it."
	}
	return ""
}

// FormatProtocolError renders a parse failure for the model (without the
// trailing reminder): <protocol_error kind="…" tool="…" arg="…"> holding
// the error's Feedback in CDATA. An error that is not an *Error is reported
// as KindMalformed.
func FormatProtocolError(err error) string {
	e := AsError(err)
	var b strings.Builder
	b.WriteString("<protocol_error")
	attr(&b, "kind", string(e.Kind))
	if e.Tool != "" {
		attr(&b, "tool", e.Tool)
	}
	if e.Arg != "" {
		attr(&b, "arg", e.Arg)
	}
	b.WriteString(">\n")
	writeCDATA(&b, e.Feedback())
	b.WriteString("\n</protocol_error>")
	return b.String()
}
