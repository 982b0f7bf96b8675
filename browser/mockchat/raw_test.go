package mockchat

import (
	"bufio"
	"context"
	"io"
	"strings"
	"testing"
)

// TestEndTurnRE: the end of the answer is found in the forms it comes in
// (keys in the page's order or sorted, inside a WebSocket item's JSON
// string, a whole assistant message), and never in an end_turn false nor
// in another role's message.
func TestEndTurnRE(t *testing.T) {
	for _, tc := range []struct {
		ev   string
		want bool
	}{
		{`{"p":"/message/end_turn","o":"replace","v":true}`, true},
		{`{"o":"replace","p":"/message/end_turn","v":true}`, true},
		{`"encoded_item":"{\"p\":\"/message/end_turn\",\"o\":\"replace\",\"v\":true}"`, true},
		{`"encoded_item":"{\"o\":\"replace\",\"p\":\"/message/end_turn\",\"v\":true}"`, true},
		{`{"p":"/message/end_turn","o":"replace","v":false}`, false},
		{`{"p":"/message/status","o":"replace","v":true}`, false},
		{`{"v":{"message":{"id":"a","author":{"role":"assistant"},"status":"finished_successfully","end_turn":true}},"c":1}`, true},
		{`{"v":{"message":{"id":"a","author":{"role":"assistant"},"end_turn":false}},"c":1}`, false},
		{`{"p":"","o":"add","v":{"message":{"id":"s","author":{"role":"system"},"end_turn":true}},"c":0}`, false},
	} {
		if got := endsAnswer(tc.ev); got != tc.want {
			t.Errorf("%s: %v, want %v", tc.ev, got, tc.want)
		}
	}
}

// TestRawHoldAfterEndTurn: HoldStream keeps a raw line's stream open right
// after the event that ends its answer (end_turn true), before its
// [DONE], as the real POST can stay open after the answer; release lets
// the rest through.
func TestRawHoldAfterEndTurn(t *testing.T) {
	body := "event: delta_encoding\ndata: \"v1\"\n\n" +
		`event: delta` + "\n" + `data: {"p":"","o":"add","v":{"message":{"id":"{{assistant_message_id}}","author":{"role":"assistant"},"content":{"content_type":"text","parts":["held"]},"status":"in_progress","recipient":"all","channel":"final","metadata":{}},"conversation_id":"{{conversation_id}}"},"c":0}` + "\n\n" +
		`event: delta` + "\n" + `data: {"p":"","o":"patch","v":[{"p":"/message/status","o":"replace","v":"finished_successfully"},{"p":"/message/end_turn","o":"replace","v":true}]}` + "\n\n" +
		"data: [DONE]\n\n"
	c := newTestServer(t, Options{LoggedIn: true, Script: script(t, `{"reply":"held","sse":`+jsonString(body)+`}`)})
	release := c.srv.HoldStream(1)
	defer release()
	res := c.req(context.Background(), "POST", "/backend-api/f/conversation", "application/json", strings.NewReader(sendReq{Text: "hold"}.body()))
	defer res.Body.Close()
	rd := bufio.NewReader(res.Body)
	for {
		line, err := rd.ReadString('\n')
		if err != nil {
			t.Fatalf("the stream ended before its end_turn: %v", err)
		}
		if strings.Contains(line, "[DONE]") {
			t.Fatal("[DONE] came while the stream is held")
		}
		if strings.Contains(line, `"/message/end_turn"`) {
			break
		}
	}
	if st := c.srv.Stats().Messages; len(st) != 1 || st[0].LastToken.IsZero() || !st[0].Done.IsZero() {
		t.Fatalf("held after end_turn: %+v", st)
	}
	release()
	rest, err := io.ReadAll(rd)
	if err != nil || !strings.Contains(string(rest), "data: [DONE]") {
		t.Fatalf("after release: %q, %v", rest, err)
	}
}
