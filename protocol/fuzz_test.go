package protocol

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/wtagent/wtagent/messages"
)

// FuzzParse checks that Parse never panics, that every failure is a typed
// *Error with feedback, and that every accepted turn obeys the protocol and
// survives FormatTurn → Parse unchanged. Seeds: testdata/fuzz/FuzzParse (the
// golden replies; see TestFuzzSeedCorpus) plus the ones below.
func FuzzParse(f *testing.F) {
	f.Add(call(ToolFSWrite, "<path>a</path><content><![CDATA[a]]]]><![CDATA[>b\r\n]]></content>"))
	f.Add("```xml\n<agent_response><done>true</done><message>ok</message></agent_response>\n```")
	f.Add(call(ToolFSEdit, "<path>a</path><edits><edit><old_text>x</old_text><new_text>&#x1B;</new_text></edit></edits>"))
	cat := DefaultCatalogue()
	f.Fuzz(func(t *testing.T, reply string) {
		turn, err := Parse(reply, cat)
		if err != nil {
			var pe *Error
			if !errors.As(err, &pe) || pe.Kind == "" || pe.Msg == "" || pe.Feedback() == "" {
				t.Fatalf("untyped or empty error %#v", err)
			}
			if turn.Call != nil {
				t.Fatalf("failed parse returned a call")
			}
			_ = FormatProtocolError(err)
			return
		}
		if turn.Done == (turn.Call != nil) {
			t.Fatalf("done=%v with call %v", turn.Done, turn.Call)
		}
		if turn.Done && turn.Message == "" {
			t.Fatal("done without a message")
		}
		if turn.Call != nil && (!json.Valid(turn.Call.CanonicalArgs) ||
			string(turn.Call.CanonicalArgs) != string(CanonicalJSON(turn.Call.Args))) {
			t.Fatalf("bad canonical args %s", turn.Call.CanonicalArgs)
		}
		text, ferr := FormatTurn(turn, cat)
		if ferr != nil {
			t.Fatalf("FormatTurn: %v", ferr)
		}
		again, err := Parse(text, cat)
		if err != nil {
			t.Fatalf("re-parse of %q: %v", text, err)
		}
		if again.Done != turn.Done || again.Message != turn.Message {
			t.Fatalf("re-parse changed done/message: %q → %q", turn.Message, again.Message)
		}
		if turn.Call != nil && !reflect.DeepEqual(again.Call.Args, turn.Call.Args) {
			t.Fatalf("re-parse changed args: %#v → %#v", turn.Call.Args, again.Call.Args)
		}
	})
}

// FuzzToolResult checks FormatToolResult → ParseToolResult for arbitrary
// content.
func FuzzToolResult(f *testing.F) {
	f.Add("msg", "out ]]> \r\n", "err \x1b[0m", `{"a":1}`, "--- a", 0, int64(12))
	f.Add("", "", "", "", "", -1, int64(0))
	f.Fuzz(func(t *testing.T, msg, stdout, stderr, data, diff string, code int, ms int64) {
		in := messages.ToolResult{Tool: ToolTerminalExec, Status: messages.ToolOK, Message: msg, Stdout: stdout,
			Stderr: stderr, Diff: diff, ExitCode: &code, Duration: time.Duration(ms) * time.Millisecond, Changed: []string{stdout}}
		if data != "" {
			in.Data = json.RawMessage(data)
		}
		got, err := ParseToolResult(FormatToolResult(in))
		if err != nil {
			t.Fatalf("ParseToolResult: %v", err)
		}
		if want := modelVisible(in); !reflect.DeepEqual(got, want) {
			t.Fatalf("round trip differs\n got %#v\nwant %#v", got, want)
		}
	})
}
