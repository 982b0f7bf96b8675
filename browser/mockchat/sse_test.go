package mockchat

import (
	"encoding/json"
	"errors"
	"flag"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files")

var (
	uuidRE = regexp.MustCompile(`[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}`)
	timeRE = regexp.MustCompile(`"(create_time|update_time)":[0-9.]+`)
)

// normalise replaces ids and times by stable placeholders.
func normalise(s string) string {
	ids := map[string]string{}
	s = uuidRE.ReplaceAllStringFunc(s, func(id string) string {
		if _, ok := ids[id]; !ok {
			ids[id] = "<id" + strconv.Itoa(len(ids)+1) + ">"
		}
		return ids[id]
	})
	return timeRE.ReplaceAllString(s, `"$1":<time>`)
}

// TestStreamGolden pins the exact v1 delta stream of a short reply.
func TestStreamGolden(t *testing.T) {
	c := newTestServer(t, Options{LoggedIn: true, Script: script(t, `{"reply":"Hi <b>there</b>,\nfriend."}`)})
	res, msgs := c.send(sendReq{Text: "hello", Model: "gpt-5-2-thinking"})
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "text/event-stream; charset=utf-8" {
		t.Fatalf("status %d, type %q", res.StatusCode, res.Header.Get("Content-Type"))
	}
	var b strings.Builder
	for _, m := range msgs {
		if m.Event != "" {
			b.WriteString("event: " + m.Event + "\n")
		}
		b.WriteString("data: " + m.Data + "\n\n")
	}
	got := normalise(b.String())
	path := filepath.Join("testdata", "stream-basic.golden")
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got != string(want) {
		t.Fatalf("stream differs from %s:\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}

// TestStreamForms checks the event forms of a longer reply: the first
// token in the long form, short forms after it, a two-append patch every
// tenth event followed by the long form again, and the last token inside
// the final patch with the status, end_turn and finish details.
func TestStreamForms(t *testing.T) {
	reply := strings.Repeat("word ", 30) + "end"
	c := newTestServer(t, Options{LoggedIn: true, Script: script(t, `{"reply":`+jsonString(reply)+`}`)})
	_, msgs := c.send(sendReq{Text: "go"})
	if msgs[0].Event != "delta_encoding" || msgs[0].Data != `"v1"` {
		t.Fatalf("first event %+v", msgs[0])
	}
	n := len(msgs)
	if msgs[n-1].Data != "[DONE]" || msgs[n-1].Event != "" {
		t.Fatalf("last event %+v", msgs[n-1])
	}
	if !strings.Contains(msgs[n-2].Data, `"type":"message_stream_complete"`) || msgs[n-2].Event != "" {
		t.Fatalf("before [DONE]: %+v", msgs[n-2])
	}
	var deltas []string
	for _, m := range msgs {
		if m.Event == "delta" {
			deltas = append(deltas, m.Data)
		}
	}
	// 2026: the hidden system message is the long-form add, the answer an
	// implicit add on channel 1 (no p, no o).
	if !strings.HasPrefix(deltas[0], `{"p":"","o":"add","v":{"message":{`) || !strings.Contains(deltas[0], `"role":"system"`) ||
		!strings.Contains(deltas[0], `"is_visually_hidden_from_conversation":true`) || !strings.HasSuffix(deltas[0], `"c":0}`) {
		t.Fatalf("first add %s", deltas[0])
	}
	if !strings.HasPrefix(deltas[1], `{"v":{"message":{`) || !strings.Contains(deltas[1], `"status":"in_progress"`) ||
		!strings.Contains(deltas[1], `"recipient":"all"`) || !strings.Contains(deltas[1], `"channel":"final"`) || !strings.HasSuffix(deltas[1], `"c":1}`) {
		t.Fatalf("answer add %s", deltas[1])
	}
	if !strings.HasPrefix(msgs[1].Data, `{"type":"resume_conversation_token"`) {
		t.Fatalf("second event %+v", msgs[1])
	}
	deltas = deltas[1:]
	if deltas[1] != `{"p":"/message/content/parts/0","o":"append","v":"word "}` || deltas[2] != `{"v":"word "}` {
		t.Fatalf("token events %s, %s", deltas[1], deltas[2])
	}
	patch := `{"p":"","o":"patch","v":[{"p":"/message/content/parts/0","o":"append","v":"word "},{"p":"/message/content/parts/0","o":"append","v":"word "}]}`
	i := indexOf(deltas, patch)
	if i < 0 || deltas[i+1] != `{"p":"/message/content/parts/0","o":"append","v":"word "}` {
		t.Fatalf("no mid-stream patch followed by the long form in %q", deltas)
	}
	final := deltas[len(deltas)-1]
	var f struct {
		O string `json:"o"`
		V []struct {
			P string          `json:"p"`
			O string          `json:"o"`
			V json.RawMessage `json:"v"`
		} `json:"v"`
	}
	if err := json.Unmarshal([]byte(final), &f); err != nil || f.O != "patch" || strings.Contains(final, `"p":""`) {
		t.Fatalf("final %s: %v", final, err)
	}
	got := map[string]string{}
	for _, o := range f.V {
		got[o.P+" "+o.O] = string(o.V)
	}
	want := map[string]string{
		"/message/content/parts/0 append": `"end"`,
		"/message/status replace":         `"finished_successfully"`,
		"/message/end_turn replace":       `true`,
		"/message/metadata append":        `{"is_complete":true,"finish_details":{"type":"stop","stop_tokens":[200002]}}`,
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("final patch %s = %s, want %s", k, got[k], v)
		}
	}
	ms := deltaText(t, msgs)
	if len(ms) != 1 || partText(ms[0]) != reply || ms[0]["status"] != "finished_successfully" || ms[0]["end_turn"] != true {
		t.Fatalf("replayed %v", ms)
	}
}

func indexOf(ss []string, s string) int {
	for i, x := range ss {
		if x == s {
			return i
		}
	}
	return -1
}

// TestSplitTokens checks that tokens join back to the text and respect the
// size bound and rune boundaries.
func TestSplitTokens(t *testing.T) {
	for _, text := range []string{"", "a", "hello world", "  lead", "tail  \n\n", strings.Repeat("x", 100), "日本語のテキストはとても長い単語です", "a\tb\r\nc 🙂🙂🙂🙂🙂🙂🙂🙂"} {
		toks := splitTokens(text)
		if strings.Join(toks, "") != text {
			t.Fatalf("%q: tokens %q do not join back", text, toks)
		}
		for _, tok := range toks {
			if tok == "" || len(tok) > 24 && len([]rune(tok)) > 1 {
				t.Fatalf("%q: bad token %q", text, tok)
			}
			if !json.Valid(marshal(tok)) || strings.ToValidUTF8(tok, "?") != tok && strings.ToValidUTF8(text, "?") == text {
				t.Fatalf("%q: token %q splits a rune", text, tok)
			}
		}
	}
}

func FuzzSplitTokens(f *testing.F) {
	f.Add("hello world")
	f.Add("<agent_response>\n\t<message>ünïcødé 🙂</message>\n</agent_response>")
	f.Fuzz(func(t *testing.T, text string) {
		toks := splitTokens(text)
		if strings.Join(toks, "") != text {
			t.Fatalf("tokens %q do not join back to %q", toks, text)
		}
		for _, tok := range toks {
			if tok == "" || len(tok) > 24 {
				t.Fatalf("bad token %q", tok)
			}
		}
	})
}

// FuzzReadSendRequest: any body is either a clear bad request or a
// message whose text is the body's one string part.
func FuzzReadSendRequest(f *testing.F) {
	f.Add(sendReq{Text: "hello"}.body())
	f.Add(`{"action":"variant","messages":[{"id":"x","author":{"role":"user"},"content":{"content_type":"text","parts":["\u0000<a>"]}}]}`)
	f.Add(`{"action":"next","messages":[{"author":{"role":"user"},"content":{"content_type":"text","parts":[1]}}]}`)
	f.Fuzz(func(t *testing.T, body string) {
		r := httptest.NewRequest("POST", "/backend-api/f/conversation", strings.NewReader(body))
		req, text, err := readSendRequest(httptest.NewRecorder(), r)
		if err != nil {
			if !errors.Is(err, errBadRequest) {
				t.Fatalf("error %v is not a bad request", err)
			}
			return
		}
		var part string
		if json.Unmarshal(req.Messages[0].Content.Parts[0], &part) != nil || part != text {
			t.Fatalf("text %q, part %s", text, req.Messages[0].Content.Parts[0])
		}
	})
}

// TestStreamModeration: the blocked fault's stream carries a moderation
// event with blocked true for the reply and no text; the flagged fault's
// carries flagged true, blocked false, and the whole reply.
func TestStreamModeration(t *testing.T) {
	for _, tc := range []struct {
		fault, text string
		blocked     bool
	}{
		{FaultBlocked, "", true},
		{FaultFlagged, "A careful answer.", false},
	} {
		t.Run(tc.fault, func(t *testing.T) {
			c := newTestServer(t, Options{LoggedIn: true, Script: script(t, `{"reply":"A careful answer.","fault":"`+tc.fault+`"}`)})
			_, msgs := c.send(sendReq{Text: "go"})
			ms := deltaText(t, msgs)
			if len(ms) != 1 || partText(ms[0]) != tc.text || ms[0]["end_turn"] != true {
				t.Fatalf("replayed %v", ms)
			}
			var mods []map[string]any
			for _, m := range msgs {
				var ev map[string]any
				if m.Event == "" && json.Unmarshal([]byte(m.Data), &ev) == nil && ev["type"] == "moderation" {
					mods = append(mods, ev)
				}
			}
			if len(mods) != 1 {
				t.Fatalf("%d moderation events in %+v", len(mods), msgs)
			}
			mr, _ := mods[0]["moderation_response"].(map[string]any)
			if mr["blocked"] != tc.blocked || mr["flagged"] != true || mods[0]["message_id"] != ms[0]["id"] ||
				mods[0]["is_completion"] != true || mr["moderation_id"] != "modr-"+ms[0]["id"].(string) {
				t.Fatalf("moderation event %v (reply %v)", mods[0], ms[0]["id"])
			}
		})
	}
}
