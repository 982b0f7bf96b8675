package browser

import (
	"strings"
	"testing"

	"github.com/wtagent/wtagent/session/event"
)

func TestConvDocAfterFindsHandTypedMessages(t *testing.T) {
	str := func(s string) *string { return &s }
	node := func(id, role, text string) convNode {
		return convNode{ID: id, Role: role, ContentType: "text", Parts: []*string{str(text)}, Status: "finished_successfully", EndTurn: true}
	}
	base := []convNode{node("u1", "user", "task"), node("a1", "assistant", "call a tool")}
	last := event.Reply{MessageID: "a1", Binding: event.Binding{UserMessageID: "u1"}}
	for _, c := range []struct {
		name   string
		chain  []convNode
		last   event.Reply
		want   string // the manual messages' ids
		prev   string
		onPath bool
	}{
		{"nothing by hand", base, last, "", "a1", true},
		{"one message and its reply", append(base[:2:2], node("u2", "user", "by hand"), node("a2", "assistant", "answer")), last, "u2", "a1", true},
		{"two messages", append(base[:2:2], node("u2", "user", "one"), node("a2", "assistant", "r"), node("u3", "user", "two")), last, "u2 u3", "a2", true},
		{"reply found by the message it answers", append(base[:2:2], node("u2", "user", "by hand")),
			event.Reply{Binding: event.Binding{UserMessageID: "u1"}}, "u2", "a1", true},
		{"reply edited away", []convNode{node("u1", "user", "task"), node("a9", "assistant", "other")},
			event.Reply{MessageID: "a1", Binding: event.Binding{UserMessageID: "u0"}}, "", "", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			manual, prev, ok := convDoc{Chain: c.chain}.after(c.last)
			var ids []string
			for _, n := range manual {
				ids = append(ids, n.ID)
			}
			if got := strings.Join(ids, " "); got != c.want || ok != c.onPath || ok && prev != c.prev {
				t.Fatalf("after = %q prev %q ok %v, want %q prev %q ok %v", got, prev, ok, c.want, c.prev, c.onPath)
			}
		})
	}
}

// TestConvDocReplySlugAfter: the model of the newest reply after a
// message (how a model picked by hand on a 2026 page shows); none before a
// reply arrives, commentary and tool messages never count.
func TestConvDocReplySlugAfter(t *testing.T) {
	str := func(s string) *string { return &s }
	node := func(id, role, slug string) convNode {
		return convNode{ID: id, Role: role, ContentType: "text", Parts: []*string{str(id)}, ModelSlug: slug}
	}
	commentary := node("c2", "assistant", "gpt-x-commentary")
	commentary.Channel = "commentary"
	tool := node("t2", "assistant", "gpt-x-tool")
	tool.Recipient = "web.run"
	for _, c := range []struct {
		name  string
		chain []convNode
		want  string
	}{
		{"no reply yet", []convNode{node("u1", "user", ""), node("a1", "assistant", "gpt-5-5"), node("u2", "user", "")}, ""},
		{"the reply's model", []convNode{node("u1", "user", ""), node("a1", "assistant", "gpt-5-5"), node("u2", "user", ""), node("a2", "assistant", "gpt-5-5-thinking")}, "gpt-5-5-thinking"},
		{"not commentary or a tool call", []convNode{node("u2", "user", ""), commentary, tool}, ""},
		{"the newest of several", []convNode{node("u2", "user", ""), node("a2", "assistant", "one"), node("a3", "assistant", "two")}, "two"},
		{"no such message", []convNode{node("u1", "user", ""), node("a1", "assistant", "gpt-5-5")}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := (convDoc{Chain: c.chain}).replySlugAfter("u2"); got != c.want {
				t.Fatalf("replySlugAfter = %q, want %q", got, c.want)
			}
		})
	}
}
