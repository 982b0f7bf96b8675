package sse

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/browser/wire/wiretest"
)

// v1Stream is a conversation stream in the v1 delta encoding, as the page
// receives it (testdata/sse/v1-thoughts-webrun.sse): a thoughts message and
// a web.run tool call before the reply, the short append form, a two-op
// patch and the final patch.
func v1Stream(t testing.TB) string {
	b, err := os.ReadFile(filepath.Join("testdata", "sse", "v1-thoughts-webrun.sse"))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

const v1Reply = "<agent_response>\n  <![CDATA[```go\n\tx := 1 // tab\n```]]>\n</agent_response> 🚀"

func TestStreamParserV1(t *testing.T) {
	p := wiretest.Feed[Parser](v1Stream(t))
	r := p.Result()
	if !r.Finished || !r.Ended || r.MessageID != "a1" || r.ModelSlug != "gpt-5-2" || r.ConversationID != "c1" {
		t.Fatalf("result %+v", r)
	}
	if got := p.Text(); got != v1Reply {
		t.Fatalf("text %q, want %q", got, v1Reply)
	}
	if r.Len != len(v1Reply) {
		t.Fatalf("len %d, want %d", r.Len, len(v1Reply))
	}
}

// TestStreamParserChunking feeds the stream split at every byte, and with
// CR LF line ends: the result is the same.
func TestStreamParserChunking(t *testing.T) {
	v1Stream := v1Stream(t)
	step := 1
	if testing.Short() || raceEnabled {
		step = 7 // every byte is slow under the race detector
	}
	for i := 0; i < len(v1Stream); i += step {
		p := wiretest.Feed[Parser](v1Stream[:i], v1Stream[i:])
		if got := p.Text(); got != v1Reply || !p.Result().Finished {
			t.Fatalf("split at %d: %q finished=%v", i, got, p.Result().Finished)
		}
	}
	crlf := strings.ReplaceAll(v1Stream, "\n", "\r\n")
	if got := wiretest.Feed[Parser](crlf).Text(); got != v1Reply {
		t.Fatalf("CR LF: %q", got)
	}
	var p Parser
	for i := 0; i < len(v1Stream); i++ {
		p.Write([]byte{v1Stream[i]})
	}
	if p.Text() != v1Reply {
		t.Fatalf("byte by byte: %q", p.Text())
	}
}

func TestStreamParserStates(t *testing.T) {
	head := strings.SplitAfter(v1Stream(t), "\"c\":2}\n\n")[0]
	for _, tc := range []struct {
		name     string
		stream   string
		finished bool
		ended    bool
		text     string
		err      string
	}{
		{"in progress", head + "event: delta\ndata: {\"p\":\"/message/content/parts/0\",\"o\":\"append\",\"v\":\"par\"}\n\n", false, false, "par", ""},
		{"cut, no [DONE]", head + "event: delta\ndata: {\"p\":\"/message/content/parts/0\",\"o\":\"append\",\"v\":\"par\"}\n\ndata: {\"v\":\"tial", false, false, "par", ""},
		{"done without end_turn is not finished", head + "event: delta\ndata: {\"p\":\"/message/content/parts/0\",\"o\":\"append\",\"v\":\"x\"}\n\nevent: delta\ndata: {\"p\":\"/message/status\",\"o\":\"replace\",\"v\":\"finished_successfully\"}\n\ndata: [DONE]\n\n", false, true, "x", ""},
		{"error event", "event: delta_encoding\ndata: \"v1\"\n\ndata: {\"message\":null,\"conversation_id\":\"c\",\"error\":\"Something went wrong\"}\n\ndata: [DONE]\n\n", false, true, "", "Something went wrong"},
		{"truncate", head + "event: delta\ndata: {\"p\":\"/message/content/parts/0\",\"o\":\"append\",\"v\":\"abcdef\"}\n\nevent: delta\ndata: {\"p\":\"/message/content/parts/0\",\"o\":\"truncate\",\"v\":3}\n\n", false, false, "abc", ""},
		{"full-message encoding", "data: {\"message\":{\"id\":\"m\",\"author\":{\"role\":\"assistant\"},\"content\":{\"content_type\":\"text\",\"parts\":[\"He\"]},\"status\":\"in_progress\",\"recipient\":\"all\"}}\n\ndata: {\"message\":{\"id\":\"m\",\"author\":{\"role\":\"assistant\"},\"content\":{\"content_type\":\"text\",\"parts\":[\"Hello\"]},\"status\":\"finished_successfully\",\"end_turn\":true,\"recipient\":\"all\"}}\n\ndata: [DONE]\n\n", true, true, "Hello", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := wiretest.Feed[Parser](tc.stream)
			r := p.Result()
			if r.Finished != tc.finished || r.Ended != tc.ended || p.Text() != tc.text || r.Error != tc.err {
				t.Fatalf("result %+v text %q", r, p.Text())
			}
		})
	}
}
