package protocol

import (
	"strconv"
	"strings"

	"github.com/wtagent/wtagent/session/event"
)

// rootResults is the element that carries the results of a reply with
// several calls.
const rootResults = "tool_results"

// FormatToolResults renders the results of one reply's calls, in the
// calls' order, as one message (without the trailing reminder; see
// WithReminder):
//
//	<tool_results calls="3">
//	<tool_result call="1" name="fs.read" status="ok">…</tool_result>
//	<tool_result call="2" name="fs.write" status="ok">…</tool_result>
//	<tool_result call="3" name="fs.read" status="skipped">
//	<message><![CDATA[Not run: it comes after <tool_call> 2 (fs.write), …]]></message>
//	<note>Not run (see the message). If you still need this call, send it again in your next reply.</note>
//	</tool_result>
//	</tool_results>
//
// Each <tool_result> is FormatToolResult's, plus call="N" (from 1). The
// results share budget bytes of output fairly (see ShareResults; budget ≤ 0
// is no limit). One result is written as FormatToolResult writes it (cut to
// budget), so a one-call reply gets the one-call protocol's message.
func FormatToolResults(results []event.ToolResult, budget int) string {
	results = ShareResults(results, budget)
	if len(results) == 1 {
		return FormatToolResult(results[0])
	}
	var b strings.Builder
	b.WriteString("<" + rootResults)
	attr(&b, "calls", strconv.Itoa(len(results)))
	b.WriteString(">\n")
	for i, r := range results {
		writeResult(&b, r, i+1)
		b.WriteString("\n")
	}
	b.WriteString("</" + rootResults + ">")
	return b.String()
}

// OutputBudget is the output budget of one reply's calls: the largest
// OutputLimit among their tools (unknown tools count 0), so a batch never
// sends more output than its most generous call alone may.
func (c *Catalogue) OutputBudget(calls []*event.ToolCall) int {
	n := 0
	for _, call := range calls {
		if spec, ok := c.Lookup(call.Name); ok {
			n = max(n, spec.OutputLimit)
		}
	}
	return n
}
