package exporttest

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// jsonStrings walks every string (keys and values) of a decoded JSON value.
func jsonStrings(v any, fn func(string)) {
	switch x := v.(type) {
	case string:
		fn(x)
	case []any:
		for _, e := range x {
			jsonStrings(e, fn)
		}
	case map[string]any:
		for k, e := range x {
			fn(k)
			jsonStrings(e, fn)
		}
	}
}

// AssertNoProtocolXML fails if any line of an export, raw or decoded
// (including JSON inside strings), holds wtagent protocol XML.
func AssertNoProtocolXML(t *testing.T, export []byte) {
	t.Helper()
	check := func(where, s string) {
		for _, m := range ProtocolMarkers() {
			if strings.Contains(s, m) {
				t.Errorf("%s contains %q: %.120s", where, m, s)
			}
		}
	}
	for i, line := range bytes.Split(bytes.TrimSpace(export), []byte("\n")) {
		check("raw line", string(line))
		var v any
		if err := json.Unmarshal(line, &v); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		jsonStrings(v, func(s string) {
			check("decoded string", s)
			var inner any
			if json.Unmarshal([]byte(s), &inner) == nil {
				jsonStrings(inner, func(s string) { check("nested JSON", s) })
			}
		})
	}
}
