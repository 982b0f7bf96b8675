package delta

import "strings"

// Channel is the message's channel ("" when absent).
func Channel(msg map[string]any) string {
	c, _ := msg["channel"].(string)
	return c
}

// IsReply reports whether msg is part of the answer: a visible
// assistant text message to all on the final channel (or none). Thoughts,
// recaps, code and tool traffic, commentary and hidden messages are not.
func IsReply(msg map[string]any) bool {
	author, _ := msg["author"].(map[string]any)
	if role, _ := author["role"].(string); role != "assistant" {
		return false
	}
	if rc, _ := msg["recipient"].(string); rc != "" && rc != "all" {
		return false
	}
	if ch := Channel(msg); ch != "" && ch != "final" {
		return false
	}
	if md, _ := msg["metadata"].(map[string]any); md != nil {
		if h, _ := md["is_visually_hidden_from_conversation"].(bool); h {
			return false
		}
		if h, _ := md["is_thinking_preamble_message"].(bool); h {
			return false
		}
	}
	content, _ := msg["content"].(map[string]any)
	ct, _ := content["content_type"].(string)
	return ct == "text" || ct == "multimodal_text"
}

// Len is len(Text(msg)) without building the text.
func Len(msg map[string]any) int {
	content, _ := msg["content"].(map[string]any)
	parts, _ := content["parts"].([]any)
	n, k := 0, 0
	for _, part := range parts {
		switch s := part.(type) {
		case string:
			n += len(s)
			k++
		case *appendBuf:
			n += len(s.b)
			k++
		}
	}
	if k > 1 {
		n += 2 * (k - 1)
	}
	return n
}

// Text joins the string parts of a message's content.
func Text(msg map[string]any) string {
	content, _ := msg["content"].(map[string]any)
	parts, _ := content["parts"].([]any)
	var ss []string
	for _, part := range parts {
		switch s := part.(type) {
		case string:
			ss = append(ss, s)
		case *appendBuf:
			ss = append(ss, s.String())
		}
	}
	return strings.Join(ss, "\n\n")
}

// HasImage reports whether a message's content holds an image part (an
// image_asset_pointer, or any part with an asset pointer): an image-only
// reply has no text part at all.
func HasImage(msg map[string]any) bool {
	content, _ := msg["content"].(map[string]any)
	parts, _ := content["parts"].([]any)
	for _, part := range parts {
		if m, ok := part.(map[string]any); ok {
			ct, _ := m["content_type"].(string)
			if _, ptr := m["asset_pointer"]; ptr || strings.Contains(ct, "image") {
				return true
			}
		}
	}
	return false
}

// JoinSegments joins the final text segments of one turn as the page
// shows them: the non-empty ones, a blank line apart. The stream reader
// and the conversation document both use it, so both give the same text.
func JoinSegments(segments []string) string {
	var ss []string
	for _, s := range segments {
		if s != "" {
			ss = append(ss, s)
		}
	}
	return strings.Join(ss, "\n\n")
}
