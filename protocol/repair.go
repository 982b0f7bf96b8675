package protocol

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/wtagent/wtagent/session/event"
)

// The lossless repairs Parse makes instead of asking the model to send its
// reply again (each re-ask costs a ChatGPT turn). A repair is made only
// where the meaning is certain; anything that could change what runs is
// still refused. The values are a public contract: the protocol.parsed
// event's repairs and `--json` output carry them.
const (
	// RepairBareAmpersand escapes a bare & (one that starts no reference:
	// "Tom & Jerry", "R&D", "?a=1&b=2", "a && b") in text outside CDATA as
	// &amp;. Refused when the same text also holds a reference (&amp;,
	// &#38;), whose meaning is then unclear, and for an & that looks like
	// a reference without its ';' (&amp, &#38).
	RepairBareAmpersand = "bare_ampersand"
	// RepairArgumentsElement reads <arguments> in a <tool_call> as <args>
	// (not for a tool that takes an argument called "arguments").
	RepairArgumentsElement = "arguments_element"
	// RepairNameElement takes the tool's name from a <name> child of a
	// <tool_call> without a name attribute. The name must still be a
	// catalogue tool, exactly.
	RepairNameElement = "name_element"
	// RepairMessageMarkup keeps the <message> of a done=true reply as
	// written when it holds markup that is not well-formed or not text (an
	// unclosed <b>, a stray <): no tool would run, and the rest of the
	// reply must parse on its own.
	RepairMessageMarkup = "message_markup"
)

// FormatRepairs tells the model which repairs its last reply needed and
// the canonical form to use, to be appended to the next message it gets;
// "" when there were none.
func FormatRepairs(repairs []event.Repair) string {
	if len(repairs) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("<parse_notes>Your last reply did not follow the format exactly; wtagent repaired it without changing its meaning:")
	for _, r := range repairs {
		b.WriteString("\n- ")
		b.WriteString(r.Note)
	}
	b.WriteString("\nUse the canonical form from now on.</parse_notes>")
	return b.String()
}

// isArgs reports whether k is the <tool_call>'s arguments element: <args>,
// or with repair <arguments> when the tool takes no argument of that name.
func (r *reader) isArgs(k *node, spec ToolSpec) bool {
	return k.name == "args" || (r.repair && k.name == "arguments" && spec.arg("arguments") == nil)
}

// nameElement takes the tool name of a <tool_call> without a name
// attribute from its one text-only <name> child, and returns the other
// children. The name is not guessed: a name that is not in the catalogue
// is returned as it is, for the unknown-tool error.
func (r *reader) nameElement(n *node) (string, []*node) {
	var found *node
	var rest []*node
	for _, k := range n.kids {
		if k.name != "name" {
			rest = append(rest, k)
			continue
		}
		if found != nil {
			return "", n.kids
		}
		found = k
	}
	if found == nil || len(found.kids) > 0 || len(found.attrs) > 0 {
		return "", n.kids
	}
	name := strings.TrimSpace(found.value())
	if name == "" || strings.ContainsAny(name, " \t\r\n") {
		return "", n.kids
	}
	if _, ok := r.cat.Lookup(name); ok {
		r.repairs = append(r.repairs, event.Repair{Kind: RepairNameElement, Line: found.line,
			Note: fmt.Sprintf("took the tool name from <name>%s</name> (line %d); write <tool_call name=%q>", name, found.line, name)})
	}
	return name, rest
}

// tangled reports whether a broken <message> holds the protocol's own
// markup, CDATA, a comment or a declaration: then it is not kept as
// written, since its end or the reply's structure is in doubt.
func tangled(body string) bool {
	for _, bad := range [...]string{"<message", "</message", "<agent_response", "</agent_response", "<tool_call", "</tool_call",
		"<done", "</done", "<args", "<arguments", "<!", "]]>", "<?"} {
		if strings.Contains(body, bad) {
			return true
		}
	}
	return false
}

// keepDoneMessage is the message_markup repair: when perr (a malformed,
// truncated or unexpected reply) comes from the markup inside the first
// <message> of s, and the reply with that message's content replaced by
// plain text parses as done=true without a tool call, the turn is that one
// with the message kept as written.
func keepDoneMessage(s string, cat *Catalogue, perr *Error) (Turn, bool) {
	switch perr.Kind {
	case KindMalformed, KindTruncated, KindUnexpected:
	default:
		return Turn{}, false
	}
	root := findStartTag(s, rootResponse, 0)
	if root < 0 {
		return Turn{}, false
	}
	open := findStartTag(s, "message", root)
	if open < 0 {
		return Turn{}, false
	}
	end := tagEnd(s[open:])
	if end < 0 || s[open+end-1] == '/' || s[open+end] != '>' {
		return Turn{}, false
	}
	from := open + end + 1
	n := strings.Index(s[from:], "</message>")
	if n < 0 {
		return Turn{}, false
	}
	body := s[from : from+n]
	text := strings.TrimSpace(body)
	if text == "" || !utf8.ValidString(text) {
		return Turn{}, false
	}
	if tangled(body) {
		return Turn{}, false
	}
	turn, err := parseRoot(s[:from]+"message"+s[from+n:], cat, true)
	if err != nil || !turn.Done || turn.Call != nil {
		return Turn{}, false
	}
	line := lineOf(s, root, open)
	turn.Message = text
	turn.Repairs = append(turn.Repairs, event.Repair{Kind: RepairMessageMarkup, Line: line,
		Note: fmt.Sprintf("kept the final <message> as written (line %d): it holds markup, not text (a tag or a bare <); "+
			"put such text in CDATA: <message><![CDATA[…]]></message>", line)})
	return turn, true
}

// joinLines lists line numbers: "3", "3, 5".
func joinLines(lines []int) string {
	parts := make([]string, 0, len(lines))
	for i, l := range lines {
		if i > 0 && l == lines[i-1] {
			continue
		}
		parts = append(parts, strconv.Itoa(l))
	}
	return strings.Join(parts, ", ")
}
