package protocol

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// writeCDATA writes s as element content in CDATA sections that round-trip
// byte for byte through Parse and ParseToolResult: "]]>" is split across two
// sections, and the characters XML 1.0 cannot carry (control characters
// other than tab, LF and CR; U+FFFE; U+FFFF) are written as character
// references between sections. Invalid UTF-8 becomes U+FFFD, as in
// encoding/json.
func writeCDATA(b *strings.Builder, s string) {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	run := 0
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == '\r' || !needsLiteral(r) {
			i += n
			continue
		}
		writeSection(b, s[run:i])
		writeCharRef(b, r)
		i += n
		run = i
	}
	writeSection(b, s[run:])
}

// writeCharRef writes &#xNN; for r.
func writeCharRef(b *strings.Builder, r rune) {
	const hex = "0123456789ABCDEF"
	var buf [12]byte
	i := len(buf)
	i--
	buf[i] = ';'
	for v := uint32(r); ; v >>= 4 {
		i--
		buf[i] = hex[v&0xF]
		if v < 16 {
			break
		}
	}
	if r < 16 {
		i--
		buf[i] = '0'
	}
	i -= 3
	copy(buf[i:], "&#x")
	b.Write(buf[i:])
}

func writeSection(b *strings.Builder, s string) {
	if s == "" {
		return
	}
	b.WriteString("<![CDATA[")
	for {
		i := strings.Index(s, "]]>")
		if i < 0 {
			break
		}
		b.WriteString(s[:i])
		b.WriteString("]]]]><![CDATA[>")
		s = s[i+3:]
	}
	b.WriteString(s)
	b.WriteString("]]>")
}

// writeText writes s as element content: plain text when it needs no
// escaping and has no surrounding whitespace, CDATA otherwise.
func writeText(b *strings.Builder, s string) {
	if plain(s) {
		b.WriteString(s)
		return
	}
	writeCDATA(b, s)
}

func plain(s string) bool {
	if s == "" {
		return true
	}
	if strings.Trim(s, " \t\r\n") != s || !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if r == '<' || r == '&' || r == '>' || r == '\r' || needsLiteral(r) {
			return false
		}
	}
	return true
}

// element writes <name>content</name> with content in CDATA.
func element(b *strings.Builder, name, content string) {
	b.WriteString("<" + name + ">")
	writeCDATA(b, content)
	b.WriteString("</" + name + ">\n")
}

// attr writes ` name="value"`, escaped.
func attr(b *strings.Builder, name, value string) {
	b.WriteString(" " + name + `="`)
	b.WriteString(escapeAttr(value))
	b.WriteString(`"`)
}

func escapeAttr(s string) string {
	var b strings.Builder
	for _, r := range strings.ToValidUTF8(s, "\uFFFD") {
		switch {
		case r == '&':
			b.WriteString("&amp;")
		case r == '<':
			b.WriteString("&lt;")
		case r == '"':
			b.WriteString("&quot;")
		case r == '\n', r == '\r', r == '\t':
			fmt.Fprintf(&b, "&#%d;", r)
		case needsLiteral(r):
			b.WriteRune(utf8.RuneError)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
