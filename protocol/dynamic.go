package protocol

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/wtagent/wtagent/session/event"
)

// DynamicArgs are the arguments of a tool declared at run time (an MCP
// server's tool): argument name → decoded value. A given argument holds a
// string (string, text, enum), an int64, a float64 (number), a bool, a
// []string (list) or a json.RawMessage (JSON); an absent one has no key,
// so the tool applies its own defaults. It encodes as the JSON object the
// tool receives.
type DynamicArgs map[string]any

// NewDynamicArgs is the New of a tool whose arguments are DynamicArgs.
func NewDynamicArgs() any { return &DynamicArgs{} }

// isDynamic reports whether spec's arguments decode into DynamicArgs.
func isDynamic(spec ToolSpec) bool {
	if spec.New == nil {
		return false
	}
	_, ok := spec.New().(*DynamicArgs)
	return ok
}

// dynamicType is the Go type a dynamic argument of type t decodes into.
func dynamicType(t ArgType) (reflect.Type, bool) {
	switch t {
	case ArgString, ArgText, ArgEnum:
		return reflect.TypeFor[string](), true
	case ArgInt:
		return reflect.TypeFor[int64](), true
	case ArgNumber:
		return reflect.TypeFor[float64](), true
	case ArgBool:
		return reflect.TypeFor[bool](), true
	case ArgList:
		return reflect.TypeFor[[]string](), true
	case ArgJSON:
		return reflect.TypeFor[json.RawMessage](), true
	}
	return nil, false
}

// decodeDynamic decodes the children of n into out by the spec's
// arguments, with the same checks as a typed tool's; defaults are not
// applied (the tool owns them).
func decodeDynamic(spec ToolSpec, n *node, out DynamicArgs) *Error {
	seen := map[string]bool{}
	for _, k := range n.kids {
		a := findArg(spec.Args, k.name)
		if a == nil {
			return unknownArg(spec, spec.Args, k, "")
		}
		if seen[a.Name] {
			return argErr(KindDuplicate, spec, a.Name, k.line, "<%s> is given twice.", a.Name)
		}
		seen[a.Name] = true
		t, ok := dynamicType(a.Type)
		if !ok {
			return argErr(KindBadType, spec, a.Name, 0, "the argument %s has the type %q, which a run-time tool cannot take (a catalogue bug).", a.Name, a.Type)
		}
		v := reflect.New(t).Elem()
		given, perr := setArg(spec, *a, k, v, a.Name)
		if perr != nil {
			return perr
		}
		if given {
			out[a.Name] = v.Interface()
		}
	}
	for _, a := range spec.Args {
		if _, ok := out[a.Name]; !ok && a.Required {
			if seen[a.Name] {
				return argErr(KindMissingArg, spec, a.Name, n.line, "%s <%s> is empty; it is required.", spec.Name, a.Name)
			}
			return argErr(KindMissingArg, spec, a.Name, n.line, "%s needs <%s>.", spec.Name, a.Name)
		}
	}
	return nil
}

// setJSON decodes a JSON argument: any JSON value, kept compact.
func setJSON(spec ToolSpec, a ArgSpec, v string, f reflect.Value, path string, line int) *Error {
	if max := maxLen(a); len(v) > max {
		return argErr(KindTooLarge, spec, path, line, "<%s> is %d bytes; the limit is %d.", a.Name, len(v), max)
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, []byte(v)); err != nil {
		return argErr(KindBadType, spec, path, line, "<%s> must be JSON text (e.g. {\"key\": \"value\"}), got %s.", a.Name, preview(v))
	}
	f.SetBytes(compact.Bytes())
	return nil
}

// setNumber decodes a finite decimal number.
func setNumber(spec ToolSpec, a ArgSpec, v string, f reflect.Value, path string, line int) *Error {
	n, err := strconv.ParseFloat(v, 64)
	if err != nil || !json.Valid([]byte(v)) {
		return argErr(KindBadType, spec, path, line, "<%s> must be a number such as 3 or 2.5, got %s.", a.Name, preview(v))
	}
	f.SetFloat(n)
	return nil
}

// writeDynamicArgs writes the argument elements of a dynamic tool's call
// from its JSON arguments, in the spec's order.
func writeDynamicArgs(b *strings.Builder, specs []ArgSpec, args map[string]any) {
	for _, a := range specs {
		v, ok := args[a.Name]
		if !ok {
			continue
		}
		b.WriteString("<" + a.Name + ">")
		switch a.Type {
		case ArgList:
			items, _ := v.([]any)
			for _, it := range items {
				b.WriteString("<item>")
				writeText(b, fmt.Sprint(it))
				b.WriteString("</item>")
			}
		case ArgText:
			writeCDATA(b, fmt.Sprint(v))
		case ArgJSON:
			raw, _ := json.Marshal(v)
			writeCDATA(b, string(raw))
		case ArgInt, ArgNumber:
			f, _ := v.(float64)
			writeText(b, strconv.FormatFloat(f, 'f', -1, 64))
		default:
			writeText(b, fmt.Sprint(v))
		}
		b.WriteString("</" + a.Name + ">\n")
	}
}

// writeCallArgs writes the argument elements of call c of spec.
func writeCallArgs(b *strings.Builder, spec ToolSpec, c *event.ToolCall) error {
	if !isDynamic(spec) {
		args, err := argsValue(spec, c.Args, c.CanonicalArgs)
		if err != nil {
			return err
		}
		writeArgs(b, spec.Args, args)
		return nil
	}
	raw := c.CanonicalArgs
	if d, ok := c.Args.(*DynamicArgs); ok && d != nil {
		var err error
		if raw, err = json.Marshal(d); err != nil {
			return fmt.Errorf("protocol: format %s: %w", spec.Name, err)
		}
	}
	var args map[string]any
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &args); err != nil {
			return fmt.Errorf("protocol: format %s: %w", spec.Name, err)
		}
	}
	writeDynamicArgs(b, spec.Args, args)
	return nil
}

// validateDynamic checks a run-time tool's arguments: unique names, types
// a DynamicArgs value can hold, enums with values.
func validateDynamic(s ToolSpec) error {
	names := map[string]bool{}
	for _, a := range s.Args {
		if a.Name == "" || names[a.Name] {
			return fmt.Errorf("argument %q: empty or given twice", a.Name)
		}
		names[a.Name] = true
		if _, ok := dynamicType(a.Type); !ok {
			return fmt.Errorf("argument %q: a run-time tool cannot take the type %q", a.Name, a.Type)
		}
		if a.Type == ArgEnum && len(a.Enum) == 0 {
			return fmt.Errorf("argument %q: an enum without values", a.Name)
		}
		if a.Form != "" || a.Default != "" {
			return fmt.Errorf("argument %q: a run-time tool's arguments have no forms or defaults", a.Name)
		}
	}
	return nil
}
