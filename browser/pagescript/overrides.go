package pagescript

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// OverridesFile is the name of the locator override file in wtagent's
// config directory (page-locators.json).
const OverridesFile = "page-locators.json"

// OverridesFormat is the version of the override file's format.
const OverridesFormat = 1

// Strategy is one way to find a locator's element, tried in list order:
// a CSS selector (which covers attributes and role+structure:
// `form:has([contenteditable]) button[type=submit]`), or, as the last
// resort, the visible element of In (a CSS selector; buttons, links and
// roles when empty) whose text matches Text (a regular expression,
// case-insensitive).
type Strategy struct {
	CSS  string `json:"css,omitempty"`
	Text string `json:"text,omitempty"`
	In   string `json:"in,omitempty"`
}

// UnmarshalJSON takes a bare string as a CSS strategy.
func (s *Strategy) UnmarshalJSON(b []byte) error {
	var css string
	if err := json.Unmarshal(b, &css); err == nil {
		*s = Strategy{CSS: css}
		return nil
	}
	type plain Strategy
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var p plain
	if err := dec.Decode(&p); err != nil {
		return fmt.Errorf("a strategy is a CSS selector string or {\"css\"} or {\"text\", \"in\"}: %w", err)
	}
	*s = Strategy(p)
	return nil
}

// textPrefix marks a text strategy in the page script's tables: the rest
// is its JSON ({"text", "in"}).
const textPrefix = "::text "

// encode is the strategy as the page script's tables hold it.
func (s Strategy) encode() string {
	if s.CSS != "" {
		return s.CSS
	}
	b, _ := json.Marshal(map[string]string{"re": s.Text, "in": s.In}) // strings always encode
	return textPrefix + string(b)
}

// Overrides are the locators a page-locators.json file sets: per name,
// strategies tried before the built-in ones.
type Overrides map[string][]Strategy

// overridesFile is the file's shape.
type overridesFile struct {
	Version  int       `json:"version"`
	Locators Overrides `json:"locators"`
}

// ParseOverrides reads and validates an override file: its format
// version, every locator name (one the adapter knows) and every strategy
// (a CSS selector that parses, a text pattern that compiles). An error
// names the entry.
func ParseOverrides(data []byte) (Overrides, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var f overridesFile
	if err := dec.Decode(&f); err != nil {
		return nil, fmt.Errorf("not a locator file (%s): %w", `{"version": 1, "locators": {"name": ["css", …]}}`, err)
	}
	if dec.More() {
		return nil, errors.New("trailing data after the JSON object")
	}
	if f.Version != OverridesFormat {
		return nil, fmt.Errorf("version %d: this wtagent reads version %d", f.Version, OverridesFormat)
	}
	known := Locators()
	for _, name := range slices.Sorted(maps.Keys(f.Locators)) {
		if _, ok := known[name]; !ok {
			return nil, fmt.Errorf("locator %q: unknown (known: %s)", name, strings.Join(slices.Sorted(maps.Keys(known)), ", "))
		}
		if len(f.Locators[name]) == 0 {
			return nil, fmt.Errorf("locator %q: no strategy", name)
		}
		for i, s := range f.Locators[name] {
			if err := s.check(); err != nil {
				return nil, fmt.Errorf("locator %q, strategy %d: %w", name, i+1, err)
			}
		}
	}
	return f.Locators, nil
}

// check validates one strategy.
func (s Strategy) check() error {
	switch {
	case s.CSS != "" && (s.Text != "" || s.In != ""):
		return errors.New("give a CSS selector or a text pattern, not both")
	case s.CSS != "":
		return checkSelector(s.CSS)
	case s.Text == "":
		return errors.New("empty strategy")
	}
	if _, err := regexp.Compile("(?i)" + s.Text); err != nil {
		return fmt.Errorf("text pattern %q: %w", s.Text, err)
	}
	if s.In != "" {
		return checkSelector(s.In)
	}
	return nil
}

// checkSelector rejects what cannot be a CSS selector list: empty parts,
// unbalanced brackets, parentheses or quotes, a dangling combinator,
// declaration blocks. The page itself is the final judge (a selector it
// rejects matches nothing and doctor --page names it).
func checkSelector(sel string) error {
	bad := func(why string) error { return fmt.Errorf("bad CSS selector %q: %s", sel, why) }
	if strings.TrimSpace(sel) == "" {
		return bad("empty")
	}
	var stack []rune
	var quote rune
	for _, r := range sel {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '"' || r == '\'':
			quote = r
		case r == '[' || r == '(':
			stack = append(stack, r)
		case r == ']' || r == ')':
			want := map[rune]rune{']': '[', ')': '('}[r]
			if len(stack) == 0 || stack[len(stack)-1] != want {
				return bad("unbalanced " + string(r))
			}
			stack = stack[:len(stack)-1]
		case r == '{' || r == '}' || r == ';':
			return bad("a selector has no " + string(r))
		}
	}
	if quote != 0 {
		return bad("unclosed quote")
	}
	if len(stack) > 0 {
		return bad("unclosed " + string(stack[len(stack)-1]))
	}
	for part := range strings.SplitSeq(sel, ",") {
		p := strings.TrimSpace(part)
		if p == "" {
			return bad("an empty selector in the list")
		}
		if strings.ContainsAny(p[len(p)-1:], ">+~") {
			return bad("ends with a combinator")
		}
	}
	return nil
}

// Merged is the built-in locator table with over's strategies first in
// each name they set, as the page script holds it (strings).
func Merged(over Overrides) map[string][]string {
	table := Locators()
	for name, strategies := range over {
		var list []string
		for _, s := range strategies {
			list = append(list, s.encode())
		}
		for _, sel := range table[name] {
			if !slices.Contains(list, sel) {
				list = append(list, sel)
			}
		}
		table[name] = list
	}
	return table
}

// LoadOverrides reads the override file: flag when given (it must exist),
// else page-locators.json in dir when there is one. It answers the
// overrides and the file read ("" for none); a malformed file is an error
// naming the file and the entry.
func LoadOverrides(dir, flag string) (Overrides, string, error) {
	path := flag
	if path == "" {
		path = filepath.Join(dir, OverridesFile)
		if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
			return nil, "", nil
		}
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, path, fmt.Errorf("read the page locators: %w", err)
	}
	over, err := ParseOverrides(data)
	if err != nil {
		return nil, path, fmt.Errorf("page locators %s: %w", path, err)
	}
	return over, path, nil
}
