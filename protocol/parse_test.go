package protocol

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/wtagent/wtagent/session/event"
)

func call(tool, args string) string {
	return "<agent_response><done>false</done><message>m</message><tool_call name=\"" + tool + "\"><args>" +
		args + "</args></tool_call></agent_response>"
}

func mustParse(t *testing.T, reply string) Turn {
	t.Helper()
	turn, err := Parse(reply, nil)
	if err != nil {
		t.Fatalf("Parse: %v\n%s", err, reply)
	}
	return turn
}

// TestContentByteForByte pins the exact decoded content, independently of
// the golden files.
func TestContentByteForByte(t *testing.T) {
	cases := []struct{ name, xml, want string }{
		{"crlf", "<![CDATA[a\r\nb\r\n]]>", "a\r\nb\r\n"},
		{"lone_cr", "<![CDATA[a\rb]]>", "a\rb"},
		{"crlf_plain_text", "a\r\nb", "a\r\nb"},
		{"cr_at_cdata_edges", "<![CDATA[\r]]><![CDATA[\r\n]]>", "\r\r\n"},
		{"split", "<![CDATA[a]]]]><![CDATA[>b]]>", "a]]>b"},
		{"markup_inside", "<![CDATA[</content></args></tool_call></agent_response>]]>", "</content></args></tool_call></agent_response>"},
		{"amp_lt_tabs", "<![CDATA[\ta < b && c\t]]>", "\ta < b && c\t"},
		{"layout_around_cdata", "\n   <![CDATA[x]]>\r\n  ", "x"},
		{"no_cdata_keeps_layout", "\n  x\n", "\n  x\n"},
		{"controls_raw_and_refs", "<![CDATA[\x1b\x01]]>&#x1B;&#0;&#xFFFF;", "\x1b\x01\x1b\x00\uFFFF"},
		{"entities", "&lt;&gt;&amp;&quot;&apos;&#65;", "<>&\"'A"},
		{"empty_cdata", "<![CDATA[]]>", ""},
		{"comment_between", "<![CDATA[a]]><!-- c --><![CDATA[b]]>", "ab"},
		{"bom_inside_is_kept", "<![CDATA[\uFEFFx]]>", "\uFEFFx"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			turn := mustParse(t, call(ToolFSWrite, "<path>f</path><content>"+c.xml+"</content>"))
			if got := turn.Call.Args.(*FSWriteArgs).Content; got != c.want {
				t.Fatalf("content = %q, want %q", got, c.want)
			}
		})
	}
}

func TestArgsAreTypedStructs(t *testing.T) {
	want := map[string]any{
		ToolFSList: &FSListArgs{}, ToolFSRead: &FSReadArgs{}, ToolFSWrite: &FSWriteArgs{}, ToolFSEdit: &FSEditArgs{},
		ToolFSSearch: &FSSearchArgs{}, ToolTerminalExec: &ExecArgs{}, ToolProcessStart: &ProcessStartArgs{},
		ToolProcessRead: &ProcessReadArgs{}, ToolProcessStop: &ProcessStopArgs{}, ToolProcessList: &ProcessListArgs{},
		ToolProjectStatus: &ProjectStatusArgs{},
	}
	args := map[string]string{
		ToolFSRead: "<path>a</path>", ToolFSWrite: "<path>a</path><content/>", ToolFSEdit: "<path>a</path><old_text>x</old_text><new_text/>",
		ToolFSSearch: "<pattern>p</pattern>", ToolTerminalExec: "<program>go</program>", ToolProcessStart: "<program>npm</program>",
		ToolProcessRead: "<process_id>p1</process_id>", ToolProcessStop: "<process_id>p1</process_id>",
	}
	for name, w := range want {
		turn := mustParse(t, call(name, args[name]))
		if reflect.TypeOf(turn.Call.Args) != reflect.TypeOf(w) {
			t.Errorf("%s: args are %T, want %T", name, turn.Call.Args, w)
		}
	}
	exec := mustParse(t, call(ToolTerminalExec, "<program>go</program>")).Call.Args.(*ExecArgs)
	if !reflect.DeepEqual(*exec, ExecArgs{Program: "go", Argv: []string{}, Cwd: ".", TimeoutMS: 120000, Env: []string{}}) {
		t.Errorf("defaults: %+v", *exec)
	}
}

// TestCanonicalArgs: equal arguments written differently give equal bytes.
func TestCanonicalArgs(t *testing.T) {
	spellings := []string{
		call(ToolTerminalExec, "<program>go</program><argv><item>test</item></argv>"),
		call(ToolTerminalExec, "\n  <argv>\n <item><![CDATA[test]]></item>\n</argv>\n  <program> go </program><cwd>.</cwd><env/>"),
		"```xml\n" + strings.ReplaceAll(call(ToolTerminalExec, "<program>go</program><argv><item>test</item></argv><timeout_ms>120000</timeout_ms>"), `"`, `'`) + "\n```",
	}
	var first string
	for i, s := range spellings {
		got := string(mustParse(t, s).Call.CanonicalArgs)
		if i == 0 {
			first = got
		} else if got != first {
			t.Errorf("spelling %d: %s, want %s", i, got, first)
		}
	}
	if want := `{"argv":["test"],"cwd":".","program":"go","timeout_ms":120000}`; first != want {
		t.Errorf("canonical = %s, want %s", first, want)
	}
	if got := string(CanonicalJSON(map[string]any{"b": "<&>", "a": 1.5})); got != `{"a":1.5,"b":"<&>"}` {
		t.Errorf("CanonicalJSON = %s", got)
	}
	if CanonicalJSON(make(chan int)) != nil {
		t.Error("CanonicalJSON of a channel is not nil")
	}
	if _, err := Canonicalize(func() {}); err == nil {
		t.Error("Canonicalize of a func did not fail")
	}
}

func TestErrorsIs(t *testing.T) {
	_, err := Parse(call(ToolFSRead, "<path>a</path><bogus>1</bogus>"), nil)
	if !errors.Is(err, KindUnknownArg) || errors.Is(err, KindMissingArg) {
		t.Fatalf("errors.Is on kind: %v", err)
	}
	var pe *Error
	if !errors.As(err, &pe) || pe.Tool != ToolFSRead || pe.Arg != "bogus" || pe.Line != 1 {
		t.Fatalf("error fields: %+v", pe)
	}
	if s := pe.Error(); !strings.Contains(s, "unknown_arg") || !strings.Contains(s, "fs.read bogus") {
		t.Errorf("Error() = %q", s)
	}
	wrapped := fmt.Errorf("parser: %w", err)
	if !errors.Is(wrapped, KindUnknownArg) || AsError(wrapped) != pe {
		t.Error("kind lost through wrapping")
	}
	other := AsError(errors.New("boom"))
	if other.Kind != KindMalformed || !strings.Contains(FormatProtocolError(errors.New("boom")), "boom") {
		t.Errorf("AsError(plain) = %+v", other)
	}
	fb := FormatProtocolError(err)
	if !strings.HasPrefix(fb, `<protocol_error kind="unknown_arg" tool="fs.read" arg="bogus">`) ||
		!strings.Contains(fb, "no tool ran") || !strings.Contains(fb, "fs.read arguments:") {
		t.Errorf("protocol error:\n%s", fb)
	}
	if got, err := elementText(fb, "protocol_error"); err != nil || got != pe.Feedback() {
		t.Errorf("protocol error text = %q, %v", got, err)
	}
}

func TestCatalogue(t *testing.T) {
	if err := DefaultCatalogue().Validate(); err != nil {
		t.Fatalf("default catalogue: %v", err)
	}
	type args struct {
		N int    `arg:"n"`
		S string `arg:"s"`
	}
	newArgs := func() any { return new(args) }
	bad := []ToolSpec{
		{Name: "a", Args: []ArgSpec{{Name: "n", Type: ArgString}, {Name: "s", Type: ArgString}}, New: newArgs},
		{Name: "b", Args: []ArgSpec{{Name: "n", Type: ArgInt}}, New: newArgs},
		{Name: "c", Args: []ArgSpec{{Name: "n", Type: ArgInt, Default: "x"}, {Name: "s", Type: ArgString}}, New: newArgs},
		{Name: "d", Args: []ArgSpec{{Name: "n", Type: ArgInt}, {Name: "s", Type: ArgEnum}}, New: newArgs},
		{Name: "e", Args: []ArgSpec{{Name: "n", Type: ArgInt}, {Name: "s", Type: ArgString, Form: "only"}}, New: newArgs},
		{Name: "f"},
	}
	for _, s := range bad {
		if err := NewCatalogue(s).Validate(); err == nil {
			t.Errorf("tool %s: a broken spec passed", s.Name)
		}
	}
	small := NewCatalogue(ToolSpec{Name: "x.ping", Args: []ArgSpec{{Name: "n", Type: ArgInt, Default: "3", Min: 1, Max: 9},
		{Name: "s", Type: ArgString, Required: true}}, New: newArgs})
	if err := small.Validate(); err != nil {
		t.Fatal(err)
	}
	turn, err := Parse(call("x.ping", "<s>hi</s>"), small)
	if err != nil || *turn.Call.Args.(*args) != (args{N: 3, S: "hi"}) {
		t.Fatalf("custom catalogue: %+v %v", turn.Call, err)
	}
	if _, err := Parse(call(ToolFSList, ""), small); !errors.Is(err, KindUnknownTool) {
		t.Fatalf("a tool outside the catalogue was accepted: %v", err)
	}
}

func TestNotes(t *testing.T) {
	turn := mustParse(t, "\ufeffOK, here:\n```xml\n<agent_response><done>true</done><message>m</message></agent_response>\n```\nThanks!")
	want := []string{
		"removed a byte-order mark",
		`removed the opening code fence "` + "```xml" + `"`,
		`ignored 9 bytes of text before <agent_response>: "OK, here:"`,
		"removed the closing code fence",
		`ignored 7 bytes of text after </agent_response>: "Thanks!"`,
	}
	if !reflect.DeepEqual(turn.Notes, want) {
		t.Fatalf("notes = %q", turn.Notes)
	}
	if n := mustParse(t, "<agent_response><done>true</done><message>m</message></agent_response>").Notes; len(n) != 0 {
		t.Fatalf("clean reply has notes %q", n)
	}
}

func TestLimits(t *testing.T) {
	deep := "<agent_response><done>true</done><message>m</message>" + strings.Repeat("<x>", 40) + strings.Repeat("</x>", 40) + "</agent_response>"
	if _, err := Parse(deep, nil); !errors.Is(err, KindMalformed) || !strings.Contains(err.Error(), "nested") {
		t.Errorf("deep nesting: %v", err)
	}
	items := "<program>go</program><argv>" + strings.Repeat("<item>x</item>", MaxItems+1) + "</argv>"
	if _, err := Parse(call(ToolTerminalExec, items), nil); !errors.Is(err, KindTooLarge) {
		t.Errorf("too many items: %v", err)
	}
	long := "<path>" + strings.Repeat("a", MaxStringLen+1) + "</path>"
	if _, err := Parse(call(ToolFSRead, long), nil); !errors.Is(err, KindTooLarge) {
		t.Errorf("long path: %v", err)
	}
	turn, err := Parse(strings.Repeat(" ", 100)+call(ToolFSList, ""), nil)
	if err != nil || turn.Call == nil {
		t.Errorf("leading whitespace: %v", err)
	}
}

func TestNoToolKeepsMessage(t *testing.T) {
	turn, err := Parse("<agent_response><done>false</done><message>Which port?</message></agent_response>", nil)
	if !errors.Is(err, KindNoTool) || turn.Message != "Which port?" || turn.Call != nil {
		t.Fatalf("turn %+v, err %v", turn, err)
	}
}

// TestFormatTurnFromCanonical: a call replayed from the event log (only
// CanonicalArgs) formats to the same reply.
func TestFormatTurnFromCanonical(t *testing.T) {
	orig := mustParse(t, call(ToolFSEdit, "<path>a</path><edits><edit><old_text>x</old_text><new_text/></edit></edits>"))
	replay := Turn{Call: &event.ToolCall{Name: orig.Call.Name, CanonicalArgs: orig.Call.CanonicalArgs}}
	text, err := FormatTurn(replay, nil)
	if err != nil {
		t.Fatal(err)
	}
	again := mustParse(t, text)
	if !reflect.DeepEqual(again.Call.Args, orig.Call.Args) {
		t.Fatalf("replayed args %+v, want %+v", again.Call.Args, orig.Call.Args)
	}
	if _, err := FormatTurn(Turn{Call: &event.ToolCall{Name: "nope"}}, nil); !errors.Is(err, KindUnknownTool) {
		t.Errorf("unknown tool: %v", err)
	}
}

func TestFormatToolResultShape(t *testing.T) {
	code := 2
	r := event.ToolResult{
		Tool: ToolTerminalExec, Status: event.ToolError, ExitCode: &code, Signal: "SIGKILL", Duration: 1500 * time.Millisecond,
		Message: "exit 2", Stdout: "out ]]> end", Stderr: "err", StdoutCut: &event.Truncation{OriginalBytes: 9000, KeptBytes: 100},
		Data: json.RawMessage(`{"a":1}`), Changed: []string{"x.go"}, Diff: "--- a\n+++ b\n",
	}
	got := FormatToolResult(r)
	for _, want := range []string{
		`<tool_result name="terminal.exec" status="error" exit_code="2" signal="SIGKILL" duration_ms="1500">`,
		"<message><![CDATA[exit 2]]></message>",
		`<stdout truncated="true" original_bytes="9000" kept_bytes="100"><![CDATA[out ]]]]><![CDATA[> end]]></stdout>`,
		"<stderr><![CDATA[err]]></stderr>", `<data><![CDATA[{"a":1}]]></data>`, "<changed><item>x.go</item></changed>",
		"<diff><![CDATA[--- a\n+++ b\n]]></diff>",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("tool result lacks %q:\n%s", want, got)
		}
	}
	for status, note := range map[event.ToolStatus]string{event.ToolDenied: "Do not send the same call again",
		event.ToolUnknown: "not re-run", event.ToolTimeout: "time limit"} {
		if s := FormatToolResult(event.ToolResult{Tool: "t", Status: status}); !strings.Contains(s, note) {
			t.Errorf("%s: no note: %s", status, s)
		}
	}
	if _, err := ParseToolResult("no result here"); !errors.Is(err, KindNoRoot) {
		t.Errorf("ParseToolResult(garbage) = %v", err)
	}
	if _, err := ParseToolResult(`<tool_result name="x" status="ok" exit_code="zero"></tool_result>`); err == nil {
		t.Error("a bad exit code was accepted")
	}
}
