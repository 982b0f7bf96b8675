package protocol

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/session/event"
)

// TestToolResultDataIsNotHTMLEscaped: <, > and & in result data go to the
// model as one byte each, also when the data was re-encoded with
// encoding/json's default escaping; an escaped backslash before "u003c"
// stays as it is.
func TestToolResultDataIsNotHTMLEscaped(t *testing.T) {
	content := `<p class="a">Tom &amp; Jerry</p> literal \u003c kept`
	escaped, err := json.Marshal(map[string]string{"content": content})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(escaped), `\u003c`) {
		t.Fatalf("encoding/json no longer escapes HTML: %s", escaped)
	}
	for name, data := range map[string][]byte{"escaped": escaped, "plain": mustEncode(t, map[string]string{"content": content})} {
		out := FormatToolResult(event.ToolResult{Tool: ToolFSRead, Status: event.ToolOK, Data: data})
		if strings.Contains(out, `\u003c`+"p") || strings.Contains(out, `\u0026`) || strings.Contains(out, `\u003e`) {
			t.Errorf("%s: result escapes HTML:\n%s", name, out)
		}
		parsed, err := ParseToolResult(out)
		if err != nil {
			t.Fatal(err)
		}
		var got map[string]string
		if err := json.Unmarshal(parsed.Data, &got); err != nil || got["content"] != content {
			t.Errorf("%s: data does not round-trip: %q (%v)", name, got["content"], err)
		}
	}
}

func mustEncode(t *testing.T, v any) json.RawMessage {
	t.Helper()
	b, err := EncodeData(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
