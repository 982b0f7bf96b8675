package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"

	"github.com/wtagent/wtagent/policy"
	"github.com/wtagent/wtagent/session/event"
)

// decodeMember decodes one key of the config file into fc. Its error names
// the key and says what it takes, in words rather than Go types.
func decodeMember(fc *File, m member) error {
	obj, err := joinObject([]member{m})
	if err != nil {
		return err
	}
	err = json.Unmarshal(obj, fc)
	var te *json.UnmarshalTypeError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &te):
		where := fmt.Sprintf("%q", m.key)
		if sub := strings.TrimPrefix(strings.TrimPrefix(te.Field, m.key), "."); sub != "" && sub != te.Field {
			where += " (" + sub + ")"
		}
		return fmt.Errorf("%s: want %s, not %s", where, typeWords(te.Type), valueWords(te.Value))
	}
	msg := strings.TrimPrefix(err.Error(), "json: ")
	if strings.HasPrefix(msg, m.key+":") {
		return errors.New(msg) // the key's own decoder named it
	}
	return fmt.Errorf("%q: %s", m.key, msg)
}

// typeWords says what a Go type holds, as a config file's reader knows it.
func typeWords(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Bool:
		return "true or false"
	case reflect.String:
		return "a string"
	case reflect.Slice, reflect.Array:
		return "a list of " + strings.TrimPrefix(strings.TrimPrefix(typeWords(t.Elem()), "a "), "an ") + "s"
	}
	return "an object"
}

// valueWords names the JSON value json.UnmarshalTypeError reports
// ("string", "number 1.5", "array").
func valueWords(v string) string {
	switch {
	case v == "array" || v == "object":
		return "an " + v
	case strings.HasPrefix(v, "number "):
		return strings.TrimPrefix(v, "number ")
	}
	return "a " + v
}

// plainJSONError says where and why the config file is not one JSON
// object, without Go's decoder vocabulary.
func plainJSONError(data []byte, err error) error {
	var se *json.SyntaxError
	switch {
	case errors.As(err, &se):
		line, col := position(data, se.Offset)
		return fmt.Errorf("not valid JSON at line %d, column %d: %s", line, col, se.Error())
	case errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF):
		return errors.New("not valid JSON: the file ends before its object closes")
	}
	return err
}

// position is the line and column (from 1) of the byte at offset off of
// data (a json.Decoder's SyntaxError.Offset: the bytes read before the
// one at fault).
func position(data []byte, off int64) (line, col int) {
	off = min(max(off, 0), int64(len(data)))
	before := data[:off]
	line = bytes.Count(before, []byte("\n")) + 1
	return line, int(off) - (bytes.LastIndexByte(before, '\n') + 1) + 1
}

// validateRules refuses a task-wide rule a run would refuse, naming it by
// its place in the list.
func validateRules(rules []event.Rule) error {
	for i, r := range rules {
		if err := (policy.Config{Rules: []event.Rule{r}}).Validate(); err != nil {
			why := strings.TrimPrefix(err.Error(), policy.ErrBadRule.Error()+": ")
			return fmt.Errorf("\"rules\" (rule %d, tool %q): %s", i+1, r.Tool, why)
		}
	}
	return nil
}
