package mcpclient

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/wtagent/wtagent/protocol"
)

// ResultText renders a call's result as text, its content in order: text
// as is; an image or audio clip as a one-line note; an embedded resource
// as its URI and its text (a binary one as a note); a resource link as
// [resource NAME URI]; then the structured content as compact JSON, unless
// a text content already holds the same JSON. Parts are separated by a
// newline. Over limit bytes (limit > 0), the text is cut on a UTF-8
// boundary and a line saying how many bytes were left out follows it.
// isError is the result's IsError.
func ResultText(r *mcp.CallToolResult, limit int) (text string, isError bool) {
	if r == nil {
		return "", false
	}
	var parts, texts []string
	for _, c := range r.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			texts = append(texts, tc.Text)
		}
		parts = append(parts, contentText(c))
	}
	if sc := r.StructuredContent; sc != nil && !duplicated(sc, texts) {
		if b, err := protocol.Canonicalize(sc); err == nil {
			parts = append(parts, string(b))
		}
	}
	return cut(strings.Join(parts, "\n"), limit), r.IsError
}

// contentText renders one content item.
func contentText(c mcp.Content) string {
	switch c := c.(type) {
	case *mcp.TextContent:
		return c.Text
	case *mcp.ImageContent:
		return note("image", c.MIMEType, len(c.Data))
	case *mcp.AudioContent:
		return note("audio", c.MIMEType, len(c.Data))
	case *mcp.EmbeddedResource:
		r := c.Resource
		switch {
		case r == nil:
			return "[resource, empty]"
		case r.Blob != nil:
			return note("resource "+r.URI, r.MIMEType, len(r.Blob))
		}
		return r.URI + "\n" + r.Text
	case *mcp.ResourceLink:
		return fmt.Sprintf("[resource %s %s]", c.Name, c.URI)
	}
	return fmt.Sprintf("[content of type %T, not shown]", c)
}

// note is the one line that stands for binary content.
func note(what, mime string, size int) string {
	if mime == "" {
		mime = "of unknown type"
	}
	return fmt.Sprintf("[%s %s, %d bytes, not shown]", what, mime, size)
}

// duplicated reports whether one of texts is the structured content's
// JSON (the copy the spec asks servers to send).
func duplicated(sc any, texts []string) bool {
	b, err := protocol.Canonicalize(sc)
	if err != nil {
		return false
	}
	var want any
	if json.Unmarshal(b, &want) != nil {
		return false
	}
	for _, t := range texts {
		var got any
		if json.Unmarshal([]byte(t), &got) == nil && reflect.DeepEqual(got, want) {
			return true
		}
	}
	return false
}

// cut keeps at most limit bytes of s (limit > 0), ending on a rune's
// start, and says how many bytes it left out.
func cut(s string, limit int) string {
	if limit <= 0 || len(s) <= limit {
		return s
	}
	k := runeStart(s, limit)
	return s[:k] + fmt.Sprintf("\n… [wtagent: %d more bytes of the result left out]", len(s)-k)
}

// runeStart is the largest index ≤ n (n < len(s)) at which a rune of s
// starts.
func runeStart(s string, n int) int {
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return n
}
