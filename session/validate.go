package session

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"time"
)

// ExportError is an export line that does not have the documented shape.
type ExportError struct {
	// Format is "codex" or "claude".
	Format string
	// Line is the 1-based line number; zero for the file as a whole.
	Line int
	Err  error
}

// Error implements error.
func (e *ExportError) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s export: %v", e.Format, e.Err)
	}
	return fmt.Sprintf("%s export: line %d: %v", e.Format, e.Line, e.Err)
}

// Unwrap returns the cause.
func (e *ExportError) Unwrap() error { return e.Err }

// ExportStats counts what a valid export holds.
type ExportStats struct {
	Lines    int
	Messages int
	Calls    int
	Outputs  int
}

// uuidPattern is a canonical lowercase UUID of version 1–8 and the RFC
// 4122 variant.
var uuidPattern = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)

// toolNamePattern is what both APIs accept as a tool or function name.
var toolNamePattern = regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)

// obj is a decoded JSON object with typed accessors that record the first
// shape error.
type obj struct {
	m   map[string]json.RawMessage
	err error
}

// fail records the first error.
func (o *obj) fail(format string, a ...any) {
	if o.err == nil {
		o.err = fmt.Errorf(format, a...)
	}
}

// str returns the required string at key.
func (o *obj) str(key string) string {
	raw, ok := o.m[key]
	if !ok {
		o.fail("missing %q", key)
		return ""
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		o.fail("%q is not a string", key)
	}
	return s
}

// nonEmpty returns the required, non-empty string at key.
func (o *obj) nonEmpty(key string) string {
	s := o.str(key)
	if s == "" && o.err == nil {
		o.fail("%q is empty", key)
	}
	return s
}

// boolean returns the required bool at key.
func (o *obj) boolean(key string) bool {
	raw, ok := o.m[key]
	if !ok {
		o.fail("missing %q", key)
		return false
	}
	var b bool
	if json.Unmarshal(raw, &b) != nil {
		o.fail("%q is not a boolean", key)
	}
	return b
}

// object returns the required object at key.
func (o *obj) object(key string) *obj {
	raw, ok := o.m[key]
	if !ok {
		o.fail("missing %q", key)
		return &obj{m: map[string]json.RawMessage{}}
	}
	sub, err := decodeObj(raw)
	if err != nil {
		o.fail("%q: %v", key, err)
		return &obj{m: map[string]json.RawMessage{}}
	}
	return sub
}

// array returns the required array at key.
func (o *obj) array(key string) []json.RawMessage {
	raw, ok := o.m[key]
	if !ok {
		o.fail("missing %q", key)
		return nil
	}
	var a []json.RawMessage
	if json.Unmarshal(raw, &a) != nil || a == nil {
		o.fail("%q is not an array", key)
	}
	return a
}

// timestamp checks an RFC 3339 time at key.
func (o *obj) timestamp(key string) {
	s := o.str(key)
	if o.err == nil {
		if _, err := time.Parse(time.RFC3339Nano, s); err != nil {
			o.fail("%q is not an RFC 3339 time: %q", key, s)
		}
	}
}

// uuid checks a UUID at key and returns it.
func (o *obj) uuid(key string) string {
	s := o.str(key)
	if o.err == nil && !uuidPattern.MatchString(s) {
		o.fail("%q is not a UUID: %q", key, s)
	}
	return s
}

// decodeObj decodes one JSON object.
func decodeObj(raw []byte) (*obj, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return nil, err
	}
	if m == nil {
		return nil, errors.New("not an object")
	}
	return &obj{m: m}, nil
}

// eachLine calls fn with every line of r (blank lines are errors).
func eachLine(r io.Reader, format string, fn func(n int, o *obj) error) (int, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), MaxEventLine)
	n := 0
	for sc.Scan() {
		n++
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			return n, &ExportError{Format: format, Line: n, Err: errors.New("blank line")}
		}
		o, err := decodeObj(line)
		if err != nil {
			return n, &ExportError{Format: format, Line: n, Err: err}
		}
		if err := fn(n, o); err != nil {
			return n, &ExportError{Format: format, Line: n, Err: err}
		}
	}
	if err := sc.Err(); err != nil {
		return n, &ExportError{Format: format, Err: err}
	}
	if n == 0 {
		return 0, &ExportError{Format: format, Err: errors.New("empty")}
	}
	return n, nil
}

// calls tracks tool call ids across an export.
type calls struct {
	open     map[string]int
	answered map[string]bool
	order    []string
}

func newCalls() *calls { return &calls{open: map[string]int{}, answered: map[string]bool{}} }

// call records a call id, refusing a duplicate.
func (c *calls) call(id string, line int) error {
	if _, dup := c.open[id]; dup || c.answered[id] {
		return fmt.Errorf("call id %q used twice", id)
	}
	c.open[id] = line
	c.order = append(c.order, id)
	return nil
}

// output records an output, refusing one without a call or a second one.
func (c *calls) output(id string) error {
	if c.answered[id] {
		return fmt.Errorf("second output for call %q", id)
	}
	if _, ok := c.open[id]; !ok {
		return fmt.Errorf("output for unknown call %q", id)
	}
	delete(c.open, id)
	c.answered[id] = true
	return nil
}

// unanswered returns the first call left without output.
func (c *calls) unanswered() (string, int, bool) {
	for _, id := range c.order {
		if line, ok := c.open[id]; ok {
			return id, line, true
		}
	}
	return "", 0, false
}
