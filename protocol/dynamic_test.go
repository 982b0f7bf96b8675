package protocol

import (
	"errors"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/session/event"
)

// dynamicCatalogue is the built-in tools plus one run-time tool taking
// every argument type a DynamicArgs value holds.
func dynamicCatalogue(t *testing.T) *Catalogue {
	t.Helper()
	spec := ToolSpec{
		Name: "mcp.docs.search", Description: "Search the docs.",
		Args: []ArgSpec{
			{Name: "query", Type: ArgString, Required: true},
			{Name: "body", Type: ArgText},
			{Name: "kind", Type: ArgEnum, Enum: []string{"api", "guide"}},
			{Name: "limit", Type: ArgInt},
			{Name: "score", Type: ArgNumber},
			{Name: "exact", Type: ArgBool},
			{Name: "tags", Type: ArgList},
			{Name: "filter", Type: ArgJSON},
		},
		Risk: event.RiskExternal, New: NewDynamicArgs,
	}
	cat := NewCatalogue(append(DefaultCatalogue().Specs(), spec)...)
	if err := cat.Validate(); err != nil {
		t.Fatal(err)
	}
	return cat
}

func dynamicReply(args string) string {
	return "<agent_response><done>false</done><message>Searching.</message>" +
		`<tool_call name="mcp.docs.search"><args>` + args + "</args></tool_call></agent_response>"
}

func TestDynamicArgsDecode(t *testing.T) {
	cat := dynamicCatalogue(t)
	tests := []struct {
		name, args, want string
	}{
		{"required only", "<query>go mod</query>", `{"query":"go mod"}`},
		{"every type", "<query>q</query><body><![CDATA[a <b>\n]]></body><kind>api</kind><limit>5</limit><score>2.5</score>" +
			"<exact>true</exact><tags><item>x</item><item>y</item></tags><filter>{ \"since\": 2024, \"in\": [\"a\"] }</filter>",
			`{"body":"a <b>\n","exact":true,"filter":{"in":["a"],"since":2024},"kind":"api","limit":5,"query":"q","score":2.5,"tags":["x","y"]}`},
		{"json scalar and empty list", "<query>q</query><filter>null</filter><tags></tags>", `{"filter":null,"query":"q","tags":[]}`},
		{"empty scalars are absent", "<query>q</query><limit> </limit><kind></kind>", `{"query":"q"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			turn, err := Parse(dynamicReply(tt.args), cat)
			if err != nil {
				t.Fatal(err)
			}
			if got := string(turn.Call.CanonicalArgs); got != tt.want {
				t.Fatalf("args %s, want %s", got, tt.want)
			}
			if _, ok := turn.Call.Args.(*DynamicArgs); !ok {
				t.Fatalf("args are %T, want *DynamicArgs", turn.Call.Args)
			}
		})
	}
}

func TestDynamicArgsErrors(t *testing.T) {
	cat := dynamicCatalogue(t)
	tests := []struct {
		name, args string
		kind       ErrorKind
		msg        string
	}{
		{"missing required", "<limit>3</limit>", KindMissingArg, "needs <query>"},
		{"unknown argument", "<query>q</query><querry>x</querry>", KindUnknownArg, "Did you mean <query>?"},
		{"not a number", "<query>q</query><score>lots</score>", KindBadType, "must be a number"},
		{"infinite number", "<query>q</query><score>1e400</score>", KindBadType, "must be a number"},
		{"not JSON", "<query>q</query><filter>{since: 2024}</filter>", KindBadType, "must be JSON text"},
		{"bad enum", "<query>q</query><kind>blog</kind>", KindBadValue, "must be one of api, guide"},
		{"whole number", "<query>q</query><limit>2.5</limit>", KindBadType, "whole number"},
		{"twice", "<query>q</query><query>r</query>", KindDuplicate, "given twice"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(dynamicReply(tt.args), cat)
			var perr *Error
			if !errors.As(err, &perr) {
				t.Fatalf("err %v, want a protocol error", err)
			}
			if perr.Kind != tt.kind || !strings.Contains(perr.Msg, tt.msg) {
				t.Fatalf("got %s %q, want %s containing %q", perr.Kind, perr.Msg, tt.kind, tt.msg)
			}
		})
	}
}

// TestDynamicArgsFormatRoundTrip: a run-time tool's call formatted back
// into XML parses to the same canonical arguments.
func TestDynamicArgsFormatRoundTrip(t *testing.T) {
	cat := dynamicCatalogue(t)
	turn, err := Parse(dynamicReply("<query>a &amp; b</query><body>x]]&gt;y</body><limit>7</limit><score>-0.5</score>"+
		"<tags><item>1</item></tags><filter>[1,{\"k\":\"v\"}]</filter><exact>false</exact>"), cat)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []*event.ToolCall{turn.Call, {Name: turn.Call.Name, CanonicalArgs: turn.Call.CanonicalArgs}} {
		text, err := FormatTurn(Turn{Message: "again", Call: c}, cat)
		if err != nil {
			t.Fatal(err)
		}
		again, err := Parse(text, cat)
		if err != nil {
			t.Fatalf("%v\n%s", err, text)
		}
		if string(again.Call.CanonicalArgs) != string(turn.Call.CanonicalArgs) {
			t.Fatalf("round trip %s, want %s\n%s", again.Call.CanonicalArgs, turn.Call.CanonicalArgs, text)
		}
	}
}

func TestValidateDynamicRefuses(t *testing.T) {
	for _, a := range []ArgSpec{
		{Name: "e", Type: ArgEdits},
		{Name: "k", Type: ArgEnum},
		{Name: "d", Type: ArgString, Default: "x"},
	} {
		cat := NewCatalogue(ToolSpec{Name: "mcp.s.t", Args: []ArgSpec{a}, New: NewDynamicArgs})
		if err := cat.Validate(); err == nil {
			t.Errorf("argument %+v: no error", a)
		}
	}
}
