package mockchat

import (
	"testing"
)

// TestLinearRead: GET /backend-api/conversations/<id> is the active branch
// as a list, the newest num_turns turns, with page_info.has_previous_page
// when older turns were left out (Options.LinearTurns caps num_turns).
func TestLinearRead(t *testing.T) {
	c := newTestServer(t, Options{LoggedIn: true, Script: script(t, `{"reply":"first answer"}
{"reply":"second answer"}`)})
	_, msgs := c.send(sendReq{Text: "one"})
	conv := conversationID(msgs)
	if err := c.srv.WaitIdle(waitCtx(t)); err != nil {
		t.Fatal(err)
	}
	doc, _ := c.srv.Conversation(conv)
	c.send(sendReq{Text: "two", ConversationID: conv, Parent: doc.CurrentNode})
	if err := c.srv.WaitIdle(waitCtx(t)); err != nil {
		t.Fatal(err)
	}
	type msg struct {
		Author  Author  `json:"author"`
		Content Content `json:"content"`
	}
	var all, last struct {
		Messages []msg `json:"messages"`
		PageInfo struct {
			HasPreviousPage bool `json:"has_previous_page"`
		} `json:"page_info"`
	}
	if st := c.getJSON("/backend-api/conversations/"+conv+"?include_has_versions=true&num_turns=10", &all); st != 200 {
		t.Fatalf("status %d", st)
	}
	c.getJSON("/backend-api/conversations/"+conv+"?include_has_versions=true&num_turns=1", &last)
	if len(all.Messages) != 5 || all.PageInfo.HasPreviousPage || all.Messages[0].Author.Role != "system" {
		t.Fatalf("all turns: %+v", all)
	}
	if len(last.Messages) != 2 || !last.PageInfo.HasPreviousPage || last.Messages[0].Content.Parts[0] != "two" || last.Messages[1].Content.Parts[0] != "second answer" {
		t.Fatalf("newest turn: %+v", last)
	}
	capped := newTestServer(t, Options{LoggedIn: true, LinearTurns: 1, Script: script(t, `{"reply":"first answer"}
{"reply":"second answer"}`)})
	_, msgs = capped.send(sendReq{Text: "one"})
	conv = conversationID(msgs)
	if err := capped.srv.WaitIdle(waitCtx(t)); err != nil {
		t.Fatal(err)
	}
	doc, _ = capped.srv.Conversation(conv)
	capped.send(sendReq{Text: "two", ConversationID: conv, Parent: doc.CurrentNode})
	if err := capped.srv.WaitIdle(waitCtx(t)); err != nil {
		t.Fatal(err)
	}
	capped.getJSON("/backend-api/conversations/"+conv+"?include_has_versions=true&num_turns=10", &last)
	if len(last.Messages) != 2 || !last.PageInfo.HasPreviousPage {
		t.Fatalf("LinearTurns 1: %+v", last)
	}
	if st := c.getJSON("/backend-api/conversations/nope", nil); st != 404 {
		t.Fatalf("unknown conversation: %d", st)
	}
}
