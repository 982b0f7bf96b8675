package mcpclient

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/wtagent/wtagent/protocol"
	"github.com/wtagent/wtagent/session/event"
)

// schema decodes a JSON Schema the way the client receives one.
func schema(t *testing.T, s string) any {
	t.Helper()
	var v any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestSpecMapsTheInputSchema(t *testing.T) {
	tool := &mcp.Tool{Name: "search", Title: "Search docs", Description: "Find pages.\n  Returns URLs.",
		InputSchema: schema(t, `{"type":"object","required":["query","limit"],"properties":{
			"query":{"type":"string","description":"what to find"},
			"limit":{"type":"integer","minimum":1,"maximum":50},
			"score":{"type":"number"},
			"exact":{"type":["boolean","null"]},
			"kind":{"type":"string","enum":["api","guide"]},
			"tags":{"type":"array","items":{"type":"string"}},
			"ids":{"type":"array","items":{"type":"integer"}},
			"filter":{"type":"object","properties":{"a":{"type":"string"}}},
			"any":{}
		}}`)}
	spec, err := Spec("docs", tool, false, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, a := range spec.Args {
		got = append(got, a.Name+":"+string(a.Type)+map[bool]string{true: "!", false: ""}[a.Required])
	}
	want := "query:text! limit:int! any:json exact:bool filter:json ids:json kind:enum score:number tags:list"
	if strings.Join(got, " ") != want {
		t.Fatalf("arguments %q, want %q", strings.Join(got, " "), want)
	}
	if spec.Name != "mcp.docs.search" || spec.Description != "Search docs. Find pages. Returns URLs. (MCP server docs)" {
		t.Fatalf("name %q, description %q", spec.Name, spec.Description)
	}
	if spec.Args[1].Min != 1 || spec.Args[1].Max != 50 || spec.Args[0].Doc != "what to find" {
		t.Fatalf("limit bounds %d–%d, query doc %q", spec.Args[1].Min, spec.Args[1].Max, spec.Args[0].Doc)
	}
	if spec.ReadOnly || spec.Risk != event.RiskExternal || spec.Timeout != time.Minute {
		t.Fatalf("read-only %v, risk %s, timeout %s", spec.ReadOnly, spec.Risk, spec.Timeout)
	}
	if err := protocol.NewCatalogue(spec).Validate(); err != nil {
		t.Fatalf("the spec does not validate: %v", err)
	}
}

func TestSpecReadOnlyOnlyWhenTrusted(t *testing.T) {
	tool := &mcp.Tool{Name: "get", InputSchema: schema(t, `{"type":"object"}`), Annotations: &mcp.ToolAnnotations{ReadOnlyHint: true}}
	for _, trusted := range []bool{false, true} {
		spec, err := Spec("s", tool, trusted, time.Minute)
		if err != nil {
			t.Fatal(err)
		}
		if spec.ReadOnly != trusted || (spec.Risk == event.RiskRead) != trusted {
			t.Errorf("trusted %v: read-only %v, risk %s", trusted, spec.ReadOnly, spec.Risk)
		}
	}
}

func TestSpecRefusesWhatXMLCannotCarry(t *testing.T) {
	for _, s := range []string{
		`{"type":"object","properties":{"a b":{"type":"string"}}}`,
		`{"type":"object","properties":{"1st":{"type":"string"}}}`,
		`{"type":"array"}`,
		`"not a schema"`,
	} {
		_, err := Spec("s", &mcp.Tool{Name: "t", InputSchema: schema(t, s)}, false, time.Minute)
		if !errors.Is(err, ErrSchema) || !strings.Contains(err.Error(), "mcp.s.t") {
			t.Errorf("%s: %v, want ErrSchema naming the tool", s, err)
		}
	}
}

// TestSpecCallsParse: a call of a mapped tool, written as the prompt
// describes it, parses into the JSON the server expects.
func TestSpecCallsParse(t *testing.T) {
	tool := &mcp.Tool{Name: "tag", InputSchema: schema(t, `{"type":"object","required":["labels"],"properties":{
		"labels":{"type":"array","items":{"type":"string"}},"meta":{"type":"object"},"n":{"type":"integer"}}}`)}
	spec, err := Spec("t", tool, false, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	reply := `<agent_response><done>false</done><message>Tag.</message><tool_call name="mcp.t.tag"><args>` +
		`<labels><item>a</item><item>b c</item></labels><meta>{"k": [1, 2]}</meta><n>7</n></args></tool_call></agent_response>`
	turn, err := protocol.Parse(reply, protocol.NewCatalogue(append(protocol.DefaultCatalogue().Specs(), spec)...))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := string(turn.Call.CanonicalArgs), `{"labels":["a","b c"],"meta":{"k":[1,2]},"n":7}`; got != want {
		t.Fatalf("arguments %s, want %s", got, want)
	}
}
