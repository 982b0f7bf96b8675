package mockchat

import (
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"testing"
)

// TestReadRetryAfter: with Options.ReadRetryAfter, reads are served until
// a message arrived; then the history list and the conversation document
// answer 429 with the seconds left in Retry-After and in the body's
// clears_in, while the page's own reads (X-Mock-Page) are served.
func TestReadRetryAfter(t *testing.T) {
	c := newTestServer(t, Options{LoggedIn: true, ReadRetryAfter: 60, Script: script(t, `{"reply":"one"}`)})
	if code := c.getJSON("/backend-api/conversations", nil); code != 200 {
		t.Fatalf("the history before any message: %d", code)
	}
	_, first := c.send(sendReq{Text: "first"})
	id := conversationID(first)
	for _, path := range []string{"/backend-api/conversations?offset=0&limit=1&order=updated", "/backend-api/conversation/" + id, "/backend-api/conversations/" + id} {
		res := c.req(context.Background(), "GET", path, "", nil)
		var body struct {
			Detail struct {
				ClearsIn int `json:"clears_in"`
			} `json:"detail"`
		}
		err := json.NewDecoder(res.Body).Decode(&body)
		res.Body.Close()
		after, _ := strconv.Atoi(res.Header.Get("Retry-After"))
		if res.StatusCode != 429 || err != nil || after < 1 || after > 60 || body.Detail.ClearsIn != after {
			t.Errorf("GET %s: %d, Retry-After %q, clears_in %d (%v); want 429 and the seconds left in both", path, res.StatusCode, res.Header.Get("Retry-After"), body.Detail.ClearsIn, err)
		}
	}
	r, err := http.NewRequest("GET", c.ts.URL+"/backend-api/conversation/"+id, nil)
	if err != nil {
		t.Fatal(err)
	}
	r.Header.Set("Authorization", "Bearer "+c.token)
	r.Header.Set(pageReadHeader, "1")
	page, err := c.http.Do(r)
	if err != nil {
		t.Fatal(err)
	}
	page.Body.Close()
	if page.StatusCode != 200 {
		t.Fatalf("the page's own read: %d, want 200", page.StatusCode)
	}
	if n := c.srv.ReadsLimited(); n != 3 {
		t.Fatalf("ReadsLimited %d, want 3", n)
	}
}
