package protocol

import (
	"bytes"
	"fmt"
	"io"
	"sort"
	"strings"
	"unicode/utf8"
)

// maxDepth bounds element nesting; the protocol needs six levels.
const maxDepth = 32

// substitution replaces bytes of the source, in the copy given to
// encoding/xml, by a legal stand-in of the same length.
type substitution struct {
	at   int
	with string
}

// scanned is one element of a reply. encoding/xml checks its structure,
// but character data is read from src itself (see buildTree): the decoder
// turns CR and CRLF into LF, also in CDATA, and refuses characters XML 1.0
// does not allow (control characters, U+FFFE, U+FFFF), raw or as character
// references. The copy the decoder reads has those replaced by stand-ins of
// the same length, so its offsets and lines are the source's.
type scanned struct {
	// src is the element's source text, from its start tag to the end of
	// its end tag (or of the reply when it never closes).
	src  string
	subs []substitution
	// end is the offset in the reply just after the element.
	end    int
	closed bool
	// repair allows the bare-& repair (see ampRun); amps are the offsets
	// in the reply of the bare & it escaped, ampLines their lines.
	repair   bool
	amps     []int
	ampLines []int
}

// decoderInput is the text encoding/xml reads: src with the stand-ins.
func (sc *scanned) decoderInput() io.Reader {
	if len(sc.subs) == 0 {
		return strings.NewReader(sc.src)
	}
	b := []byte(sc.src)
	for _, sub := range sc.subs {
		copy(b[sub.at:], sub.with)
	}
	return bytes.NewReader(b)
}

// scanElement reads the element that starts at s[start] ('<'), the way a
// lenient tokenizer would, to find where it ends. It refuses DTDs,
// declarations, processing instructions and entity references other than
// XML's five, and notes the characters the decoder must not see. With
// repair, a bare & (one that starts no reference) is escaped when that is
// lossless (see ampRun); without it, it is an error. Well-formedness is
// left to the decoder: on bad input the scan may end anywhere, and the
// decoder reports the error.
func scanElement(s string, start int, repair bool) (*scanned, *Error) {
	sc := &scanned{repair: repair}
	run := &ampRun{}
	depth := 0
	i := start
	for i < len(s) {
		switch c := s[i]; {
		case c == '<':
			if err := sc.endRun(run, s, start); err != nil {
				return nil, err
			}
			n, closed, err := sc.markup(s, start, i, &depth)
			if err != nil {
				return nil, err
			}
			i += n
			if closed {
				sc.end, sc.closed = i, true
				sc.finish(s[start:i], start)
				return sc, nil
			}
		case c == '&':
			n, err := sc.reference(s, start, i, run)
			if err != nil {
				return nil, err
			}
			i += n
		default:
			i += sc.text(s, start, i)
		}
	}
	if err := sc.endRun(run, s, start); err != nil {
		return nil, err
	}
	sc.end = len(s)
	sc.finish(s[start:], start)
	return sc, nil
}

// markup handles the markup that starts at s[i]: a tag, CDATA, a comment, or
// a refused declaration. It returns the bytes consumed and whether the
// element that started at start is now closed.
func (sc *scanned) markup(s string, start, i int, depth *int) (int, bool, *Error) {
	rest := s[i:]
	switch {
	case strings.HasPrefix(rest, "<![CDATA["):
		j := strings.Index(rest[9:], "]]>")
		if j < 0 {
			return len(rest), false, nil // unterminated: the decoder reports it
		}
		sc.protect(rest[9:9+j], i+9-start)
		return 9 + j + 3, false, nil
	case strings.HasPrefix(rest, "<!--"):
		j := strings.Index(rest[4:], "-->")
		if j < 0 {
			return len(rest), false, nil
		}
		return 4 + j + 3, false, nil
	case strings.HasPrefix(rest, "<!"):
		what := "a markup declaration (<!…>)"
		switch {
		case strings.HasPrefix(rest, "<!DOCTYPE"):
			what = "a DTD (<!DOCTYPE …>)"
		case strings.HasPrefix(rest, "<!ENTITY"):
			what = "an entity declaration (<!ENTITY …>)"
		}
		return 0, false, forbidden(what, lineOf(s, start, i))
	case strings.HasPrefix(rest, "<?"):
		return 0, false, forbidden("a processing instruction (<?…?>)", lineOf(s, start, i))
	}
	j := tagEnd(rest)
	if j < 0 {
		return len(rest), false, nil
	}
	tag := rest[:j+1]
	switch {
	case len(tag) > 1 && tag[1] == '/':
		*depth--
		return len(tag), *depth <= 0, nil
	case len(tag) > 2 && tag[len(tag)-2] == '/':
		return len(tag), *depth == 0, nil
	}
	*depth++
	if *depth > maxDepth {
		return 0, false, &Error{Kind: KindMalformed, Line: lineOf(s, start, i),
			Msg: fmt.Sprintf("line %d: elements are nested more than %d deep.", lineOf(s, start, i), maxDepth), Fix: fixResend}
	}
	return len(tag), false, nil
}

// tagEnd returns the index of the '>' that ends the tag at the start of s,
// skipping quoted attribute values, or -1.
func tagEnd(s string) int {
	var quote byte
	for i := 1; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '>':
			return i
		case c == '<':
			return i - 1 // a new tag starts: let the decoder report the broken one
		}
	}
	return -1
}

// protect notes stand-ins for the characters of text (at offset at of the
// element) that the decoder would refuse: a space for a control character,
// U+FFFD for U+FFFE and U+FFFF.
func (sc *scanned) protect(text string, at int) {
	for i := 0; i < len(text); i++ {
		switch n := illegalLen(text[i:]); n {
		case 1:
			sc.subs = append(sc.subs, substitution{at: at + i, with: " "})
		case 3:
			sc.subs = append(sc.subs, substitution{at: at + i, with: "\uFFFD"})
			i += 2
		}
	}
}

// text handles character data up to the next '<' or '&' and returns the
// bytes consumed.
func (sc *scanned) text(s string, start, i int) int {
	j := i
	for j < len(s) && s[j] != '<' && s[j] != '&' {
		j++
	}
	sc.protect(s[i:j], i-start)
	return j - i
}

// reference handles the & at s[i]: an entity or character reference, or
// a bare & that starts none, which is noted in run for the repair (or
// refused without repair). An & that looks like a broken reference (&amp
// or &#38 without the ';') is refused either way: escaping it could change
// what the model meant.
func (sc *scanned) reference(s string, start, i int, run *ampRun) (int, *Error) {
	rest := s[i:]
	j := 1
	for j < len(rest) && j < 40 && refByte(rest[j]) {
		j++
	}
	name := rest[1:j]
	semi := j < len(rest) && rest[j] == ';'
	if !semi || name == "" || (name[0] != '#' && !isName(name)) {
		switch {
		case brokenRef(name):
			return 0, &Error{Kind: KindMalformed, Line: lineOf(s, start, i), Fix: fixCDATA + " " + fixResend,
				Msg: fmt.Sprintf("line %d: %s looks like a character or entity reference without its ';'; it is not repaired, "+
					"because the & may be meant literally or as a reference.", lineOf(s, start, i), preview(rest[:j]))}
		case !sc.repair:
			return 0, bareAmp(lineOf(s, start, i))
		}
		run.amps = append(run.amps, i)
		return 1, nil
	}
	run.refs++
	ref := rest[:j+1]
	if name[0] == '#' {
		r, ok := charRef(name[1:])
		switch {
		case !ok:
			return 0, &Error{Kind: KindMalformed, Line: lineOf(s, start, i), Fix: fixCDATA + " " + fixResend,
				Msg: fmt.Sprintf("line %d: %s is not a valid character reference.", lineOf(s, start, i), ref)}
		case needsLiteral(r) && r != '\r':
			sc.subs = append(sc.subs, substitution{at: i - start + 2, with: legalDigits(name[1:])})
		}
		return len(ref), nil
	}
	switch name {
	case "amp", "lt", "gt", "quot", "apos":
		return len(ref), nil
	}
	return 0, forbidden("the custom entity reference "+ref, lineOf(s, start, i))
}

// refByte reports whether c may appear in a reference's name or digits.
func refByte(c byte) bool {
	return c == '#' || c == '_' || c == ':' || c == '-' || c == '.' || c >= '0' && c <= '9' ||
		c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}

// brokenRef reports whether the name after an & that has no ';' looks
// like a reference that lost it: &#…, or one of XML's five entities.
func brokenRef(name string) bool {
	if strings.HasPrefix(name, "#") {
		return true
	}
	for _, e := range [...]string{"amp", "lt", "gt", "quot", "apos"} {
		if strings.HasPrefix(name, e) {
			return true
		}
	}
	return false
}

// ampRun collects the bare & of one run of text (between two pieces of
// markup) and counts its references.
type ampRun struct {
	amps []int
	refs int
}

// endRun closes a run of text: its bare & are kept for the repair, unless
// the run also holds references. Then the model escaped some of its text
// and not the rest, and whether "&amp;" there means & or is meant
// literally cannot be told, so nothing is repaired.
func (sc *scanned) endRun(run *ampRun, s string, start int) *Error {
	defer func() { *run = ampRun{} }()
	if len(run.amps) == 0 {
		return nil
	}
	if run.refs > 0 {
		line := lineOf(s, start, run.amps[0])
		return &Error{Kind: KindMalformed, Line: line,
			Msg: fmt.Sprintf("line %d: a bare & and an escaped reference (such as &amp;) are in the same text, "+
				"so it is unclear whether the reference is meant literally; nothing was repaired.", line),
			Fix: "Escape every & as &amp;, or put the text in CDATA. " + fixResend}
	}
	for _, at := range run.amps {
		sc.amps = append(sc.amps, at)
		sc.ampLines = append(sc.ampLines, lineOf(s, start, at))
	}
	return nil
}

// finish sets the element's source: src with each bare & escaped as &amp;
// (the stand-ins' offsets move with the text after it).
func (sc *scanned) finish(src string, start int) {
	if len(sc.amps) == 0 {
		sc.src = src
		return
	}
	var b strings.Builder
	b.Grow(len(src) + 4*len(sc.amps))
	prev := 0
	for _, at := range sc.amps {
		b.WriteString(src[prev : at-start+1])
		b.WriteString("amp;")
		prev = at - start + 1
	}
	b.WriteString(src[prev:])
	sc.src = b.String()
	for k := range sc.subs {
		before := sort.SearchInts(sc.amps, sc.subs[k].at+start)
		sc.subs[k].at += 4 * before
	}
}

// charRef decodes the digits of a character reference ("x1B" or "27").
func charRef(digits string) (rune, bool) {
	base := 10
	if strings.HasPrefix(digits, "x") {
		base, digits = 16, digits[1:]
	}
	if digits == "" || len(digits) > 8 {
		return 0, false
	}
	var n int64
	for _, c := range []byte(digits) {
		d := int64(-1)
		switch {
		case c >= '0' && c <= '9':
			d = int64(c - '0')
		case base == 16 && c >= 'a' && c <= 'f':
			d = int64(c-'a') + 10
		case base == 16 && c >= 'A' && c <= 'F':
			d = int64(c-'A') + 10
		}
		if d < 0 {
			return 0, false
		}
		n = n*int64(base) + d
	}
	r := rune(n)
	if n > utf8.MaxRune || (r >= 0xD800 && r <= 0xDFFF) {
		return 0, false
	}
	return r, true
}

// legalDigits returns digits of the same length as those of a character
// reference ("x1B", "27") that name a legal character ('A' or tab).
func legalDigits(digits string) string {
	prefix := ""
	if strings.HasPrefix(digits, "x") {
		prefix, digits = "x", digits[1:]
	}
	if len(digits) == 1 {
		return prefix + "9"
	}
	code := "65"
	if prefix == "x" {
		code = "41"
	}
	return prefix + strings.Repeat("0", len(digits)-2) + code
}

// needsLiteral reports whether encoding/xml would change (CR) or refuse r
// in character data.
func needsLiteral(r rune) bool {
	return (r < 0x20 && r != '\t' && r != '\n') || r == 0xFFFE || r == 0xFFFF
}

// illegalLen returns the length of the character at the start of s when
// XML 1.0 does not allow it (a control character other than tab, LF and
// CR; U+FFFE; U+FFFF), or 0.
func illegalLen(s string) int {
	c := s[0]
	if c < 0x20 {
		if c == '\t' || c == '\n' || c == '\r' {
			return 0
		}
		return 1
	}
	if c == 0xEF && len(s) >= 3 && s[1] == 0xBF && (s[2] == 0xBE || s[2] == 0xBF) {
		return 3
	}
	return 0
}

func isName(s string) bool {
	for i, r := range s {
		ok := r == '_' || r == ':' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= 0x80
		if i > 0 {
			ok = ok || r == '-' || r == '.' || r >= '0' && r <= '9'
		}
		if !ok {
			return false
		}
	}
	return s != ""
}

// lineOf is the line of s[i] counted from s[start] (line 1).
func lineOf(s string, start, i int) int {
	return 1 + strings.Count(s[start:i], "\n")
}

func forbidden(what string, line int) *Error {
	msg := fmt.Sprintf("%s is not allowed.", what)
	if line > 0 {
		msg = fmt.Sprintf("line %d: %s", line, msg)
	}
	return &Error{Kind: KindForbidden, Line: line, Msg: msg,
		Fix: "Do not use DTDs, entity declarations or processing instructions; the only entities are &amp; &lt; &gt; &quot; &apos;. " +
			fixCDATA + " " + fixResend}
}

func bareAmp(line int) *Error {
	return &Error{Kind: KindMalformed, Line: line,
		Msg: fmt.Sprintf("line %d: a bare & outside CDATA (XML needs &amp; there).", line),
		Fix: fixCDATA + " " + fixResend}
}
