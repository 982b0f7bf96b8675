package protocol

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"github.com/wtagent/wtagent/session/event"
)

// FormatTurn renders a turn as the <agent_response> a model should send:
// the bootstrap's examples, the scripted model's fixtures and the round-trip
// tests use it. Parse(FormatTurn(t)) returns t's Done, Message and
// arguments. The calls written are t.Calls, or t.Call alone when Calls is
// empty. Optional arguments equal to their default are left out. When
// t.Call.Args is nil the arguments are taken from t.Call.CanonicalArgs (an
// event-log record). cat nil means DefaultCatalogue.
func FormatTurn(t Turn, cat *Catalogue) (string, error) {
	if cat == nil {
		cat = DefaultCatalogue()
	}
	var b strings.Builder
	b.WriteString("<agent_response>\n")
	fmt.Fprintf(&b, "<done>%t</done>\n", t.Done)
	b.WriteString("<message>")
	writeText(&b, t.Message)
	b.WriteString("</message>\n")
	calls := t.Calls
	if len(calls) == 0 && t.Call != nil {
		calls = []*event.ToolCall{t.Call}
	}
	for _, c := range calls {
		if err := writeCall(&b, c, cat); err != nil {
			return "", err
		}
	}
	b.WriteString("</agent_response>")
	return b.String(), nil
}

// writeCall writes one <tool_call> element.
func writeCall(b *strings.Builder, c *event.ToolCall, cat *Catalogue) error {
	spec, ok := cat.Lookup(c.Name)
	if !ok {
		return fmt.Errorf("protocol: format: %w: no tool %q", KindUnknownTool, c.Name)
	}
	b.WriteString("<tool_call")
	attr(b, "name", spec.Name)
	b.WriteString(">\n<args>\n")
	if err := writeCallArgs(b, spec, c); err != nil {
		return err
	}
	b.WriteString("</args>\n</tool_call>\n")
	return nil
}

// argsValue returns the argument struct as a reflect.Value.
func argsValue(spec ToolSpec, args any, canonical json.RawMessage) (reflect.Value, error) {
	if args == nil {
		if spec.New == nil {
			return reflect.Value{}, fmt.Errorf("protocol: format %s: no argument type", spec.Name)
		}
		args = spec.New()
		if len(canonical) > 0 {
			if err := json.Unmarshal(canonical, args); err != nil {
				return reflect.Value{}, fmt.Errorf("protocol: format %s: %w", spec.Name, err)
			}
		}
	}
	v := reflect.ValueOf(args)
	for v.Kind() == reflect.Pointer {
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return reflect.Value{}, fmt.Errorf("protocol: format %s: arguments are %T, not a struct", spec.Name, args)
	}
	return v, nil
}

// writeArgs writes the argument elements of struct v.
func writeArgs(b *strings.Builder, specs []ArgSpec, v reflect.Value) {
	fields := fieldsByTag(v.Type())
	form := chosenForm(specs, v, fields)
	for _, a := range specs {
		i, ok := fields[a.Name]
		if !ok || (a.Form != "" && a.Form != form) {
			continue
		}
		f := v.Field(i)
		if !a.Required && isDefault(a, f) {
			continue
		}
		b.WriteString("<" + a.Name + ">")
		switch a.Type {
		case ArgList:
			for j := 0; j < f.Len(); j++ {
				b.WriteString("<item>")
				writeText(b, f.Index(j).String())
				b.WriteString("</item>")
			}
		case ArgEdits:
			b.WriteString("\n")
			for j := 0; j < f.Len(); j++ {
				b.WriteString("<edit>\n")
				writeArgs(b, EditArgSpecs(), f.Index(j))
				b.WriteString("</edit>\n")
			}
		case ArgText:
			writeCDATA(b, f.String())
		default:
			writeText(b, scalarText(f))
		}
		b.WriteString("</" + a.Name + ">\n")
	}
}

// chosenForm is the form whose arguments are set, or the first form.
func chosenForm(specs []ArgSpec, v reflect.Value, fields map[string]int) string {
	all := forms(specs)
	for _, a := range specs {
		if i, ok := fields[a.Name]; ok && a.Form != "" && !v.Field(i).IsZero() {
			if v.Field(i).Kind() != reflect.Slice || v.Field(i).Len() > 0 {
				return a.Form
			}
		}
	}
	if len(all) > 0 {
		return all[0]
	}
	return ""
}

func scalarText(f reflect.Value) string {
	switch f.Kind() {
	case reflect.Int, reflect.Int64, reflect.Int32:
		return strconv.FormatInt(f.Int(), 10)
	case reflect.Bool:
		return strconv.FormatBool(f.Bool())
	}
	return f.String()
}

// isDefault reports whether f holds what an absent argument decodes to.
func isDefault(a ArgSpec, f reflect.Value) bool {
	switch a.Type {
	case ArgList, ArgEdits:
		return f.Len() == 0
	case ArgText:
		return f.String() == a.Default
	}
	text := scalarText(f)
	if a.Default == "" {
		return f.IsZero()
	}
	return text == a.Default
}
