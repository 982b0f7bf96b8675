package mockchat

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
)

// continueBody is the page's continue action for message id.
func continueBody(conv, id string) string {
	return fmt.Sprintf(`{"action":"continue","conversation_id":%q,"parent_message_id":%q,"model":"gpt-5-2","supported_encodings":["v1"]}`, conv, id)
}

// TestContinueAfterMaxTokens: a line with fault max_tokens stops half way
// with finish_details max_tokens (end_turn false, in the stream and the
// document); the continue action streams the rest into the same message,
// which the document then holds whole and finished. A continue of a reply
// that did not stop at the limit is refused.
func TestContinueAfterMaxTokens(t *testing.T) {
	reply := "one two three four five six seven eight nine ten"
	c := newTestServer(t, Options{LoggedIn: true, Script: script(t, `{"reply":"`+reply+`","fault":"max_tokens"}
{"reply":"next turn"}`)})
	_, msgs := c.send(sendReq{Text: "count"})
	conv := conversationID(msgs)
	first := deltaText(t, msgs)
	if len(first) != 1 {
		t.Fatalf("%d assistant messages", len(first))
	}
	cut := partText(first[0])
	md, _ := first[0]["metadata"].(map[string]any)
	fd, _ := md["finish_details"].(map[string]any)
	if cut == "" || cut == reply || !strings.HasPrefix(reply, cut) || fd["type"] != "max_tokens" || first[0]["end_turn"] != false {
		t.Fatalf("the first stream ends with %q, finish %v, end_turn %v", cut, fd, first[0]["end_turn"])
	}
	id, _ := first[0]["id"].(string)
	if err := c.srv.WaitIdle(waitCtx(t)); err != nil {
		t.Fatal(err)
	}
	doc, _ := c.srv.Conversation(conv)
	if m := doc.Mapping[doc.CurrentNode].Message; m.Text() != cut || m.Metadata.FinishDetails.Type != "max_tokens" {
		t.Fatalf("document before continue: %q %+v", m.Text(), m.Metadata.FinishDetails)
	}
	// Continuing another message is refused.
	res := c.req(context.Background(), "POST", "/backend-api/f/conversation", "application/json", strings.NewReader(continueBody(conv, "nope")))
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if res.StatusCode != http.StatusBadRequest {
		t.Fatalf("continue of an unknown message: %d", res.StatusCode)
	}
	res = c.req(context.Background(), "POST", "/backend-api/f/conversation", "application/json", strings.NewReader(continueBody(conv, id)))
	cont := readSSE(t, res.Body)
	res.Body.Close()
	got := deltaText(t, cont)
	if len(got) != 1 || got[0]["id"] != id || partText(got[0]) != reply || cont[len(cont)-1].Data != "[DONE]" {
		t.Fatalf("the continuation carries %d messages: %v", len(got), got)
	}
	if err := c.srv.WaitIdle(waitCtx(t)); err != nil {
		t.Fatal(err)
	}
	doc, _ = c.srv.Conversation(conv)
	m := doc.Mapping[doc.CurrentNode].Message
	if m.ID != id || m.Text() != reply || m.Metadata.FinishDetails.Type != "stop" || m.EndTurn == nil || !*m.EndTurn {
		t.Fatalf("document after continue: %s %q %+v", m.ID, m.Text(), m.Metadata.FinishDetails)
	}
	if n := len(c.srv.Received()); n != 1 {
		t.Fatalf("%d user messages received, want 1 (a continue is not a message)", n)
	}
	// Continuing a finished reply is refused.
	res = c.req(context.Background(), "POST", "/backend-api/f/conversation", "application/json", strings.NewReader(continueBody(conv, id)))
	res.Body.Close()
	if res.StatusCode != http.StatusBadRequest {
		t.Fatalf("continue of a finished reply: %d", res.StatusCode)
	}
}
