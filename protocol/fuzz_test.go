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
// repaired reply re-serialised parses to the same calls), and that repairs
// never change a reply strict parsing accepts, nor refuse one. Each reply
// is parsed with one and with MaxCallsLimit calls per reply: a reply the
// first accepts, the second accepts the same, and PlanBatch partitions
// every accepted reply's calls. Seeds: testdata/fuzz/FuzzParse (the golden
// replies, every repair and refusal among them; see TestFuzzSeedCorpus)
// plus the ones below.
func FuzzParse(f *testing.F) {
	f.Add(call(ToolFSWrite, "<path>a</path><content><![CDATA[a]]]]><![CDATA[>b\r\n]]></content>"))
	f.Add("```xml\n<agent_response><done>true</done><message>ok</message></agent_response>\n```")
	f.Add(call(ToolFSEdit, "<path>a</path><edits><edit><old_text>x</old_text><new_text>&#x1B;</new_text></edit></edits>"))
	f.Add(call(ToolTerminalExec, "<program>sh</program><argv><item>a && b</item><item>x\r\n&</item></argv>"))
	f.Add("<agent_response><done>false</done><message>m</message><tool_call><name>fs.read</name><arguments><path>a&b</path></arguments></tool_call></agent_response>")
	f.Add("<agent_response><done>true</done><message>a < b & <b>c</message></agent_response>")
	f.Add("<agent_response><done>false</done><message>m</message><tool_call name=\"fs.read\"><args><path>a</path></args></tool_call>" +
		"<tool_call name=\"fs.write\"><args><path>b</path><content>x</content></args></tool_call><tool_call name=\"process.list\"/></agent_response>")
	cat := DefaultCatalogue()
	cat8, err := cat.WithMaxCalls(MaxCallsLimit)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, reply string) {
		one, err1 := checkParse(t, reply, cat)
		eight, err8 := checkParse(t, reply, cat8)
		if err1 == nil && (err8 != nil || !reflect.DeepEqual(one, eight)) {
			t.Fatalf("a reply accepted with one call per reply parses differently with %d:\n%+v\n%+v, %v", MaxCallsLimit, one, eight, err8)
		}
		if err8 == nil {
			checkPlan(t, eight.Calls, cat8)
		}
	})
}

// checkParse is FuzzParse's check of one reply under one catalogue.
func checkParse(t *testing.T, reply string, cat *Catalogue) (Turn, error) {
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
		if turn.Call != nil || turn.Calls != nil || turn.Repairs != nil {
			t.Fatalf("failed parse returned a call or repairs")
		}
		_ = FormatProtocolError(err)
		return turn, err
	}
	checkTurn(t, turn, cat)
	text, ferr := FormatTurn(turn, cat)
	if ferr != nil {
		t.Fatalf("FormatTurn: %v", ferr)
	}
	again, err := ParseStrict(text, cat)
	if err != nil {
		t.Fatalf("re-parse of %q: %v", text, err)
	}
	if again.Done != turn.Done || again.Message != turn.Message || len(again.Calls) != len(turn.Calls) {
		t.Fatalf("re-parse changed done/message/calls: %q → %q", turn.Message, again.Message)
	}
	for i, c := range turn.Calls {
		if again.Calls[i].Name != c.Name || !reflect.DeepEqual(again.Calls[i].Args, c.Args) {
			t.Fatalf("re-parse changed call %d: %#v → %#v", i+1, c, again.Calls[i])
		}
	}
	return turn, nil
}

// checkTurn checks the invariants of an accepted turn.
func checkTurn(t *testing.T, turn Turn, cat *Catalogue) {
	if turn.Done == (turn.Call != nil) || (turn.Call == nil) != (len(turn.Calls) == 0) || len(turn.Calls) > cat.MaxCalls() {
		t.Fatalf("done=%v with call %v and %d calls (limit %d)", turn.Done, turn.Call, len(turn.Calls), cat.MaxCalls())
	}
	if turn.Call != nil && turn.Calls[0] != turn.Call {
		t.Fatal("Call is not Calls[0]")
	}
	if turn.Done && turn.Message == "" {
		t.Fatal("done without a message")
	}
	for _, r := range turn.Repairs {
		if r.Note == "" || (r.Kind == RepairMessageMarkup && !turn.Done) {
			t.Fatalf("bad repair %+v of turn done=%v", r, turn.Done)
		}
	}
	for _, c := range turn.Calls {
		if !json.Valid(c.CanonicalArgs) || string(c.CanonicalArgs) != string(CanonicalJSON(c.Args)) {
			t.Fatalf("bad canonical args %s", c.CanonicalArgs)
		}
	}
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

// FuzzToolResults checks FormatToolResults → ParseToolResults for two
// results of arbitrary content under an arbitrary shared budget: the
// results come back in order as ShareResults cut them, and the cut ones
// keep no more output than their allotment (markers aside).
func FuzzToolResults(f *testing.F) {
	f.Add("out ]]> \r\n", `{"content":"a\nb"}`, "--- a", 40)
	f.Add("", "", "", 0)
	f.Add("é日本🌍", `{"a":["x","y"],"b":1e400}`, "x", 3)
	f.Fuzz(func(t *testing.T, stdout, data, diff string, budget int) {
		in := []event.ToolResult{
			{Tool: ToolTerminalExec, Status: event.ToolOK, Stdout: stdout, Stderr: diff},
			{Tool: ToolFSRead, Status: event.ToolOK, Data: json.RawMessage(data), Diff: diff},
			SkippedResult(&event.ToolCall{Name: ToolFSEdit}, "Not run."),
		}
		got, err := ParseToolResults(WithReminder(FormatToolResults(in, budget)))
		if err != nil {
			t.Fatalf("ParseToolResults: %v", err)
		}
		shared := ShareResults(in, budget)
		for i := range in {
			if want := modelVisible(shared[i]); !reflect.DeepEqual(got[i], want) {
				t.Fatalf("result %d differs\n got %#v\nwant %#v", i+1, got[i], want)
			}
		}
		if c := shared[0].StdoutCut; c != nil && budget > 0 && c.KeptBytes > int64(budget) {
			t.Fatalf("kept %d bytes of stdout with a budget of %d", c.KeptBytes, budget)
		}
	})
}
