package browser

import (
	"strings"
	"testing"

	"github.com/wtagent/wtagent/messages"
)

func TestConvDocAfterFindsHandTypedMessages(t *testing.T) {
	str := func(s string) *string { return &s }
	node := func(id, role, text string) convNode {
		return convNode{ID: id, Role: role, ContentType: "text", Parts: []*string{str(text)}, Status: "finished_successfully", EndTurn: true}
	}
	base := []convNode{node("u1", "user", "task"), node("a1", "assistant", "call a tool")}
	last := messages.Reply{MessageID: "a1", Binding: messages.Binding{UserMessageID: "u1"}}
	for _, c := range []struct {
		name   string
		chain  []convNode
		last   messages.Reply
		want   string // the manual messages' ids
		prev   string
		onPath bool
	}{
		{"nothing by hand", base, last, "", "a1", true},
		{"one message and its reply", append(base[:2:2], node("u2", "user", "by hand"), node("a2", "assistant", "answer")), last, "u2", "a1", true},
		{"two messages", append(base[:2:2], node("u2", "user", "one"), node("a2", "assistant", "r"), node("u3", "user", "two")), last, "u2 u3", "a2", true},
		{"reply found by the message it answers", append(base[:2:2], node("u2", "user", "by hand")),
			messages.Reply{Binding: messages.Binding{UserMessageID: "u1"}}, "u2", "a1", true},
		{"reply edited away", []convNode{node("u1", "user", "task"), node("a9", "assistant", "other")},
			messages.Reply{MessageID: "a1", Binding: messages.Binding{UserMessageID: "u0"}}, "", "", false},
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
