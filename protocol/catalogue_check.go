package protocol

import (
	"errors"
	"fmt"
	"reflect"
)

// Validate checks that the catalogue is consistent: unique tool and
// argument names, an argument struct whose arg tags and Go types match the
// ArgSpecs one to one, enums with values, defaults that decode, and forms
// with a required argument each. DefaultCatalogue passes; a test keeps it
// so.
func (c *Catalogue) Validate() error {
	var errs []error
	seen := map[string]bool{}
	for _, s := range c.specs {
		if s.Name == "" || seen[s.Name] {
			errs = append(errs, fmt.Errorf("tool %q: empty or duplicate name", s.Name))
		}
		seen[s.Name] = true
		if err := validateSpec(s); err != nil {
			errs = append(errs, fmt.Errorf("tool %s: %w", s.Name, err))
		}
	}
	return errors.Join(errs...)
}

func validateSpec(s ToolSpec) error {
	if s.New == nil {
		return errors.New("no New")
	}
	if isDynamic(s) {
		return validateDynamic(s)
	}
	v := reflect.ValueOf(s.New())
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return fmt.Errorf("the tool's New returns %T, not a struct pointer", s.New())
	}
	if err := validateArgs(s, s.Args, v.Elem().Type()); err != nil {
		return err
	}
	for _, f := range forms(s.Args) {
		if firstRequired(s.Args, f) == "" {
			return fmt.Errorf("form %q has no required argument", f)
		}
	}
	if len(forms(s.Args)) == 1 {
		return errors.New("a single form is pointless: forms are alternatives")
	}
	return nil
}

// validateArgs checks specs against the struct type t.
func validateArgs(s ToolSpec, specs []ArgSpec, t reflect.Type) error {
	fields := fieldsByTag(t)
	names := map[string]bool{}
	for _, a := range specs {
		if names[a.Name] {
			return fmt.Errorf("argument %q given twice", a.Name)
		}
		names[a.Name] = true
		i, ok := fields[a.Name]
		if !ok {
			return fmt.Errorf("argument %q has no field tagged arg:%q", a.Name, a.Name)
		}
		ft := t.Field(i).Type
		if err := checkType(a, ft); err != nil {
			return fmt.Errorf("argument %q: %w", a.Name, err)
		}
		if a.Type == ArgEnum && len(a.Enum) == 0 {
			return fmt.Errorf("argument %q: an enum without values", a.Name)
		}
		if a.Type == ArgEdits {
			if err := validateArgs(s, EditArgSpecs(), ft.Elem()); err != nil {
				return fmt.Errorf("argument %q: %w", a.Name, err)
			}
		}
		if a.Default != "" {
			probe := reflect.New(ft).Elem()
			if perr := setDefault(s, a, probe, a.Name); perr != nil {
				return fmt.Errorf("argument %q: default %q: %s", a.Name, a.Default, perr.Msg)
			}
		}
	}
	for tag := range fields {
		if !names[tag] {
			return fmt.Errorf("field tagged arg:%q has no ArgSpec", tag)
		}
	}
	return nil
}

func checkType(a ArgSpec, t reflect.Type) error {
	want := map[ArgType]reflect.Kind{
		ArgString: reflect.String, ArgText: reflect.String, ArgEnum: reflect.String,
		ArgInt: reflect.Int, ArgBool: reflect.Bool, ArgList: reflect.Slice, ArgEdits: reflect.Slice,
		ArgNumber: reflect.Float64, ArgJSON: reflect.Slice,
	}
	k, ok := want[a.Type]
	if !ok {
		return fmt.Errorf("unknown type %q", a.Type)
	}
	if t.Kind() != k {
		return fmt.Errorf("type %s needs a %s field, got %s", a.Type, k, t)
	}
	switch a.Type {
	case ArgList:
		if t.Elem().Kind() != reflect.String {
			return fmt.Errorf("a list needs []string, got %s", t)
		}
	case ArgEdits:
		if t.Elem().Kind() != reflect.Struct {
			return fmt.Errorf("edits need a slice of structs, got %s", t)
		}
	}
	return nil
}
