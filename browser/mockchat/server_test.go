package mockchat

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime/multipart"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/wtagent/wtagent/model"
)

func waitCtx(t testing.TB) context.Context {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute) // a hang guard
	t.Cleanup(cancel)
	return ctx
}

// TestConversationDocument checks the mapping: root, hidden system
// message, then user and assistant messages chained through parent and
// children, with current_node at the newest reply, across two turns.
func TestConversationDocument(t *testing.T) {
	c := newTestServer(t, Options{LoggedIn: true, Script: script(t, `{"reply":"one"}
{"reply":"two"}`)})
	_, first := c.send(sendReq{Text: "first question here"})
	id := conversationID(first)
	ms := deltaText(t, first)
	_, second := c.send(sendReq{Text: "second", ConversationID: id, Parent: ms[0]["id"].(string)})
	if conversationID(second) != id {
		t.Fatal("the second message opened another conversation")
	}
	var doc Conversation
	if code := c.getJSON("/backend-api/conversation/"+id, &doc); code != 200 {
		t.Fatalf("GET conversation: %d", code)
	}
	if doc.ID != id || doc.Title != "first question here" {
		t.Fatalf("doc %q title %q", doc.ID, doc.Title)
	}
	root := doc.Mapping[rootID]
	if root == nil || root.Message != nil || root.Parent != nil || len(root.Children) != 1 {
		t.Fatalf("root %+v", root)
	}
	branch := doc.Branch()
	var got []string
	for _, m := range branch {
		got = append(got, m.Author.Role+":"+m.Text())
	}
	want := []string{"system:", "user:first question here", "assistant:one", "user:second", "assistant:two"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("branch %q, want %q", got, want)
	}
	if doc.CurrentNode != branch[len(branch)-1].ID || branch[len(branch)-1].Status != "finished_successfully" {
		t.Fatalf("current node %q", doc.CurrentNode)
	}
	for id, n := range doc.Mapping {
		for _, ch := range n.Children {
			if p := doc.Mapping[ch].Parent; p == nil || *p != id {
				t.Fatalf("child %s of %s has parent %v", ch, id, p)
			}
		}
		if n.Message != nil && n.Parent != nil && n.Message.Metadata.ParentID != *n.Parent {
			t.Fatalf("message %s metadata.parent_id %q, node parent %q", id, n.Message.Metadata.ParentID, *n.Parent)
		}
	}
	if !branch[0].Metadata.IsVisuallyHidden || branch[0].Weight != 0 {
		t.Fatal("the system message is not hidden")
	}
	// The Go view matches the HTTP view.
	g, ok := c.srv.Conversation(id)
	if !ok || g.CurrentNode != doc.CurrentNode || len(g.Mapping) != len(doc.Mapping) {
		t.Fatal("Conversation() differs from the document")
	}
	g.Mapping[doc.CurrentNode].Message.Content.Parts[0] = "changed"
	if again, _ := c.srv.Conversation(id); again.Mapping[doc.CurrentNode].Message.Text() != "two" {
		t.Fatal("Conversation() returns shared state")
	}
	var list struct {
		Items []struct{ ID, Title string }
	}
	c.getJSON("/backend-api/conversations", &list)
	if len(list.Items) != 1 || list.Items[0].ID != id {
		t.Fatalf("conversations %+v", list)
	}
	if code := c.getJSON("/backend-api/conversation/"+newUUID(), nil); code != 404 {
		t.Fatalf("unknown conversation: %d", code)
	}
}

// TestAuth covers the session endpoint and the bearer token.
func TestAuth(t *testing.T) {
	c := newTestServer(t, Options{Script: script(t, `{"reply":"ok"}`)})
	var sess map[string]any
	c.getJSON("/api/auth/session", &sess)
	if len(sess) != 0 {
		t.Fatalf("logged-out session %v, want {}", sess)
	}
	res, _ := c.send(sendReq{Text: "hi"})
	if res.StatusCode != http.StatusUnauthorized {
		t.Fatalf("logged out POST: %d", res.StatusCode)
	}
	if r := c.srv.Received(); len(r) != 1 || r[0].Outcome != OutcomeUnauthorized || r[0].Text != "hi" {
		t.Fatalf("received %+v", r)
	}
	c.srv.SetLoggedIn(true)
	c.getJSON("/api/auth/session", &sess)
	user, _ := sess["user"].(map[string]any)
	if user == nil || sess["accessToken"] == "" || sess["expires"] == nil {
		t.Fatalf("logged-in session %v", sess)
	}
	if res, _ := c.send(sendReq{Text: "hi"}); res.StatusCode != http.StatusUnauthorized {
		t.Fatalf("POST without the token: %d", res.StatusCode)
	}
	c.refreshToken()
	old := c.token
	res, msgs := c.send(sendReq{Text: "hi"})
	if res.StatusCode != 200 || partText(deltaText(t, msgs)[0]) != "ok" {
		t.Fatalf("logged-in POST: %d", res.StatusCode)
	}
	c.srv.SetLoggedIn(false)
	if code := c.getJSON("/backend-api/conversation/"+conversationID(msgs), nil); code != http.StatusUnauthorized {
		t.Fatalf("old token after logout: %d", code)
	}
	c.srv.SetLoggedIn(true)
	c.refreshToken()
	if c.token == old || c.token == "" {
		t.Fatal("a new login kept the old token")
	}
	if code := c.getJSON("/backend-api/conversation/"+conversationID(msgs), nil); code != 200 {
		t.Fatalf("new token: %d", code)
	}
}

// TestChallengeMode: pages, the API and POSTs answer 403 with the
// challenge until it is solved.
func TestChallengeMode(t *testing.T) {
	c := newTestServer(t, Options{LoggedIn: true, Script: script(t, `{"reply":"ok"}`)})
	c.srv.SetChallenge(true)
	for _, path := range []string{"/", "/c/" + newUUID(), "/auth/login", "/backend-api/conversations"} {
		res := c.req(context.Background(), "GET", path, "", nil)
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 403 || res.Header.Get("cf-mitigated") != "challenge" ||
			!strings.Contains(string(body), "<title>Just a moment...</title>") || !strings.Contains(string(body), `id="challenge-running"`) ||
			!strings.Contains(string(body), `src="https://challenges.cloudflare.com/`) || !strings.Contains(string(body), `name="cf-turnstile-response"`) {
			t.Fatalf("GET %s: %d %q", path, res.StatusCode, res.Header.Get("cf-mitigated"))
		}
	}
	if res, _ := c.send(sendReq{Text: "hi"}); res.StatusCode != 403 {
		t.Fatalf("POST in challenge mode: %d", res.StatusCode)
	}
	if r := c.srv.Received(); r[0].Outcome != OutcomeChallenged || c.srv.LinesUsed() != 0 {
		t.Fatalf("received %+v, lines used %d", r, c.srv.LinesUsed())
	}
	// A human solves it through the widget's form.
	res := c.req(context.Background(), "POST", "/_mock/solve?next=/c/x", "", nil)
	res.Body.Close()
	if c.srv.Challenged() || res.Request.URL.Path != "/c/x" {
		t.Fatalf("solve: challenged %v, landed on %s", c.srv.Challenged(), res.Request.URL.Path)
	}
	res, _ = c.send(sendReq{Text: "hi"})
	if res.StatusCode != 200 {
		t.Fatalf("after solving: %d", res.StatusCode)
	}
}

// TestPages renders the app, the login page and the assets.
func TestPages(t *testing.T) {
	c := newTestServer(t, Options{Script: script(t, `{"reply":"ok"}`), VirtualTurns: 4})
	get := func(path string) (int, string, http.Header) {
		res := c.req(context.Background(), "GET", path, "", nil)
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b), res.Header
	}
	code, body, _ := get("/")
	var cfg pageConfig
	start := strings.Index(body, `<script id="mock-config" type="application/json">`)
	if code != 200 || start < 0 {
		t.Fatalf("GET /: %d", code)
	}
	raw := body[start+len(`<script id="mock-config" type="application/json">`):]
	raw = raw[:strings.Index(raw, "</script>")]
	if err := json.Unmarshal([]byte(raw), &cfg); err != nil {
		t.Fatalf("config %q: %v", raw, err)
	}
	// The default page is the newest generation, with its models.
	if cfg.LoggedIn || cfg.DOM != DefaultGeneration || cfg.Model != "gpt-5-5" || len(cfg.Models) != len(DefaultModels2026(false)) ||
		cfg.VirtualTurns != 4 || cfg.PasteThreshold != 5000 {
		t.Fatalf("config %+v", cfg)
	}
	if !strings.Contains(body, `script src="/cdn-cgi/challenge-platform/scripts/jsd/main.js"`) {
		t.Fatal("the app lacks the bot-management script (the challenge false positive)")
	}
	code, body, _ = get("/auth/login")
	if code != 200 || strings.Contains(body, "prompt-textarea") || !strings.Contains(body, "Welcome back") {
		t.Fatalf("login page: %d", code)
	}
	for _, name := range []string{"app.js", "markdown.js", "app.css", "prosemirror.bundle.js", "prosemirror.css"} {
		code, body, h := get("/assets/" + name)
		if code != 200 || len(body) < 100 || h.Get("Content-Type") == "" {
			t.Fatalf("asset %s: %d, %d bytes, %q", name, code, len(body), h.Get("Content-Type"))
		}
	}
	if code, _, _ := get("/assets/app.html"); code != 404 {
		t.Fatalf("a template is served as an asset: %d", code)
	}
	if err := c.srv.BreakLocator("no-such-thing"); err == nil {
		t.Fatal("BreakLocator accepted an unknown name")
	}
	if err := c.srv.BreakLocator(LocatorComposer); err != nil {
		t.Fatal(err)
	}
	_, body, _ = get("/")
	if !strings.Contains(body, `"broken":["composer"]`) {
		t.Fatal("the broken locator is not in the page config")
	}
	c.srv.SetLoggedIn(true)
	if code, _, _ := get("/auth/login"); code != 200 {
		t.Fatalf("logged-in /auth/login should redirect home: %d", code)
	}
}

// TestFaults drives every fault through the HTTP API.
func TestFaults(t *testing.T) {
	t.Run("rate_limit", func(t *testing.T) {
		c := newTestServer(t, Options{LoggedIn: true, Script: script(t, `{"reply":"after the limit","fault":"rate_limit"}`)})
		res, _ := c.send(sendReq{Text: "one"})
		var body struct {
			Detail struct{ Message, Code string }
		}
		if err := json.NewDecoder(res.Body).Decode(&body); err != nil || res.StatusCode != 429 ||
			body.Detail.Code != "usage_limit_reached" || !strings.HasPrefix(body.Detail.Message, "You've reached your usage limit") {
			t.Fatalf("status %d, body %+v, %v", res.StatusCode, body, err)
		}
		mid := newUUID()
		_, msgs := c.send(sendReq{Text: "one", Action: "variant", MessageID: mid})
		if got := partText(deltaText(t, msgs)[0]); got != "after the limit" {
			t.Fatalf("retry answered %q", got)
		}
		r := c.srv.Received()
		if r[0].Outcome != OutcomeRateLimited || r[0].Line != 1 || r[1].Outcome != OutcomeAnswered || r[1].Line != 1 || r[1].Action != "variant" {
			t.Fatalf("received %+v", r)
		}
	})
	t.Run("logout", func(t *testing.T) {
		c := newTestServer(t, Options{LoggedIn: true, Script: script(t, `{"reply":"welcome back","fault":"logout"}`)})
		if res, _ := c.send(sendReq{Text: "one"}); res.StatusCode != 401 || c.srv.LoggedIn() {
			t.Fatalf("status %d, logged in %v", res.StatusCode, c.srv.LoggedIn())
		}
		var sess map[string]any
		if c.getJSON("/api/auth/session", &sess); len(sess) != 0 {
			t.Fatal("the session survived the logout fault")
		}
		c.srv.SetLoggedIn(true)
		c.refreshToken()
		if _, msgs := c.send(sendReq{Text: "one"}); partText(deltaText(t, msgs)[0]) != "welcome back" {
			t.Fatal("the resend after login was not answered by the line")
		}
	})
	for _, tc := range []struct{ fault, text string }{{FaultErrorRetry, textSomething}, {FaultTooLong, textTooLong}} {
		t.Run(tc.fault, func(t *testing.T) {
			c := newTestServer(t, Options{LoggedIn: true, Script: script(t, `{"reply":"second try","fault":"`+tc.fault+`"}`)})
			mid := newUUID()
			_, msgs := c.send(sendReq{Text: "one", MessageID: mid})
			var errText string
			for _, m := range msgs {
				var e struct {
					Error *string `json:"error"`
				}
				if json.Unmarshal([]byte(m.Data), &e) == nil && e.Error != nil {
					errText = *e.Error
				}
			}
			if errText != tc.text || len(deltaText(t, msgs)) != 0 || msgs[len(msgs)-1].Data != "[DONE]" {
				t.Fatalf("error %q in %v", errText, msgs)
			}
			id := conversationID(msgs)
			_, again := c.send(sendReq{Text: "one", Action: "variant", MessageID: mid, ConversationID: id})
			if partText(deltaText(t, again)[0]) != "second try" {
				t.Fatal("retry not answered")
			}
			doc, _ := c.srv.Conversation(id)
			users := 0
			for _, m := range doc.Branch() {
				if m.Author.Role == "user" {
					users++
				}
			}
			if users != 1 {
				t.Fatalf("the retry duplicated the user message: %d", users)
			}
		})
	}
	t.Run("empty", func(t *testing.T) {
		c := newTestServer(t, Options{LoggedIn: true, Script: script(t, `{"reply":"unused","fault":"empty"}`)})
		_, msgs := c.send(sendReq{Text: "one"})
		ms := deltaText(t, msgs)
		if len(ms) != 1 || partText(ms[0]) != "" || ms[0]["status"] != "finished_successfully" {
			t.Fatalf("messages %v", ms)
		}
	})
	t.Run("cut", func(t *testing.T) {
		reply := strings.Repeat("token ", 19) + "last"
		c := newTestServer(t, Options{LoggedIn: true, Script: script(t, `{"reply":`+jsonString(reply)+`,"fault":"cut","stream_ms":5}`)})
		_, msgs := c.send(sendReq{Text: "one"})
		last := msgs[len(msgs)-1]
		if last.Data == "[DONE]" || strings.Contains(last.Data, "message_stream_complete") {
			t.Fatal("the cut stream ended normally")
		}
		part := partText(deltaText(t, msgs)[0])
		if part == "" || part == reply || !strings.HasPrefix(reply, part) {
			t.Fatalf("cut stream carried %q", part)
		}
		if err := c.srv.WaitIdle(waitCtx(t)); err != nil {
			t.Fatal(err)
		}
		id := conversationID(msgs)
		doc, _ := c.srv.Conversation(id)
		if m := doc.Mapping[doc.CurrentNode].Message; m.Text() != reply || m.Status != "finished_successfully" {
			t.Fatalf("server-side text %q status %s", m.Text(), m.Status)
		}
		// The page resumes from the number of events it has: the rest of
		// the turn continues its decoder.
		body := fmt.Sprintf(`{"conversation_id":%q,"offset":%d}`, id, len(msgs))
		res := c.req(context.Background(), "POST", "/backend-api/f/conversation/resume", "application/json", strings.NewReader(body))
		resumed := readSSE(t, res.Body)
		res.Body.Close()
		if got := partText(deltaText(t, append(msgs, resumed...))[0]); got != reply || resumed[len(resumed)-1].Data != "[DONE]" {
			t.Fatalf("resume carried %q", got)
		}
		if strings.Contains(resumed[0].Data, "v1") {
			t.Fatalf("the resume from offset %d replayed the start: %+v", len(msgs), resumed[0])
		}
		// The GET resume of older notes does not exist on the 2026 page.
		get := c.req(context.Background(), "GET", "/backend-api/f/conversation/"+id+"/resume", "", nil)
		get.Body.Close()
		if get.StatusCode != http.StatusNotFound && get.StatusCode != http.StatusMethodNotAllowed {
			t.Fatalf("GET …/%s/resume answered %d, want no such route", id, get.StatusCode)
		}
	})
	t.Run("challenge", func(t *testing.T) {
		c := newTestServer(t, Options{LoggedIn: true, Script: script(t, `{"reply":"answered","fault":"challenge"}`)})
		_, msgs := c.send(sendReq{Text: "one"})
		if partText(deltaText(t, msgs)[0]) != "answered" || !c.srv.Challenged() {
			t.Fatal("the challenge line did not answer and then challenge")
		}
		if code := c.getJSON("/backend-api/conversation/"+conversationID(msgs), nil); code != 403 {
			t.Fatalf("verification read after the challenge fault: %d", code)
		}
	})
	t.Run("modal", func(t *testing.T) {
		c := newTestServer(t, Options{LoggedIn: true, Script: script(t, `{"reply":"ok","fault":"modal"}`)})
		_, msgs := c.send(sendReq{Text: "one"})
		if !containsData(msgs, `"type":"mock_notice","kind":"modal"`) {
			t.Fatal("no modal notice")
		}
	})
	t.Run("thoughts", func(t *testing.T) {
		c := newTestServer(t, Options{LoggedIn: true, Script: script(t, `{"reply":"final answer","fault":"thoughts"}`)})
		_, msgs := c.send(sendReq{Text: "one"})
		ms := deltaText(t, msgs)
		var kinds []string
		for _, m := range ms {
			kinds = append(kinds, m["author"].(map[string]any)["role"].(string)+"/"+m["recipient"].(string)+"/"+m["content"].(map[string]any)["content_type"].(string))
		}
		want := "assistant/all/thoughts assistant/web.run/code tool/all/text assistant/all/reasoning_recap assistant/all/text"
		if strings.Join(kinds, " ") != want {
			t.Fatalf("messages %q, want %q", kinds, want)
		}
		main := mainMessages(ms)
		if len(main) != 1 || partText(main[0]) != "final answer" {
			t.Fatalf("main messages %v", main)
		}
		if th := ms[0]["content"].(map[string]any)["thoughts"].([]any); len(th) != 2 {
			t.Fatalf("thoughts %v", th)
		}
		doc, _ := c.srv.Conversation(conversationID(msgs))
		if b := doc.Branch(); len(b) != 7 || b[len(b)-1].Text() != "final answer" {
			t.Fatalf("branch of %d", len(b))
		}
	})
	t.Run("dom_differs", func(t *testing.T) {
		c := newTestServer(t, Options{LoggedIn: true, Script: script(t, `{"reply":"<x>raw</x>","fault":"dom_differs"}`)})
		_, msgs := c.send(sendReq{Text: "one"})
		m := deltaText(t, msgs)[0]
		if m["metadata"].(map[string]any)["mock_render"] != "lossy" || partText(m) != "<x>raw</x>" {
			t.Fatalf("message %v", m)
		}
	})
	t.Run("unknown", func(t *testing.T) {
		lines := script(t, `{"reply":"x","fault":"explode"}`)
		if err := CheckScript(lines); err == nil || !strings.Contains(err.Error(), "line 1") {
			t.Fatalf("CheckScript: %v", err)
		}
		c := newTestServer(t, Options{LoggedIn: true, Script: lines})
		_, msgs := c.send(sendReq{Text: "one"})
		if !containsData(msgs, `script line 1 has an unknown fault \"explode\"`) || c.srv.Received()[0].Outcome != OutcomeBadScript {
			t.Fatalf("stream %v", msgs)
		}
	})
}

func containsData(msgs []sseMsg, s string) bool {
	for _, m := range msgs {
		if strings.Contains(m.Data, s) {
			return true
		}
	}
	return false
}

// TestExpectMismatch: a message without the line's expect gets an error
// card naming the line; the line stays for the next message.
func TestExpectMismatch(t *testing.T) {
	c := newTestServer(t, Options{LoggedIn: true, Script: script(t, `# comment
{"reply":"matched","expect":"<tool_result"}`)})
	_, msgs := c.send(sendReq{Text: "plain text"})
	want := `mockchat: script line 2 expects the message to contain \"\u003ctool_result\"; this message does not`
	if !containsData(msgs, `script line 2 expects the message to contain`) {
		t.Fatalf("stream %v, want %s", msgs, want)
	}
	r := c.srv.Received()
	if r[0].Outcome != OutcomeExpectMismatch || r[0].Line != 2 || !strings.Contains(r[0].Detail, "line 2") || c.srv.LinesUsed() != 0 {
		t.Fatalf("received %+v", r)
	}
	_, msgs = c.send(sendReq{Text: `<tool_result id="1">`, ConversationID: conversationID(msgs)})
	if partText(deltaText(t, msgs)[0]) != "matched" {
		t.Fatal("the matching message was not answered")
	}
	_, msgs = c.send(sendReq{Text: "more", ConversationID: conversationID(msgs)})
	if !containsData(msgs, "the script has no reply left") || c.srv.Received()[2].Outcome != OutcomeExhausted {
		t.Fatalf("exhausted script: %v", msgs)
	}
}

// TestCompletesAfterDisconnect: the client goes away mid-stream; the
// reply still completes server-side and can be resumed from its start.
func TestCompletesAfterDisconnect(t *testing.T) {
	reply := strings.Repeat("slow ", 40) + "end"
	c := newTestServer(t, Options{LoggedIn: true, Script: script(t, `{"reply":`+jsonString(reply)+`,"stream_ms":10}`)})
	ctx, cancel := context.WithCancel(context.Background())
	res := c.req(ctx, "POST", "/backend-api/f/conversation", "application/json", strings.NewReader(sendReq{Text: "go"}.body()))
	buf := make([]byte, 2048)
	if _, err := io.ReadAtLeast(res.Body, buf, 1500); err != nil {
		t.Fatal(err)
	}
	cancel()
	res.Body.Close()
	if err := c.srv.WaitIdle(waitCtx(t)); err != nil {
		t.Fatal(err)
	}
	ids := c.srv.Conversations()
	doc, _ := c.srv.Conversation(ids[0])
	m := doc.Mapping[doc.CurrentNode].Message
	if m.Text() != reply || m.Status != "finished_successfully" || m.EndTurn == nil || !*m.EndTurn {
		t.Fatalf("after disconnect: %q %s", m.Text(), m.Status)
	}
	st := c.srv.Stats()
	if len(st.Messages) != 1 || st.Messages[0].Completed.IsZero() || !st.Messages[0].Done.IsZero() || st.Messages[0].Tokens != len(splitTokens(reply)) {
		t.Fatalf("stats %+v", st.Messages)
	}
	res = c.req(context.Background(), "POST", "/backend-api/f/conversation/resume", "application/json",
		strings.NewReader(`{"conversation_id":"`+ids[0]+`","offset":0}`))
	defer res.Body.Close()
	if got := partText(deltaText(t, readSSE(t, res.Body))[0]); got != reply {
		t.Fatalf("resume %q", got)
	}
}

// TestStop: the page's stop ends the reply with the text so far.
func TestStop(t *testing.T) {
	reply := strings.Repeat("word ", 200)
	c := newTestServer(t, Options{LoggedIn: true, Script: script(t, `{"reply":`+jsonString(reply)+`,"stream_ms":5}`)})
	res := c.req(context.Background(), "POST", "/backend-api/f/conversation", "application/json", strings.NewReader(sendReq{Text: "go"}.body()))
	defer res.Body.Close()
	// Stop once the answer has streamed a few words (the bytes before it
	// are the preamble: a stop there leaves no answer to keep).
	var buf []byte
	chunk := make([]byte, 512)
	for bytes.Count(buf, []byte("word")) < 3 {
		n, err := res.Body.Read(chunk)
		buf = append(buf, chunk[:n]...)
		if err != nil {
			t.Fatalf("the stream ended before the answer streamed: %v", err)
		}
	}
	id := c.srv.Conversations()[0]
	stop := c.req(context.Background(), "POST", "/backend-api/f/conversation/"+id+"/stop", "", nil)
	stop.Body.Close()
	rest := readSSE(t, io.MultiReader(bytes.NewReader(buf), res.Body))
	if rest[len(rest)-1].Data != "[DONE]" {
		t.Fatal("a stopped stream should still end with [DONE]")
	}
	doc, _ := c.srv.Conversation(id)
	m := doc.Mapping[doc.CurrentNode].Message
	if m.Status != "finished_partial_completion" || m.Metadata.FinishDetails.Type != "interrupted" || m.Text() == reply || !strings.HasPrefix(reply, m.Text()) {
		t.Fatalf("stopped message: %s %+v %d chars", m.Status, m.Metadata.FinishDetails, len(m.Text()))
	}
	if !c.srv.Stats().Messages[0].Stopped {
		t.Fatal("stats do not record the stop")
	}
}

// TestBusy: a second message while the conversation generates (here: a
// reply held by HoldReplies) gets 409.
func TestBusy(t *testing.T) {
	c := newTestServer(t, Options{LoggedIn: true, Script: script(t, `{"reply":"slow"}
{"reply":"x"}`)})
	release := c.srv.HoldReplies()
	defer release()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	res := c.req(ctx, "POST", "/backend-api/f/conversation", "application/json", strings.NewReader(sendReq{Text: "one"}.body()))
	defer res.Body.Close()
	if _, err := c.srv.WaitReceived(waitCtx(t), 1); err != nil {
		t.Fatal(err)
	}
	id := c.srv.Conversations()[0]
	if r, _ := c.send(sendReq{Text: "two", ConversationID: id}); r.StatusCode != http.StatusConflict {
		t.Fatalf("status %d", r.StatusCode)
	}
	if r, _ := c.send(sendReq{Text: "two", ConversationID: newUUID()}); r.StatusCode != http.StatusNotFound {
		t.Fatalf("unknown conversation: %d", r.StatusCode)
	}
}

// TestUpload: a multipart upload becomes an attachment with its bytes.
func TestUpload(t *testing.T) {
	c := newTestServer(t, Options{LoggedIn: true, UploadDelay: -1, Script: script(t, `{"reply":"got it"}`)})
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	fw, _ := w.CreateFormFile("file", "notes.txt")
	content := strings.Repeat("line\n", 2000)
	_, _ = io.WriteString(fw, content)
	w.Close()
	res := c.req(context.Background(), "POST", "/backend-api/files", w.FormDataContentType(), &b)
	var f struct {
		FileID   string `json:"file_id"`
		Name     string
		Size     int64
		MimeType string `json:"mime_type"`
	}
	if err := json.NewDecoder(res.Body).Decode(&f); err != nil || res.StatusCode != 200 || f.Size != int64(len(content)) {
		t.Fatalf("upload: %d %+v %v", res.StatusCode, f, err)
	}
	res.Body.Close()
	ref := FileRef{ID: f.FileID, Name: f.Name, Size: f.Size, MimeType: f.MimeType}
	_, msgs := c.send(sendReq{Text: "see file", Files: []FileRef{ref}})
	r := c.srv.Received()
	if len(r[0].Attachments) != 1 || string(r[0].Attachments[0].Content) != content || r[0].Attachments[0].Name != "notes.txt" {
		t.Fatalf("attachments %+v", r[0].Attachments)
	}
	doc, _ := c.srv.Conversation(conversationID(msgs))
	if u := doc.Branch()[1]; len(u.Metadata.Attachments) != 1 || u.Metadata.Attachments[0].ID != f.FileID {
		t.Fatalf("user message metadata %+v", u.Metadata)
	}
	if r, _ := c.send(sendReq{Text: "x", Files: []FileRef{{ID: "file-nope"}}}); r.StatusCode != 400 {
		t.Fatalf("unknown file: %d", r.StatusCode)
	}
}

// TestBadRequests: malformed bodies get a 400 with a reason.
func TestBadRequests(t *testing.T) {
	c := newTestServer(t, Options{LoggedIn: true, Script: script(t, `{"reply":"x"}`)})
	for _, body := range []string{`not json`, `{"action":"delete","messages":[]}`, `{"action":"next","messages":[]}`,
		`{"action":"next","messages":[{"author":{"role":"user"},"content":{"content_type":"text","parts":[1]}}]}`} {
		res := c.req(context.Background(), "POST", "/backend-api/f/conversation", "application/json", strings.NewReader(body))
		var e struct{ Detail string }
		_ = json.NewDecoder(res.Body).Decode(&e)
		res.Body.Close()
		if res.StatusCode != 400 || !strings.HasPrefix(e.Detail, "bad request") {
			t.Fatalf("%s: %d %q", body, res.StatusCode, e.Detail)
		}
	}
	if c.srv.LinesUsed() != 0 || len(c.srv.Received()) != 0 {
		t.Fatal("a bad request used a line")
	}
}

// TestCloseStopsEverything: Close ends thinking generators and open
// streams promptly (goleak in TestMain checks nothing is left).
func TestCloseStopsEverything(t *testing.T) {
	s := New(Options{LoggedIn: true, Script: script(t, `{"reply":"never"}`)})
	s.HoldReplies() // never released: only Close can end the reply
	url, err := s.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	tr := &http.Transport{}
	defer tr.CloseIdleConnections()
	client := &http.Client{Transport: tr}
	var sess struct {
		AccessToken string `json:"accessToken"`
	}
	res, err := client.Get(url + "/api/auth/session")
	if err != nil {
		t.Fatal(err)
	}
	_ = json.NewDecoder(res.Body).Decode(&sess)
	res.Body.Close()
	req, _ := http.NewRequest("POST", url+"/backend-api/f/conversation", strings.NewReader(sendReq{Text: "x"}.body()))
	req.Header.Set("Authorization", "Bearer "+sess.AccessToken)
	var wg sync.WaitGroup
	wg.Go(func() {
		if res, err := client.Do(req); err == nil {
			_, _ = io.Copy(io.Discard, res.Body)
			res.Body.Close()
		}
	})
	if _, err := s.WaitReceived(waitCtx(t), 1); err != nil {
		t.Fatal(err)
	}
	closed := make(chan struct{})
	go func() {
		s.Close()
		wg.Wait()
		close(closed)
	}()
	select {
	case <-closed:
	case <-time.After(time.Minute): // a hang guard: the reply is held forever
		t.Fatal("Close did not end the held reply and its stream")
	}
	if _, err := s.Start("127.0.0.1:0"); !errors.Is(err, ErrClosed) {
		t.Fatalf("Start after Close: %v", err)
	}
	if err := s.WaitIdle(context.Background()); err != nil && !errors.Is(err, ErrClosed) {
		t.Fatal(err)
	}
	s.Close() // idempotent
}

// TestConcurrentClients runs conversations in parallel under -race.
func TestConcurrentClients(t *testing.T) {
	var lines []string
	for range 8 {
		lines = append(lines, `{"reply":"parallel reply with several tokens in it","stream_ms":1}`)
	}
	c := newTestServer(t, Options{LoggedIn: true, Script: script(t, strings.Join(lines, "\n"))})
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			res := c.req(context.Background(), "POST", "/backend-api/f/conversation", "application/json", strings.NewReader(sendReq{Text: "x"}.body()))
			defer res.Body.Close()
			_, _ = io.Copy(io.Discard, res.Body)
			_ = c.srv.Stats()
			_ = c.srv.Received()
		})
	}
	wg.Wait()
	if err := c.srv.WaitReplies(waitCtx(t), 8); err != nil {
		t.Fatal(err)
	}
	st := c.srv.Stats()
	if st.Sends != 8 || len(st.Messages) != 8 || len(c.srv.Conversations()) != 8 {
		t.Fatalf("stats %+v", st)
	}
	for _, m := range st.Messages {
		if m.LastToken.IsZero() || m.Done.IsZero() || m.LastToken.Before(m.StreamStarted) || m.Done.Before(m.LastToken) {
			t.Fatalf("timestamps %+v", m)
		}
	}
}

// TestServe: the developer command prints the page generation (the
// newest by default) and the URL and serves until ctx ends; a bad script fails before serving.
func TestServe(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, Options{Script: script(t, `{"reply":"x"}`)}, "127.0.0.1:0", pw); pw.Close() }()
	buf := make([]byte, 256)
	n, err := io.ReadAtLeast(pr, buf, 10)
	if err != nil {
		t.Fatal(err)
	}
	out := string(buf[:n])
	for !strings.Contains(out, "serving http://127.0.0.1:") {
		m, err := pr.Read(buf)
		if err != nil {
			t.Fatalf("output %q: %v", out, err)
		}
		out += string(buf[:m])
	}
	if !strings.Contains(out, "the "+DefaultGeneration+" page") {
		t.Fatalf("output %q does not name the page generation served", out)
	}
	url := strings.TrimSpace(out[strings.Index(out, "http://"):])
	tr := &http.Transport{}
	res, err := (&http.Client{Transport: tr}).Get(url + "/")
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("GET %s: %v", url, err)
	}
	res.Body.Close()
	tr.CloseIdleConnections()
	cancel()
	go func() { _, _ = io.Copy(io.Discard, pr) }()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if err := Serve(context.Background(), Options{Script: script(t, `{"reply":"x","fault":"nope"}`)}, "", io.Discard); err == nil {
		t.Fatal("Serve accepted an unknown fault")
	}
}

// TestDemoScript keeps the developer command's demo script valid and
// answerable.
func TestDemoScript(t *testing.T) {
	lines, err := model.LoadScript("assets/demo.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if err := CheckScript(lines); err != nil {
		t.Fatal(err)
	}
	c := newTestServer(t, Options{LoggedIn: true, Script: lines})
	_, msgs := c.send(sendReq{Text: "build me a website"})
	if main := mainMessages(deltaText(t, msgs)); len(main) != 1 || partText(main[0]) != lines[0].Reply {
		t.Fatal("the demo's first line did not answer")
	}
}
