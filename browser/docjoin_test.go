package browser

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/browser/wire/sse"
	"github.com/wtagent/wtagent/browser/wire/wiretest"
)

// docNode is a stream message as the conversation document holds it: the
// fields the page helper's node() reads (page.js), from the message's
// final state.
func docNode(msg map[string]any) convNode {
	str := func(m map[string]any, k string) string { s, _ := m[k].(string); return s }
	author, _ := msg["author"].(map[string]any)
	content, _ := msg["content"].(map[string]any)
	md, _ := msg["metadata"].(map[string]any)
	fd, _ := md["finish_details"].(map[string]any)
	n := convNode{ID: str(msg, "id"), Role: str(author, "role"), ContentType: str(content, "content_type"),
		Status: str(msg, "status"), Recipient: str(msg, "recipient"), ModelSlug: str(md, "model_slug"),
		Channel: str(msg, "channel"), FinishType: str(fd, "type")}
	n.EndTurn, _ = msg["end_turn"].(bool)
	hidden, _ := md["is_visually_hidden_from_conversation"].(bool)
	preamble, _ := md["is_thinking_preamble_message"].(bool)
	n.Hidden = hidden || preamble
	parts, _ := content["parts"].([]any)
	for _, p := range parts {
		var s *string
		switch v := p.(type) {
		case string:
			s = &v
		case fmt.Stringer: // the decoder's growing text
			t := v.String()
			s = &t
		}
		n.Parts = append(n.Parts, s)
	}
	return n
}

// TestDocumentJoinsLikeTheStream: for every finished 2026 turn of
// wire/sse/testdata/sse2026 (several final segments, commentary and thoughts
// before the answer, tool steps, truncate…), the conversation document
// that holds the turn's messages gives the reply the stream gives, and the
// golden text: the document joins the final segments as the stream does.
func TestDocumentJoinsLikeTheStream(t *testing.T) {
	goldens, _ := filepath.Glob(filepath.Join(sse2026, "*.golden"))
	segmented := 0
	for _, g := range goldens {
		name := strings.TrimSuffix(filepath.Base(g), ".golden")
		want := wiretest.ReadGolden[goldenTurn](t, g)
		if !want.Finished {
			continue // a turn that goes on elsewhere: no reply in either yet
		}
		t.Run(name, func(t *testing.T) {
			p := wiretest.Feed[sse.Parser](wiretest.TurnStreams(t, sse2026, name)...)
			// The turn's messages as the document holds them, after its
			// user message (the stream's own, else one before them).
			var doc convDoc
			user := ""
			for _, msg := range p.Messages() {
				n := docNode(msg)
				if n.Role == "user" && user == "" {
					user = n.ID
				}
				doc.Chain = append(doc.Chain, n)
			}
			if user == "" {
				user = "u"
				doc.Chain = append([]convNode{{ID: user, Role: "user", ContentType: "text"}}, doc.Chain...)
			}
			turn := doc.findTurn(user, "", "")
			if !turn.Finished || turn.Text != p.Text() || turn.Text != want.Text {
				t.Fatalf("document %q (finished %v), stream %q, golden %q", turn.Text, turn.Finished, p.Text(), want.Text)
			}
		})
		if want.Segments > 1 {
			segmented++
		}
	}
	if segmented == 0 {
		t.Fatal("no golden turn has several final segments")
	}
}
