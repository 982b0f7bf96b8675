package protocol

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/wtagent/wtagent/session/event"
)

// MaxReplyBytes is the largest reply Parse accepts.
const MaxReplyBytes = 8 << 20

// Root element names.
const (
	rootResponse = "agent_response"
	rootResult   = "tool_result"
)

// envelope is the one root element of a reply, found in its surrounding
// text, plus the notes on what was stripped around it.
type envelope struct {
	root  *scanned
	notes []string
}

// ampRepair describes the bare & the scan escaped, or returns false.
func (env *envelope) ampRepair() (event.Repair, bool) {
	lines := env.root.ampLines
	if len(lines) == 0 {
		return event.Repair{}, false
	}
	what := "a bare &"
	if len(lines) > 1 {
		what = fmt.Sprintf("%d bare &", len(lines))
	}
	return event.Repair{Kind: RepairBareAmpersand, Line: lines[0],
		Note: fmt.Sprintf("escaped %s as &amp; (line %s); write &amp; for a literal &, or put the text in CDATA", what, joinLines(lines))}, true
}

// cleanReply makes the deterministic repairs that come before finding the
// root: a byte-order mark and surrounding whitespace.
func cleanReply(reply string) (string, []string) {
	var notes []string
	s := strings.TrimSpace(reply)
	if strings.HasPrefix(s, "\uFEFF") {
		s = strings.TrimSpace(strings.TrimPrefix(s, "\uFEFF"))
		notes = append(notes, "removed a byte-order mark")
	}
	return s, notes
}

// findStartTag returns the index of the first start tag <name …> in s at or
// after from, or -1.
func findStartTag(s, name string, from int) int {
	open := "<" + name
	for from <= len(s) {
		i := strings.Index(s[from:], open)
		if i < 0 {
			return -1
		}
		i += from
		j := i + len(open)
		if j == len(s) || strings.IndexByte(" \t\r\n>/", s[j]) >= 0 {
			return i
		}
		from = j
	}
	return -1
}

// locate finds exactly one root element called name in s (already
// cleaned). Text before and after it is ignored and reported in the notes;
// a Markdown fence around it, with or without a language label, is
// recognised as such. repair allows the bare-& repair (see scanElement).
func locate(s, name string, repair bool) (*envelope, *Error) {
	start := findStartTag(s, name, 0)
	if start < 0 {
		return nil, noRoot(s, name)
	}
	before := s[:start]
	if what := dtdIn(before, name); what != "" {
		return nil, forbidden(what+" before the <"+name+">", 0)
	}
	sc, err := scanElement(s, start, repair)
	if err != nil {
		return nil, err
	}
	after := s[sc.end:]
	if findStartTag(after, name, 0) >= 0 {
		return nil, &Error{Kind: KindTwoRoots,
			Msg: fmt.Sprintf("The reply contains more than one <%s> element.", name),
			Fix: fmt.Sprintf("Send exactly one <%s> (the next step only), in one ```xml fence, with nothing else in the reply.", name)}
	}
	env := &envelope{root: sc}
	env.notes = append(env.notes, beforeNotes(before, name)...)
	env.notes = append(env.notes, afterNotes(after, name)...)
	return env, nil
}

// dtdIn finds a DTD meant for the root in the text before it: an entity
// declaration, or a <!DOCTYPE> that names the root or has an internal
// subset. A mention such as "<!DOCTYPE html>" in prose is not one.
func dtdIn(before, name string) string {
	if strings.Contains(before, "<!ENTITY") {
		return "an entity declaration (<!ENTITY …>)"
	}
	for rest := before; ; {
		i := strings.Index(rest, "<!DOCTYPE")
		if i < 0 {
			return ""
		}
		rest = rest[i+len("<!DOCTYPE"):]
		decl, _, _ := strings.Cut(rest, ">")
		fields := strings.Fields(decl)
		if strings.Contains(decl, "[") || (len(fields) > 0 && fields[0] == name) {
			return "a DTD (<!DOCTYPE …>)"
		}
	}
}

// noRoot explains a reply without the root element.
func noRoot(s, name string) *Error {
	msg := fmt.Sprintf("The reply has no <%s> element.", name)
	for _, tag := range []string{"tool_call", "done", "message"} {
		if findStartTag(s, tag, 0) >= 0 {
			msg = fmt.Sprintf("The reply has a <%s> but no <%s> element around it.", tag, name)
			break
		}
	}
	return &Error{Kind: KindNoRoot, Msg: msg, Fix: fixTemplate}
}

// beforeNotes describes the text stripped before the root.
func beforeNotes(before, name string) []string {
	var notes []string
	rest := strings.TrimRight(before, " \t\r\n")
	for {
		line, ok := lastLine(rest)
		if !ok || !isLabel(line) {
			break
		}
		notes = append(notes, fmt.Sprintf("removed the code block's label line %q", line))
		rest = strings.TrimRight(strings.TrimSuffix(rest, line), " \t\r\n")
	}
	if line, ok := lastLine(rest); ok && strings.HasPrefix(line, "```") {
		notes = append(notes, fmt.Sprintf("removed the opening code fence %q", line))
		rest = strings.TrimRight(strings.TrimSuffix(rest, line), " \t\r\n")
	}
	if rest != "" {
		notes = append(notes, fmt.Sprintf("ignored %d bytes of text before <%s>: %s", len(rest), name, preview(rest)))
	}
	return notes
}

// afterNotes describes the text stripped after the root.
func afterNotes(after, name string) []string {
	var notes []string
	rest := strings.TrimLeft(after, " \t\r\n")
	if strings.HasPrefix(rest, "```") {
		line, _, _ := strings.Cut(rest, "\n")
		if strings.TrimRight(line, " \t\r") == "```" {
			notes = append(notes, "removed the closing code fence")
			rest = strings.TrimLeft(rest[len(line):], " \t\r\n")
		}
	}
	if rest != "" {
		notes = append(notes, fmt.Sprintf("ignored %d bytes of text after </%s>: %s", len(rest), name, preview(rest)))
	}
	return notes
}

// lastLine returns the last line of s (s has no trailing newline).
func lastLine(s string) (string, bool) {
	if s == "" {
		return "", false
	}
	i := strings.LastIndexByte(s, '\n')
	return strings.TrimSpace(s[i+1:]), true
}

// isLabel reports whether a line is what a chat page adds above a code
// block when its text is copied: the language name, a copy button's text.
func isLabel(line string) bool {
	switch strings.ToLower(line) {
	case "xml", "html", "copy", "copy code", "xml copy code", "xmlcopy code", "xmlcopy", "xml copy":
		return true
	}
	return false
}

// preview quotes the start of s for a note.
func preview(s string) string {
	const n = 60
	if len(s) <= n {
		return fmt.Sprintf("%q", s)
	}
	cut := n
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%q…", s[:cut])
}
