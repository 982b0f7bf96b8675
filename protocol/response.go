package protocol

import (
	"fmt"
	"strings"

	"github.com/wtagent/wtagent/session/event"
)

// Turn is one parsed model reply.
type Turn struct {
	// Done is the reply's <done>.
	Done bool
	// Message is the reply's <message>, without surrounding whitespace.
	Message string
	// Call is the first requested tool call, nil when Done. Call.Args
	// points at the tool's argument struct (*FSWriteArgs, …) and
	// Call.CanonicalArgs is CanonicalJSON(Call.Args).
	Call *event.ToolCall
	// Calls are all the requested tool calls, in the reply's order: at
	// most the catalogue's MaxCalls, none when Done. Calls[0] is Call.
	Calls []*event.ToolCall
	// Notes lists the text ignored around the root ("removed the opening
	// code fence \"```xml\"").
	Notes []string
	// Repairs lists the lossless markup repairs made (see Repair*), in
	// the order they were made.
	Repairs []event.Repair
}

// Parse parses one complete model reply against a catalogue (nil means
// DefaultCatalogue), which also sets how many <tool_call> elements a reply
// may hold (see Catalogue.WithMaxCalls). Only deterministic repairs are
// made: surrounding whitespace, a byte-order mark, a Markdown fence and
// text around the one <agent_response> are removed and reported in
// Turn.Notes, and the lossless markup repairs (see Repair*), made per
// call, are reported in Turn.Repairs.
//
// Every failure is an *Error (test it with errors.Is(err, KindX)); its
// Feedback tells the model what to send. A reply with several calls is
// accepted or refused as a whole: one call that cannot be read without
// guessing refuses the reply (the error names the call). On failure the
// returned Turn still carries the notes and, for KindNoTool, the message,
// for display only: its Call and Calls are always nil and it has no
// repairs.
func Parse(reply string, cat *Catalogue) (Turn, error) {
	return parse(reply, cat, true)
}

func parse(reply string, cat *Catalogue, repair bool) (Turn, error) {
	if cat == nil {
		cat = DefaultCatalogue()
	}
	if len(reply) > MaxReplyBytes {
		return Turn{}, &Error{Kind: KindTooLarge,
			Msg: fmt.Sprintf("The reply is %d bytes; the limit is %d.", len(reply), MaxReplyBytes),
			Fix: "Send smaller steps: write a big file in parts (fs.write mode=overwrite, then mode=append)."}
	}
	s, notes := cleanReply(reply)
	if s == "" {
		return Turn{Notes: notes}, &Error{Kind: KindEmpty, Msg: "The reply was empty.", Fix: fixTemplate}
	}
	turn, perr := parseRoot(s, cat, repair)
	if perr != nil && repair {
		if t, ok := keepDoneMessage(s, cat, perr); ok {
			turn, perr = t, nil
		}
	}
	turn.Notes = append(notes, turn.Notes...)
	if perr != nil {
		turn.Call, turn.Calls, turn.Repairs = nil, nil, nil
		return turn, perr
	}
	return turn, nil
}

// parseRoot locates, decodes and reads the one <agent_response> of s.
func parseRoot(s string, cat *Catalogue, repair bool) (Turn, *Error) {
	env, perr := locate(s, rootResponse, repair)
	if perr != nil {
		return Turn{}, perr
	}
	root, perr := buildTree(env.root, rootResponse)
	if perr != nil {
		return Turn{Notes: env.notes}, perr
	}
	r := &reader{cat: cat, repair: repair}
	if rep, ok := env.ampRepair(); ok {
		r.repairs = append(r.repairs, rep)
	}
	turn, perr := r.response(root)
	turn.Notes, turn.Repairs = env.notes, r.repairs
	return turn, perr
}

// reader applies the protocol's grammar to a decoded <agent_response>,
// collecting the repairs it makes.
type reader struct {
	cat     *Catalogue
	repair  bool
	repairs []event.Repair
}

// response reads a decoded <agent_response>.
func (r *reader) response(root *node) (Turn, *Error) {
	var done, message *node
	var calls []*node
	for _, k := range root.kids {
		switch k.name {
		case "done", "message":
			if (k.name == "done" && done != nil) || (k.name == "message" && message != nil) {
				return Turn{}, &Error{Kind: KindDuplicate, Line: k.line,
					Msg: fmt.Sprintf("line %d: <%s> appears twice.", k.line, k.name), Fix: "Give one <done> and one <message>. " + fixResend}
			}
			if k.name == "done" {
				done = k
			} else {
				message = k
			}
		case "tool_call":
			calls = append(calls, k)
		default:
			return Turn{}, unexpectedChild(k, r.cat)
		}
	}
	if s := root.stray(); s != "" {
		return Turn{}, &Error{Kind: KindUnexpected, Line: root.line,
			Msg: fmt.Sprintf("The <agent_response> holds text outside its elements: %s.", preview(strings.TrimSpace(s))),
			Fix: "Put all text in <message>. " + fixResend}
	}
	isDone, perr := readDone(done)
	if perr != nil {
		return Turn{}, perr
	}
	msg, perr := readMessage(message)
	if perr != nil {
		return Turn{}, perr
	}
	turn := Turn{Done: isDone, Message: msg}
	limit := r.cat.MaxCalls()
	switch {
	case len(calls) > 1 && limit == 1:
		return turn, twoTools(calls)
	case len(calls) > limit:
		return turn, tooManyTools(calls, r.cat)
	case isDone && len(calls) > 0:
		return turn, &Error{Kind: KindDoneWithTool, Line: calls[0].line,
			Msg: "The reply has <done>true</done> and a <tool_call>; a finished reply cannot request a tool.",
			Fix: "If the tool still has to run, send <done>false</done> with the <tool_call> and set done=true after its result. " +
				"If the work is finished, send <done>true</done> without a <tool_call>."}
	case isDone && msg == "":
		return turn, &Error{Kind: KindNoMessage, Line: root.line,
			Msg: "The reply has <done>true</done> but no final <message>.",
			Fix: "Send <done>true</done> with a <message> that summarises the changes (files) and the verification (the command and its result)."}
	case !isDone && len(calls) == 0:
		return turn, &Error{Kind: KindNoTool, Msg: continueText(ContinueNoTool)}
	case isDone:
		return turn, nil
	}
	for i, n := range calls {
		call, perr := r.call(n)
		if perr != nil {
			return turn, inCall(perr, i, len(calls))
		}
		turn.Calls = append(turn.Calls, call)
	}
	turn.Call = turn.Calls[0]
	return turn, nil
}

// inCall names the call an error is about when the reply has several.
func inCall(perr *Error, i, n int) *Error {
	if n > 1 {
		perr.Call = i + 1
		perr.Msg = fmt.Sprintf("<tool_call> %d of %d: %s", i+1, n, perr.Msg)
	}
	return perr
}

func unexpectedChild(k *node, cat *Catalogue) *Error {
	calls := "at most one <tool_call>"
	if n := cat.MaxCalls(); n > 1 {
		calls = fmt.Sprintf("at most %d <tool_call> elements", n)
	}
	msg := fmt.Sprintf("line %d: <%s> is not allowed in <agent_response>; its children are <done>, <message> and %s.", k.line, k.name, calls)
	if k.name == "args" || k.name == "arguments" {
		msg = fmt.Sprintf("line %d: <%s> must be inside a <tool_call name=\"…\">.", k.line, k.name)
	} else if _, ok := cat.Lookup(k.name); ok {
		msg = fmt.Sprintf("line %d: <%s> is a tool name, not an element: write <tool_call name=%q><args>…</args></tool_call>.", k.line, k.name, k.name)
	}
	return &Error{Kind: KindUnexpected, Line: k.line, Msg: msg, Fix: fixTemplate}
}

func readDone(done *node) (bool, *Error) {
	fix := "Write <done>false</done> while tools still have to run, <done>true</done> when the task is finished and verified."
	if done == nil {
		return false, &Error{Kind: KindBadDone, Msg: "The <agent_response> has no <done> element.", Fix: fix}
	}
	if len(done.kids) > 0 {
		return false, &Error{Kind: KindBadDone, Line: done.line,
			Msg: fmt.Sprintf("line %d: <done> holds the element <%s>; it must be true or false.", done.line, done.kids[0].name), Fix: fix}
	}
	switch v := strings.ToLower(strings.TrimSpace(done.value())); v {
	case "true":
		return true, nil
	case "false":
		return false, nil
	default:
		return false, &Error{Kind: KindBadDone, Line: done.line,
			Msg: fmt.Sprintf("line %d: <done> must be true or false, got %s.", done.line, preview(v)), Fix: fix}
	}
}

func readMessage(message *node) (string, *Error) {
	if message == nil {
		return "", nil
	}
	if len(message.kids) > 0 {
		return "", &Error{Kind: KindUnexpected, Line: message.line,
			Msg: fmt.Sprintf("line %d: <message> holds the element <%s>; a message is text.", message.line, message.kids[0].name),
			Fix: "A message is text; put it in CDATA if it contains < or &. " + fixResend}
	}
	return strings.TrimSpace(message.value()), nil
}

func twoTools(calls []*node) *Error {
	names := make([]string, len(calls))
	for i, c := range calls {
		names[i], _ = c.attr("name")
		names[i] = fmt.Sprintf("%q", strings.TrimSpace(names[i]))
	}
	return &Error{Kind: KindTwoTools, Line: calls[1].line,
		Msg: fmt.Sprintf("The reply has %d <tool_call> elements (%s); only one is allowed per reply, so none ran.", len(calls), strings.Join(names, ", ")),
		Fix: "Send only the first call now: <done>false</done>, your <message> and one <tool_call>. You will get its <tool_result> and can then send the next."}
}

// tooManyTools refuses a reply with more calls than the catalogue allows.
func tooManyTools(calls []*node, cat *Catalogue) *Error {
	limit := cat.MaxCalls()
	return &Error{Kind: KindTooManyTools, Line: calls[limit].line,
		Msg: fmt.Sprintf("The reply has %d <tool_call> elements; at most %d are allowed per reply, so none ran.", len(calls), limit),
		Fix: fmt.Sprintf("Send at most %d <tool_call> elements: %s. Send the rest after their <tool_result>s.", limit, batchRule(cat))}
}

// call decodes and validates one <tool_call> against the catalogue.
func (r *reader) call(n *node) (*event.ToolCall, *Error) {
	cat := r.cat
	name, _ := n.attr("name")
	name = strings.TrimSpace(name)
	kids := n.kids
	if name == "" && r.repair {
		name, kids = r.nameElement(n)
	}
	if name == "" {
		return nil, &Error{Kind: KindUnknownTool, Line: n.line,
			Msg: fmt.Sprintf("line %d: the <tool_call> has no name attribute.", n.line),
			Fix: "Name the tool: <tool_call name=\"fs.read\">. The tools are " + strings.Join(cat.Names(), ", ") + "."}
	}
	spec, ok := cat.Lookup(name)
	if !ok {
		msg := fmt.Sprintf("line %d: there is no tool %q.", n.line, name)
		if s := similar(name, cat.Names()); s != "" {
			msg += fmt.Sprintf(" Did you mean %q?", s)
		}
		return nil, &Error{Kind: KindUnknownTool, Tool: name, Line: n.line, Msg: msg,
			Fix: "Use one of the tools: " + strings.Join(cat.Names(), ", ") + "."}
	}
	var args *node
	for _, k := range kids {
		switch {
		case r.isArgs(k, spec) && args != nil && args.name != k.name:
			return nil, argErr(KindDuplicate, spec, "", k.line, "the <tool_call> has both <%s> and <%s>; give one <args>.", args.name, k.name)
		case r.isArgs(k, spec) && args != nil:
			return nil, argErr(KindDuplicate, spec, "", k.line, "<%s> appears twice in the <tool_call>.", k.name)
		case r.isArgs(k, spec):
			args = k
		case spec.arg(k.name) != nil:
			return nil, argErr(KindUnexpected, spec, k.name, k.line, "<%s> is directly in <tool_call>; arguments go inside <args>: "+
				"<tool_call name=%q><args><%s>…</%s></args></tool_call>.", k.name, spec.Name, k.name, k.name)
		default:
			return nil, argErr(KindUnexpected, spec, "", k.line, "<%s> is not allowed in <tool_call>; it holds only <args>.", k.name)
		}
	}
	if s := n.stray(); s != "" {
		return nil, argErr(KindUnexpected, spec, "", n.line, "the <tool_call> holds text outside <args>: %s.", preview(strings.TrimSpace(s)))
	}
	v, perr := decodeArgs(spec, args)
	if perr != nil {
		return nil, perr
	}
	if args != nil && args.name != "args" {
		r.repairs = append(r.repairs, event.Repair{Kind: RepairArgumentsElement, Line: args.line,
			Note: fmt.Sprintf("read <%s> as <args> (line %d); write <tool_call name=%q><args>…</args></tool_call>", args.name, args.line, spec.Name)})
	}
	return &event.ToolCall{Name: spec.Name, Args: v, CanonicalArgs: CanonicalJSON(v)}, nil
}

// similar returns the candidate closest to name (at most two edits away,
// ignoring case and the separators . _ - /), or "".
func similar(name string, candidates []string) string {
	norm := func(s string) string {
		return strings.Map(func(r rune) rune {
			switch r {
			case '_', '-', '/', ' ':
				return '.'
			}
			return r
		}, strings.ToLower(s))
	}
	best, bestD := "", 3
	for _, c := range candidates {
		if d := editDistance(norm(name), norm(c)); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between short ASCII-ish names.
func editDistance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		return 1 << 20
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
