package protocol

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
)

// The decoder's global caps, used where an ArgSpec's MaxLen is zero.
const (
	// MaxStringLen caps a string or enum argument, in bytes.
	MaxStringLen = 8 << 10
	// MaxTextLen caps a text argument, in bytes.
	MaxTextLen = 4 << 20
	// MaxItemLen caps one <item> of a list, in bytes.
	MaxItemLen = 128 << 10
	// MaxItems caps the items of a list and the edits of fs.edit.
	MaxItems = 1024
)

// EditArgSpecs declares the children of one <edit> inside fs.edit's <edits>,
// matching the arg tags of Edit.
func EditArgSpecs() []ArgSpec {
	return []ArgSpec{
		{Name: "old_text", Type: ArgText, Required: true, NonEmpty: true, Doc: "exact text to replace"},
		{Name: "new_text", Type: ArgText, Required: true, Doc: "replacement (may be empty)"},
		{Name: "replace_all", Type: ArgBool, Default: "false", Doc: "replace every occurrence"},
	}
}

// arg returns the spec of the named argument, or nil.
func (s ToolSpec) arg(name string) *ArgSpec {
	for i := range s.Args {
		if s.Args[i].Name == name {
			return &s.Args[i]
		}
	}
	return nil
}

func argNames(specs []ArgSpec) []string {
	names := make([]string, len(specs))
	for i, a := range specs {
		names[i] = a.Name
	}
	return names
}

// decodeArgs decodes a tool's <args> (nil when absent) into a new value of
// its argument struct, applying defaults and checking every rule.
func decodeArgs(spec ToolSpec, args *node) (any, *Error) {
	if spec.New == nil {
		return nil, argErr(KindUnknownTool, spec, "", 0, "the tool %s has no argument type (a catalogue bug).", spec.Name)
	}
	v := spec.New()
	rv := reflect.ValueOf(v)
	dyn, isDyn := v.(*DynamicArgs)
	if !isDyn && (rv.Kind() != reflect.Pointer || rv.Elem().Kind() != reflect.Struct) {
		return nil, argErr(KindUnknownTool, spec, "", 0, "the tool %s's argument type is not a struct pointer (a catalogue bug).", spec.Name)
	}
	if args == nil {
		args = &node{name: "args"}
	}
	if s := args.stray(); s != "" {
		return nil, argErr(KindUnexpected, spec, "", args.line, "<args> holds text %s; each argument is its own element, not JSON or attributes: "+
			"<args><%s>…</%s></args>.", preview(strings.TrimSpace(s)), firstArg(spec), firstArg(spec))
	}
	if isDyn {
		if perr := decodeDynamic(spec, args, *dyn); perr != nil {
			return nil, perr
		}
		return v, nil
	}
	if perr := decodeStruct(spec, spec.Args, args, rv.Elem(), ""); perr != nil {
		return nil, perr
	}
	return v, nil
}

func firstArg(spec ToolSpec) string {
	if len(spec.Args) == 0 {
		return "name"
	}
	return spec.Args[0].Name
}

// decodeStruct decodes the children of n into the struct rv by its arg
// tags. prefix is the argument path so far ("edits[2].") for messages.
func decodeStruct(spec ToolSpec, specs []ArgSpec, n *node, rv reflect.Value, prefix string) *Error {
	fields := fieldsByTag(rv.Type())
	seen := map[string]bool{}
	given := map[string]bool{}
	for _, k := range n.kids {
		a := findArg(specs, k.name)
		if a == nil {
			return unknownArg(spec, specs, k, prefix)
		}
		if seen[a.Name] {
			return argErr(KindDuplicate, spec, prefix+a.Name, k.line, "<%s> is given twice.", a.Name)
		}
		seen[a.Name] = true
		f, ok := fields[a.Name]
		if !ok {
			return argErr(KindUnknownArg, spec, prefix+a.Name, 0, "the argument %s has no field (a catalogue bug).", a.Name)
		}
		ok, perr := setArg(spec, *a, k, rv.Field(f), prefix+a.Name)
		if perr != nil {
			return perr
		}
		given[a.Name] = ok
	}
	form, perr := activeForm(spec, specs, seen, prefix)
	if perr != nil {
		return perr
	}
	for _, a := range specs {
		if given[a.Name] {
			continue
		}
		if a.Required && (a.Form == "" || a.Form == form) {
			if seen[a.Name] {
				return argErr(KindMissingArg, spec, prefix+a.Name, n.line, "%s <%s> is empty; it is required.", where(spec, prefix), a.Name)
			}
			return argErr(KindMissingArg, spec, prefix+a.Name, n.line, "%s needs <%s>.", where(spec, prefix), a.Name)
		}
		f, ok := fields[a.Name]
		if !ok {
			continue
		}
		if perr := setDefault(spec, a, rv.Field(f), prefix+a.Name); perr != nil {
			return perr
		}
	}
	return nil
}

func where(spec ToolSpec, prefix string) string {
	if prefix == "" {
		return spec.Name
	}
	return spec.Name + " " + strings.TrimSuffix(prefix, ".")
}

func findArg(specs []ArgSpec, name string) *ArgSpec {
	for i := range specs {
		if specs[i].Name == name {
			return &specs[i]
		}
	}
	return nil
}

func unknownArg(spec ToolSpec, specs []ArgSpec, k *node, prefix string) *Error {
	msg := fmt.Sprintf("%s has no argument <%s>.", where(spec, prefix), k.name)
	if len(specs) == 0 {
		msg = fmt.Sprintf("%s takes no arguments, got <%s>.", spec.Name, k.name)
	} else if s := similar(k.name, argNames(specs)); s != "" {
		msg += fmt.Sprintf(" Did you mean <%s>?", s)
	}
	return argErr(KindUnknownArg, spec, prefix+k.name, k.line, "%s", msg)
}

// forms returns the distinct forms of specs in order.
func forms(specs []ArgSpec) []string {
	var out []string
	for _, a := range specs {
		if a.Form != "" && !contains(out, a.Form) {
			out = append(out, a.Form)
		}
	}
	return out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// activeForm returns the argument form the call uses, or an error when it
// uses none or several.
func activeForm(spec ToolSpec, specs []ArgSpec, seen map[string]bool, prefix string) (string, *Error) {
	all := forms(specs)
	if len(all) == 0 {
		return "", nil
	}
	var used []string
	firstOf := map[string]string{}
	for _, a := range specs {
		if a.Form != "" && seen[a.Name] && !contains(used, a.Form) {
			used = append(used, a.Form)
			firstOf[a.Form] = a.Name
		}
	}
	switch len(used) {
	case 0:
		return "", argErr(KindMissingArg, spec, prefix+firstRequired(specs, all[0]), 0, "%s needs %s.", where(spec, prefix), formChoice(specs))
	case 1:
		return used[0], nil
	}
	return "", argErr(KindBadValue, spec, prefix+firstOf[used[1]], 0, "%s takes %s, not both: <%s> and <%s> were both given.",
		where(spec, prefix), formChoice(specs), firstOf[used[0]], firstOf[used[1]])
}

func firstRequired(specs []ArgSpec, form string) string {
	for _, a := range specs {
		if a.Form == form && a.Required {
			return a.Name
		}
	}
	return ""
}

// formChoice describes the alternative forms: "either <old_text> and
// <new_text>, or <edits>".
func formChoice(specs []ArgSpec) string {
	var alts []string
	for _, f := range forms(specs) {
		var req []string
		for _, a := range specs {
			if a.Form == f && a.Required {
				req = append(req, "<"+a.Name+">")
			}
		}
		alts = append(alts, strings.Join(req, " and "))
	}
	return "either " + strings.Join(alts, ", or ")
}

// fieldsByTag maps arg tags to field indexes.
func fieldsByTag(t reflect.Type) map[string]int {
	m := make(map[string]int, t.NumField())
	for i := 0; i < t.NumField(); i++ {
		if tag := t.Field(i).Tag.Get("arg"); tag != "" {
			m[tag] = i
		}
	}
	return m
}

// setArg decodes one argument element into field f. It reports false when
// a scalar argument is empty, which counts as absent.
func setArg(spec ToolSpec, a ArgSpec, k *node, f reflect.Value, path string) (bool, *Error) {
	switch a.Type {
	case ArgList:
		return true, setList(spec, a, k, f, path)
	case ArgEdits:
		return true, setEdits(spec, a, k, f, path)
	}
	if len(k.kids) > 0 {
		return false, argErr(KindBadType, spec, path, k.line, "<%s> holds the element <%s>; it must be %s. Put markup in CDATA.",
			a.Name, k.kids[0].name, typeName(a))
	}
	raw := k.value()
	if a.Type == ArgText {
		return true, setText(spec, a, raw, f, path, k.line)
	}
	v := strings.Trim(raw, " \t\r\n")
	switch {
	case v == "":
		return false, nil
	case a.Type == ArgJSON:
		return true, setJSON(spec, a, v, f, path, k.line)
	}
	return true, setScalar(spec, a, v, f, path, k.line)
}

func setText(spec ToolSpec, a ArgSpec, v string, f reflect.Value, path string, line int) *Error {
	if max := maxLen(a); len(v) > max {
		return argErr(KindTooLarge, spec, path, line, "<%s> is %d bytes; the limit is %d.", a.Name, len(v), max)
	}
	if a.NonEmpty && v == "" {
		return argErr(KindBadValue, spec, path, line, "<%s> must not be empty.", a.Name)
	}
	f.SetString(v)
	return nil
}

// setScalar decodes a trimmed, non-empty string, int, bool or enum.
func setScalar(spec ToolSpec, a ArgSpec, v string, f reflect.Value, path string, line int) *Error {
	switch a.Type {
	case ArgString, ArgEnum:
		if max := maxLen(a); len(v) > max {
			return argErr(KindTooLarge, spec, path, line, "<%s> is %d bytes; the limit is %d.", a.Name, len(v), max)
		}
		if a.Type == ArgEnum {
			if !contains(a.Enum, v) {
				return argErr(KindBadValue, spec, path, line, "<%s> must be one of %s; got %s.", a.Name, strings.Join(a.Enum, ", "), preview(v))
			}
		} else if i := strings.IndexFunc(v, func(r rune) bool { return r < 0x20 && r != '\t' || r == 0x7F }); i >= 0 {
			what := "a control character"
			if v[i] == '\n' || v[i] == '\r' {
				what = "a line break"
			}
			return argErr(KindBadValue, spec, path, line, "<%s> is a one-line string but holds %s.", a.Name, what)
		}
		f.SetString(v)
	case ArgInt:
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return argErr(KindBadType, spec, path, line, "<%s> must be a whole number, got %s.", a.Name, preview(v))
		}
		if a.Max > a.Min && (n < int64(a.Min) || n > int64(a.Max)) {
			return argErr(KindBadValue, spec, path, line, "<%s> must be between %d and %d, got %d.", a.Name, a.Min, a.Max, n)
		}
		f.SetInt(n)
	case ArgNumber:
		return setNumber(spec, a, v, f, path, line)
	case ArgBool:
		switch strings.ToLower(v) {
		case "true":
			f.SetBool(true)
		case "false":
			f.SetBool(false)
		default:
			return argErr(KindBadType, spec, path, line, "<%s> must be true or false, got %s.", a.Name, preview(v))
		}
	default:
		return argErr(KindBadType, spec, path, 0, "the argument %s has the unknown type %q (a catalogue bug).", a.Name, a.Type)
	}
	return nil
}

func setList(spec ToolSpec, a ArgSpec, k *node, f reflect.Value, path string) *Error {
	if s := k.stray(); s != "" {
		return argErr(KindBadType, spec, path, k.line, "<%s> is a list: put each element in its own <item>, "+
			"e.g. <%s><item>first</item><item>second</item></%s>; got the text %s.", a.Name, a.Name, a.Name, preview(strings.TrimSpace(s)))
	}
	if len(k.kids) > MaxItems {
		return argErr(KindTooLarge, spec, path, k.line, "<%s> has %d items; the limit is %d.", a.Name, len(k.kids), MaxItems)
	}
	items := make([]string, 0, len(k.kids))
	for i, it := range k.kids {
		ipath := fmt.Sprintf("%s[%d]", path, i+1)
		if it.name != "item" {
			return argErr(KindBadType, spec, ipath, it.line, "<%s> holds <%s>; a list holds only <item> elements.", a.Name, it.name)
		}
		if len(it.kids) > 0 {
			return argErr(KindBadType, spec, ipath, it.line, "an <item> of <%s> holds the element <%s>; an item is text. Put markup in CDATA.",
				a.Name, it.kids[0].name)
		}
		v := it.value()
		if max := maxLen(a); len(v) > max {
			return argErr(KindTooLarge, spec, ipath, it.line, "item %d of <%s> is %d bytes; the limit is %d.", i+1, a.Name, len(v), max)
		}
		items = append(items, v)
	}
	if f.Kind() != reflect.Slice || f.Type().Elem().Kind() != reflect.String {
		return argErr(KindBadType, spec, path, 0, "the argument %s is not a string list field (a catalogue bug).", a.Name)
	}
	f.Set(reflect.ValueOf(items).Convert(f.Type()))
	return nil
}

func setEdits(spec ToolSpec, a ArgSpec, k *node, f reflect.Value, path string) *Error {
	if s := k.stray(); s != "" {
		return argErr(KindBadType, spec, path, k.line, "<%s> holds the text %s; it holds <edit> elements, each with <old_text> and <new_text>.",
			a.Name, preview(strings.TrimSpace(s)))
	}
	if len(k.kids) == 0 {
		return argErr(KindBadValue, spec, path, k.line, "<%s> has no <edit>; give at least one.", a.Name)
	}
	if len(k.kids) > MaxItems {
		return argErr(KindTooLarge, spec, path, k.line, "<%s> has %d edits; the limit is %d.", a.Name, len(k.kids), MaxItems)
	}
	if f.Kind() != reflect.Slice || f.Type().Elem().Kind() != reflect.Struct {
		return argErr(KindBadType, spec, path, 0, "the argument %s is not a list of structs (a catalogue bug).", a.Name)
	}
	out := reflect.MakeSlice(f.Type(), len(k.kids), len(k.kids))
	for i, e := range k.kids {
		epath := fmt.Sprintf("%s[%d]", path, i+1)
		if e.name != "edit" {
			return argErr(KindBadType, spec, epath, e.line, "<%s> holds <%s>; it holds only <edit> elements.", a.Name, e.name)
		}
		if s := e.stray(); s != "" {
			return argErr(KindBadType, spec, epath, e.line, "an <edit> holds the text %s; put it in <old_text> and <new_text>.",
				preview(strings.TrimSpace(s)))
		}
		if perr := decodeStruct(spec, EditArgSpecs(), e, out.Index(i), epath+"."); perr != nil {
			return perr
		}
	}
	f.Set(out)
	return nil
}

// setDefault gives an absent argument its default (lists become empty, not
// nil, so that canonical arguments do not depend on how absence was
// written).
func setDefault(spec ToolSpec, a ArgSpec, f reflect.Value, path string) *Error {
	switch a.Type {
	case ArgList:
		if f.Kind() == reflect.Slice {
			f.Set(reflect.MakeSlice(f.Type(), 0, 0))
		}
		return nil
	case ArgEdits:
		return nil
	case ArgText:
		if a.Default == "" {
			return nil
		}
		return setText(spec, a, a.Default, f, path, 0)
	}
	if a.Default == "" {
		return nil
	}
	return setScalar(spec, a, a.Default, f, path, 0)
}

func maxLen(a ArgSpec) int {
	if a.MaxLen > 0 {
		return a.MaxLen
	}
	switch a.Type {
	case ArgText, ArgJSON:
		return MaxTextLen
	case ArgList:
		return MaxItemLen
	}
	return MaxStringLen
}
