package mockchat

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"
)

// sseMsg is one server-sent event as a client sees it.
type sseMsg struct {
	Event string // "" for unnamed data events
	Data  string
}

// readSSE parses an event stream until EOF.
func readSSE(t testing.TB, r io.Reader) []sseMsg {
	t.Helper()
	var out []sseMsg
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 16<<20)
	var cur sseMsg
	var data []string
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			if data != nil {
				cur.Data = strings.Join(data, "\n")
				out = append(out, cur)
			}
			cur, data = sseMsg{}, nil
		case strings.HasPrefix(line, "event: "):
			cur.Event = strings.TrimPrefix(line, "event: ")
		case strings.HasPrefix(line, "data: "):
			data = append(data, strings.TrimPrefix(line, "data: "))
		default:
			t.Fatalf("unexpected SSE line %q", line)
		}
	}
	if data != nil {
		t.Fatalf("stream ends inside an event: %q", data)
	}
	return out
}

// deltaText replays the v1 delta events of a stream, as an adapter would
// (one message per channel "c"; c, p and o carried forward), and returns
// the final state of every assistant or tool message the stream added, in
// order (not the hidden system message nor the user's).
func deltaText(t testing.TB, msgs []sseMsg) []map[string]any {
	t.Helper()
	var out []map[string]any
	var root map[string]any
	var lastP, lastO string
	apply := func(p, o string, v any) {
		segs := strings.Split(strings.TrimPrefix(p, "/"), "/")
		var cur any = root
		for _, s := range segs[:len(segs)-1] {
			switch c := cur.(type) {
			case map[string]any:
				cur = c[s]
			case []any:
				i, _ := strconv.Atoi(s)
				cur = c[i]
			}
		}
		key := segs[len(segs)-1]
		switch c := cur.(type) {
		case map[string]any:
			switch o {
			case "append":
				switch old := c[key].(type) {
				case string:
					c[key] = old + v.(string)
				case []any:
					c[key] = append(old, v.([]any)...)
				case map[string]any:
					for k, x := range v.(map[string]any) {
						old[k] = x
					}
				default:
					c[key] = v
				}
			case "replace", "add":
				c[key] = v
			default:
				t.Fatalf("unknown op %q", o)
			}
		case []any:
			i, _ := strconv.Atoi(key)
			if o == "append" {
				c[i] = c[i].(string) + v.(string)
			} else {
				c[i] = v
			}
		default:
			t.Fatalf("path %q does not resolve", p)
		}
	}
	chans := map[string]map[string]any{}
	var lastC string
	for _, m := range msgs {
		if m.Event != "delta" {
			continue
		}
		var d struct {
			C *json.RawMessage `json:"c"`
			P *string          `json:"p"`
			O *string          `json:"o"`
			V json.RawMessage  `json:"v"`
		}
		if err := json.Unmarshal([]byte(m.Data), &d); err != nil {
			t.Fatalf("delta %q: %v", m.Data, err)
		}
		if d.C != nil {
			lastC = string(*d.C)
		}
		var v any
		_ = json.Unmarshal(d.V, &v)
		if env, ok := v.(map[string]any); ok && env["message"] != nil && (d.P == nil || *d.P == "") {
			// A message starts on its channel (long form or implicit add).
			root = env
			chans[lastC] = root
			msg := root["message"].(map[string]any)
			if role := msg["author"].(map[string]any)["role"]; role != "system" && role != "user" {
				out = append(out, msg)
			}
			lastP, lastO = "", "add"
			continue
		}
		root = chans[lastC]
		if d.O != nil && *d.O == "patch" {
			for _, x := range v.([]any) {
				o := x.(map[string]any)
				apply(o["p"].(string), o["o"].(string), o["v"])
			}
			lastO = "patch"
			continue
		}
		p, o := lastP, lastO
		if d.P != nil {
			p = *d.P
		}
		if d.O != nil {
			o = *d.O
		}
		apply(p, o, v)
		lastP, lastO = p, o
	}
	return out
}

// partText is a message's first text part.
func partText(m map[string]any) string {
	parts, _ := m["content"].(map[string]any)["parts"].([]any)
	if len(parts) == 0 {
		return ""
	}
	s, _ := parts[0].(string)
	return s
}

// testServer serves s over httptest and logs in a client.
type testServer struct {
	t     testing.TB
	srv   *Server
	ts    *httptest.Server
	http  *http.Client
	token string
}

func newTestServer(t testing.TB, opts Options) *testServer {
	t.Helper()
	s := New(opts)
	ts := httptest.NewServer(s)
	tr := &http.Transport{}
	t.Cleanup(func() {
		tr.CloseIdleConnections()
		ts.Close()
	})
	t.Cleanup(s.Close)
	c := &testServer{t: t, srv: s, ts: ts, http: &http.Client{Transport: tr, Timeout: 20 * time.Second}}
	c.refreshToken()
	return c
}

// refreshToken reads the session's token, as the page does.
func (c *testServer) refreshToken() {
	c.t.Helper()
	var sess struct {
		AccessToken string `json:"accessToken"`
	}
	c.getJSON("/api/auth/session", &sess)
	c.token = sess.AccessToken
}

func (c *testServer) req(ctx context.Context, method, path, contentType string, body io.Reader) *http.Response {
	c.t.Helper()
	r, err := http.NewRequestWithContext(ctx, method, c.ts.URL+path, body)
	if err != nil {
		c.t.Fatal(err)
	}
	if c.token != "" {
		r.Header.Set("Authorization", "Bearer "+c.token)
	}
	if contentType != "" {
		r.Header.Set("Content-Type", contentType)
	}
	res, err := c.http.Do(r)
	if err != nil {
		c.t.Fatalf("%s %s: %v", method, path, err)
	}
	return res
}

func (c *testServer) getJSON(path string, v any) int {
	c.t.Helper()
	res := c.req(context.Background(), "GET", path, "", nil)
	defer res.Body.Close()
	if v != nil && strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		if err := json.NewDecoder(res.Body).Decode(v); err != nil {
			c.t.Fatalf("GET %s: %v", path, err)
		}
	}
	return res.StatusCode
}

// sendReq is what the page POSTs.
type sendReq struct {
	Action, Text, ConversationID, Parent, Model, MessageID string
	Files                                                  []FileRef
}

func (r sendReq) body() string {
	if r.Action == "" {
		r.Action = "next"
	}
	if r.Parent == "" {
		r.Parent = rootID
	}
	if r.MessageID == "" {
		r.MessageID = newUUID()
	}
	files := r.Files
	if files == nil {
		files = []FileRef{}
	}
	m := map[string]any{
		"action": r.Action,
		"messages": []any{map[string]any{
			"id": r.MessageID, "author": map[string]any{"role": "user"},
			"content":  map[string]any{"content_type": "text", "parts": []string{r.Text}},
			"metadata": map[string]any{"attachments": files},
		}},
		"parent_message_id": r.Parent,
		"model":             r.Model,
	}
	if r.ConversationID != "" {
		m["conversation_id"] = r.ConversationID
	}
	return string(marshal(m))
}

// send POSTs a message and reads the whole answer.
func (c *testServer) send(r sendReq) (*http.Response, []sseMsg) {
	c.t.Helper()
	res := c.req(context.Background(), "POST", "/backend-api/f/conversation", "application/json", strings.NewReader(r.body()))
	defer res.Body.Close()
	if !strings.HasPrefix(res.Header.Get("Content-Type"), "text/event-stream") {
		b, _ := io.ReadAll(res.Body)
		res.Body = io.NopCloser(bytes.NewReader(b)) // for the caller to read
		return res, nil
	}
	return res, readSSE(c.t, res.Body)
}

// conversationID finds the conversation id a stream names.
func conversationID(msgs []sseMsg) string {
	for _, m := range msgs {
		var v struct {
			ConversationID string `json:"conversation_id"`
			V              struct {
				ConversationID string `json:"conversation_id"`
			} `json:"v"`
		}
		if json.Unmarshal([]byte(m.Data), &v) == nil {
			if v.ConversationID != "" {
				return v.ConversationID
			}
			if v.V.ConversationID != "" {
				return v.V.ConversationID
			}
		}
	}
	return ""
}

// mainMessages keeps the assistant messages to recipient all with text
// content: what the adapter must read.
func mainMessages(ms []map[string]any) []map[string]any {
	var out []map[string]any
	for _, m := range ms {
		role := m["author"].(map[string]any)["role"]
		ct := m["content"].(map[string]any)["content_type"]
		if role == "assistant" && m["recipient"] == "all" && ct == "text" {
			out = append(out, m)
		}
	}
	return out
}
