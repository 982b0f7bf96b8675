package protocol

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
)

// segment is a piece of character data, from CDATA or from plain text.
type segment struct {
	text  string
	cdata bool
}

// node is one element of a decoded reply.
type node struct {
	name  string
	attrs []xml.Attr
	line  int
	kids  []*node
	segs  []segment
}

// addText appends a piece of character data.
func (n *node) addText(text string, cdata bool) {
	n.segs = append(n.segs, segment{text: text, cdata: cdata})
}

// runs groups the pieces into runs of the same kind, in order.
func (n *node) runs() []segment {
	var out []segment
	var b strings.Builder
	for i, s := range n.segs {
		b.WriteString(s.text)
		if i+1 == len(n.segs) || n.segs[i+1].cdata != s.cdata {
			out = append(out, segment{text: b.String(), cdata: s.cdata})
			b.Reset()
		}
	}
	return out
}

// value is the element's character data. When the element holds CDATA,
// whitespace-only text around the CDATA sections is layout and is dropped;
// otherwise every byte is kept.
func (n *node) value() string {
	if len(n.segs) == 1 {
		return n.segs[0].text
	}
	runs := n.runs()
	hasCDATA := false
	for _, s := range runs {
		hasCDATA = hasCDATA || s.cdata
	}
	var b strings.Builder
	for _, s := range runs {
		if hasCDATA && !s.cdata && isSpace(s.text) {
			continue
		}
		b.WriteString(s.text)
	}
	return b.String()
}

// stray returns the first non-whitespace run of character data, or "".
func (n *node) stray() string {
	for _, s := range n.runs() {
		if !isSpace(s.text) {
			return s.text
		}
	}
	return ""
}

func (n *node) attr(name string) (string, bool) {
	for _, a := range n.attrs {
		if a.Name.Local == name {
			return a.Value, true
		}
	}
	return "", false
}

func isSpace(s string) bool {
	return strings.Trim(s, " \t\r\n") == ""
}

// buildTree decodes a scanned element with encoding/xml in strict mode (no
// entities beyond XML's five, no DTD, no processing instructions), taking
// character data byte for byte from the source: CDATA as written, text with
// its references resolved. A start tag named root inside the element is
// reported as KindTwoRoots.
func buildTree(sc *scanned, root string) (*node, *Error) {
	d := xml.NewDecoder(sc.decoderInput())
	d.Strict = true
	var stack []*node
	var top *node
	for {
		off := d.InputOffset()
		tok, err := d.Token()
		if err != nil {
			return nil, decodeError(err, len(stack) > 0 || top == nil)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			line, _ := d.InputPos()
			if len(stack) > 0 && t.Name.Local == root {
				return nil, &Error{Kind: KindTwoRoots, Line: line,
					Msg: fmt.Sprintf("line %d: a second <%s> starts inside the first.", line, root),
					Fix: "Send exactly one <" + root + "> element, complete, in one ```xml fence."}
			}
			n := &node{name: t.Name.Local, attrs: t.Attr, line: line}
			if len(stack) > 0 {
				p := stack[len(stack)-1]
				p.kids = append(p.kids, n)
			} else {
				top = n
			}
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				return top, nil
			}
		case xml.CharData:
			if len(stack) > 0 {
				raw := sc.src[off:d.InputOffset()]
				if body, ok := strings.CutPrefix(raw, "<![CDATA["); ok {
					stack[len(stack)-1].addText(strings.TrimSuffix(body, "]]>"), true)
				} else {
					stack[len(stack)-1].addText(resolveRefs(raw), false)
				}
			}
		case xml.ProcInst:
			line, _ := d.InputPos()
			return nil, forbidden("a processing instruction (<?…?>)", line)
		case xml.Directive:
			line, _ := d.InputPos()
			return nil, forbidden("a markup declaration (<!…>)", line)
		}
	}
}

// resolveRefs resolves the entity and character references of text the
// scanner and the decoder have checked, keeping every other byte (CR
// included).
func resolveRefs(raw string) string {
	if !strings.Contains(raw, "&") {
		return raw
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(raw, '&')
		if i < 0 {
			b.WriteString(raw)
			return b.String()
		}
		b.WriteString(raw[:i])
		raw = raw[i:]
		semi := strings.IndexByte(raw, ';')
		if semi < 0 {
			b.WriteString(raw)
			return b.String()
		}
		name := raw[1:semi]
		switch name {
		case "amp":
			b.WriteByte('&')
		case "lt":
			b.WriteByte('<')
		case "gt":
			b.WriteByte('>')
		case "quot":
			b.WriteByte('"')
		case "apos":
			b.WriteByte('\'')
		default:
			if r, ok := charRef(strings.TrimPrefix(name, "#")); ok && strings.HasPrefix(name, "#") {
				b.WriteRune(r)
			} else {
				b.WriteString(raw[:semi+1])
			}
		}
		raw = raw[semi+1:]
	}
}

// decodeError turns a decoder error into an *Error. open says whether the
// input ended inside an element.
func decodeError(err error, open bool) *Error {
	var se *xml.SyntaxError
	switch {
	case errors.Is(err, io.EOF) && open, errors.As(err, &se) && strings.HasPrefix(se.Msg, "unexpected EOF"):
		line := 0
		if se != nil {
			line = se.Line
		}
		return &Error{Kind: KindTruncated, Line: line,
			Msg: "The reply ends before the element is closed: it was cut off, or an end tag is missing.",
			Fix: "Send the complete <agent_response> again, every element closed. If the reply is long because of a big file, " +
				"write it in parts: fs.write with mode=overwrite for the first part, then mode=append."}
	case errors.As(err, &se):
		fix := fixResend
		if strings.Contains(se.Msg, "element name") || strings.Contains(se.Msg, "character entity") ||
			strings.Contains(se.Msg, "illegal character") {
			fix = fixCDATA + " " + fixResend
		}
		return &Error{Kind: KindMalformed, Line: se.Line, Fix: fix,
			Msg: fmt.Sprintf("line %d: %s.", se.Line, se.Msg)}
	}
	return &Error{Kind: KindMalformed, Msg: err.Error() + ".", Fix: fixResend}
}
