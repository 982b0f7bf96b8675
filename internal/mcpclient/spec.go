package mcpclient

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/wtagent/wtagent/protocol"
	"github.com/wtagent/wtagent/session/event"
)

// Catalogue limits of an MCP tool.
const (
	// DescriptionLimit is the most bytes of a tool's description in the
	// prompt; ArgDocLimit the most of one argument's.
	DescriptionLimit = 600
	ArgDocLimit      = 160
	// OutputLimit is the most bytes of one MCP result sent to the model.
	OutputLimit = 32 << 10
)

// ErrSchema means a tool's input schema cannot be offered as XML
// arguments (its argument names are not XML names, or it is not an
// object schema).
var ErrSchema = errors.New("mcp: input schema not expressible as arguments")

// argName is what an argument name must look like to be an XML element.
var argName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_.-]{0,63}$`)

// Spec returns the catalogue entry of one of server's tools: the name
// mcp.SERVER.TOOL, its description, its arguments from the input schema
// (strings as text, integers, numbers, booleans, enums of strings, lists
// of strings as <item>s, anything else as JSON text) and its treatment:
// read-only (batched with reads, re-run on resume) only when the tool says
// readOnlyHint and trusted is set.
func Spec(server string, t *mcp.Tool, trusted bool, timeout time.Duration) (protocol.ToolSpec, error) {
	args, err := schemaArgs(t.InputSchema)
	if err != nil {
		return protocol.ToolSpec{}, fmt.Errorf("%s: %w", ToolName(server, t.Name), err)
	}
	spec := protocol.ToolSpec{
		Name:        ToolName(server, t.Name),
		Description: describeTool(server, t),
		Args:        args,
		Risk:        event.RiskExternal,
		Timeout:     timeout,
		OutputLimit: OutputLimit,
		New:         protocol.NewDynamicArgs,
	}
	if a := t.Annotations; a != nil && a.ReadOnlyHint && trusted {
		spec.Risk, spec.ReadOnly = event.RiskRead, true
	}
	return spec, nil
}

// describeTool is the tool's description for the prompt: its title and
// description, cut to DescriptionLimit, and the server it runs on.
func describeTool(server string, t *mcp.Tool) string {
	d := strings.Join(strings.Fields(t.Description), " ")
	if t.Title != "" && !strings.Contains(d, t.Title) {
		d = strings.TrimSpace(t.Title + ". " + d)
	}
	return cutDoc(d, DescriptionLimit) + " (MCP server " + server + ")"
}

// schemaArgs maps an object schema's properties to arguments: the
// required ones first in the schema's order, then the others by name.
func schemaArgs(schema any) ([]protocol.ArgSpec, error) {
	obj, err := asObject(schema)
	if err != nil {
		return nil, err
	}
	if typ, ok := obj["type"].(string); ok && typ != "object" {
		return nil, fmt.Errorf("%w: the schema's type is %q, not object", ErrSchema, typ)
	}
	props, _ := obj["properties"].(map[string]any)
	var required []string
	if list, ok := obj["required"].([]any); ok {
		for _, r := range list {
			if s, ok := r.(string); ok && props[s] != nil && !slices.Contains(required, s) {
				required = append(required, s)
			}
		}
	}
	names := make([]string, 0, len(props))
	for name := range props {
		if !slices.Contains(required, name) {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	args := make([]protocol.ArgSpec, 0, len(props))
	for _, name := range append(required, names...) {
		if !argName.MatchString(name) {
			return nil, fmt.Errorf("%w: the argument name %q is not an XML element name", ErrSchema, name)
		}
		prop, _ := props[name].(map[string]any)
		a := propArg(name, prop)
		a.Required = slices.Contains(required, name)
		args = append(args, a)
	}
	return args, nil
}

// asObject decodes a schema given as a map, raw JSON or any JSON-encodable
// value into a map.
func asObject(schema any) (map[string]any, error) {
	if schema == nil {
		return map[string]any{}, nil
	}
	if m, ok := schema.(map[string]any); ok {
		return m, nil
	}
	raw, ok := schema.(json.RawMessage)
	if !ok {
		var err error
		if raw, err = json.Marshal(schema); err != nil {
			return nil, fmt.Errorf("%w: %v", ErrSchema, err)
		}
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, fmt.Errorf("%w: not a JSON object", ErrSchema)
	}
	return m, nil
}

// propArg maps one property's schema to an argument.
func propArg(name string, prop map[string]any) protocol.ArgSpec {
	a := protocol.ArgSpec{Name: name, Type: protocol.ArgJSON, Doc: cutDoc(strings.Join(strings.Fields(str(prop["description"])), " "), ArgDocLimit)}
	switch schemaType(prop) {
	case "string":
		a.Type = protocol.ArgText
		if enum := stringList(prop["enum"]); len(enum) > 0 {
			a.Type, a.Enum = protocol.ArgEnum, enum
		}
		if n, ok := prop["maxLength"].(float64); ok && n > 0 && n < protocol.MaxTextLen {
			a.MaxLen = int(n)
		}
	case "integer":
		a.Type = protocol.ArgInt
		lo, okLo := prop["minimum"].(float64)
		hi, okHi := prop["maximum"].(float64)
		if okLo && okHi && lo < hi && lo == math.Trunc(lo) && hi == math.Trunc(hi) && lo >= math.MinInt32 && hi <= math.MaxInt32 {
			a.Min, a.Max = int(lo), int(hi)
		}
	case "number":
		a.Type = protocol.ArgNumber
	case "boolean":
		a.Type = protocol.ArgBool
	case "array":
		items, _ := prop["items"].(map[string]any)
		if t := schemaType(items); (t == "string" || items == nil) && len(stringList(items["enum"])) == 0 {
			a.Type = protocol.ArgList
		}
	}
	if a.Type == protocol.ArgJSON && a.Doc == "" {
		a.Doc = "JSON"
	}
	return a
}

// schemaType is the property's one type: "type" as a string, or a list of
// one type besides "null"; "" otherwise.
func schemaType(prop map[string]any) string {
	switch t := prop["type"].(type) {
	case string:
		return t
	case []any:
		var one string
		for _, x := range t {
			s, _ := x.(string)
			if s == "null" {
				continue
			}
			if one != "" {
				return ""
			}
			one = s
		}
		return one
	}
	return ""
}

// str returns v as a string, or "".
func str(v any) string {
	s, _ := v.(string)
	return s
}

// stringList returns v as a list of strings, or nil when it is not one.
func stringList(v any) []string {
	list, ok := v.([]any)
	if !ok {
		return nil
	}
	out := make([]string, 0, len(list))
	for _, x := range list {
		s, ok := x.(string)
		if !ok {
			return nil
		}
		out = append(out, s)
	}
	return out
}

// cutDoc shortens s to at most n bytes on a rune boundary, with an ellipsis.
func cutDoc(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:runeStart(s, n-len("…"))] + "…"
}
