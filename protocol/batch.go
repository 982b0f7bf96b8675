package protocol

import (
	"fmt"
	"strings"

	"github.com/wtagent/wtagent/session/event"
)

// SideEffects reports whether a call of the tool may change the project or
// the machine (fs.write, fs.edit, terminal.exec, process.start,
// process.stop): every tool that is not ReadOnly. In a reply with several
// calls, only the first such call runs, after the reads before it.
func (s ToolSpec) SideEffects() bool { return !s.ReadOnly }

// Changers returns the names of the catalogue's tools with side effects, in
// catalogue order.
func (c *Catalogue) Changers() []string {
	var names []string
	for _, s := range c.specs {
		if s.SideEffects() {
			names = append(names, s.Name)
		}
	}
	return names
}

// batchRule is the rule of a reply with several calls, as the model is
// told it: "independent reads first, at most one change (…), and it comes
// last", or, with chains, "reads first, then changes run in order".
func batchRule(cat *Catalogue) string {
	if cat.Chains() {
		return "independent reads first (they run at once), then changes (" + strings.Join(cat.Changers(), ", ") +
			") run one at a time in your order; the first that fails or is refused ends the reply"
	}
	return "batch independent reads in one reply; at most one change per reply (" +
		strings.Join(cat.Changers(), ", ") + "), and it comes last"
}

// Batch is how the calls of one reply run, as indexes into the reply's
// calls: Concurrent run at the same time; then the Chain, if any, one at a
// time in order; the Skipped ones do not run.
type Batch struct {
	// Concurrent are the calls before the first call with side effects, in
	// order; they run concurrently.
	Concurrent []int
	// Change is the first call with side effects, run after every
	// Concurrent call finished; -1 when the reply has none.
	Change int
	// Chain is Change and, when the catalogue Chains, every call after it:
	// they run one at a time, in order, and the first whose result is not
	// ok ends the chain (the rest come back skipped, see ChainSkipReason).
	Chain []int
	// Skipped are the calls after Change, in order, with the reason each
	// is not run (sent back as status="skipped", see SkippedResult).
	Skipped []Skip
}

// Skip is one call of a reply that is not run.
type Skip struct {
	// Index is the call's position in the reply, from 0.
	Index int
	// Reason tells the model why it did not run.
	Reason string
}

// PlanBatch plans the calls of one reply (Turn.Calls) against the
// catalogue (nil means DefaultCatalogue): the calls before the first call
// with side effects run concurrently (see CallConcurrent: reads and
// sub-agents); that call
// runs after them; every call after it is skipped or, when the catalogue
// Chains, chained after it. A tool the catalogue does not know counts as
// having side effects. PlanBatch is pure: it runs nothing.
func PlanBatch(calls []*event.ToolCall, cat *Catalogue) Batch {
	if cat == nil {
		cat = DefaultCatalogue()
	}
	b := Batch{Change: -1}
	for i, c := range calls {
		switch {
		case b.Change >= 0 && cat.Chains():
			b.Chain = append(b.Chain, i)
		case b.Change >= 0:
			b.Skipped = append(b.Skipped, Skip{Index: i, Reason: skipReason(calls[b.Change].Name, b.Change)})
		case !CallConcurrent(c, cat):
			b.Change, b.Chain = i, []int{i}
		default:
			b.Concurrent = append(b.Concurrent, i)
		}
	}
	return b
}

func skipReason(changer string, at int) string {
	return fmt.Sprintf("Not run: it comes after <tool_call> %d (%s), which changes the project; "+
		"a reply runs at most one change, and it must be the last call.", at+1, changer)
}

// SkippedResult is the result sent back for a skipped call: status
// "skipped" and the reason as its message; FormatToolResults adds a note
// asking the model to send the call again in its next reply.
func SkippedResult(call *event.ToolCall, reason string) event.ToolResult {
	return event.ToolResult{Tool: call.Name, Status: event.ToolSkipped, Message: reason}
}

// ChainSkipReason is why a call of a chain did not run: the call at index
// at (from 0), tool, ended the chain with status.
func ChainSkipReason(at int, tool string, status event.ToolStatus) string {
	what := map[event.ToolStatus]string{event.ToolError: "failed", event.ToolDenied: "was denied",
		event.ToolTimeout: "timed out", event.ToolUnknown: "has an unknown outcome", event.ToolSkipped: "did not run"}[status]
	if what == "" {
		what = "did not succeed (" + string(status) + ")"
	}
	return fmt.Sprintf("Not run: <tool_call> %d (%s) before it %s, which ends the reply's chain of changes.", at+1, tool, what)
}
