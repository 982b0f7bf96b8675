package protocol

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"
	"time"

	"github.com/wtagent/wtagent/session/event"
)

// FuzzParse checks that Parse never panics, that every failure is a typed
// *Error with feedback, that every accepted turn obeys the protocol and
// survives FormatTurn → ParseStrict unchanged and without repairs (a
// repaired reply re-serialised parses to the same call), and that repairs
// never change a reply strict parsing accepts, nor refuse one. Seeds:
// testdata/fuzz/FuzzParse (the golden replies, every repair and refusal
// among them; see TestFuzzSeedCorpus) plus the ones below.
func FuzzParse(f *testing.F) {
	f.Add(call(ToolFSWrite, "<path>a</path><content><![CDATA[a]]]]><![CDATA[>b\r\n]]></content>"))
	f.Add("```xml\n<agent_response><done>true</done><message>ok</message></agent_response>\n```")
	f.Add(call(ToolFSEdit, "<path>a</path><edits><edit><old_text>x</old_text><new_text>&#x1B;</new_text></edit></edits>"))
	f.Add(call(ToolTerminalExec, "<program>sh</program><argv><item>a && b</item><item>x\r\n&</item></argv>"))
	f.Add("<agent_response><done>false</done><message>m</message><tool_call><name>fs.read</name><arguments><path>a&b</path></arguments></tool_call></agent_response>")
	f.Add("<agent_response><done>true</done><message>a < b & <b>c</message></agent_response>")
	cat := DefaultCatalogue()
	f.Fuzz(func(t *testing.T, reply string) {
		turn, err := Parse(reply, cat)
		strict, serr := ParseStrict(reply, cat)
		if serr == nil && (err != nil || len(turn.Repairs) > 0 || !reflect.DeepEqual(strict, turn)) {
			t.Fatalf("repairs changed a reply strict parsing accepts:\nstrict %+v\n  got %+v, %v", strict, turn, err)
		}
		if err != nil {
			var pe *Error
			if !errors.As(err, &pe) || pe.Kind == "" || pe.Msg == "" || pe.Feedback() == "" {
				t.Fatalf("untyped or empty error %#v", err)
			}
			if turn.Call != nil || turn.Repairs != nil {
				t.Fatalf("failed parse returned a call or repairs")
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
		for _, r := range turn.Repairs {
			if r.Note == "" || (r.Kind == RepairMessageMarkup && !turn.Done) {
				t.Fatalf("bad repair %+v of turn done=%v", r, turn.Done)
			}
		}
		if turn.Call != nil && (!json.Valid(turn.Call.CanonicalArgs) ||
			string(turn.Call.CanonicalArgs) != string(CanonicalJSON(turn.Call.Args))) {
			t.Fatalf("bad canonical args %s", turn.Call.CanonicalArgs)
		}
		text, ferr := FormatTurn(turn, cat)
		if ferr != nil {
			t.Fatalf("FormatTurn: %v", ferr)
		}
		again, err := ParseStrict(text, cat)
		if err != nil {
			t.Fatalf("re-parse of %q: %v", text, err)
		}
		if again.Done != turn.Done || again.Message != turn.Message {
			t.Fatalf("re-parse changed done/message: %q → %q", turn.Message, again.Message)
		}
		if turn.Call != nil && (again.Call == nil || again.Call.Name != turn.Call.Name || !reflect.DeepEqual(again.Call.Args, turn.Call.Args)) {
			t.Fatalf("re-parse changed the call: %#v → %#v", turn.Call, again.Call)
		}
	})
}

// FuzzToolResult checks FormatToolResult → ParseToolResult for arbitrary
// content.
func FuzzToolResult(f *testing.F) {
	f.Add("msg", "out ]]> \r\n", "err \x1b[0m", `{"a":1}`, "--- a", 0, int64(12))
	f.Add("", "", "", "", "", -1, int64(0))
	f.Fuzz(func(t *testing.T, msg, stdout, stderr, data, diff string, code int, ms int64) {
		in := event.ToolResult{Tool: ToolTerminalExec, Status: event.ToolOK, Message: msg, Stdout: stdout,
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
