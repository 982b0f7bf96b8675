package docs

import (
	"slices"
	"strings"
	"testing"
)

// testFloors is a floors table for the tests' maps: three floors and the
// tests floor beside them.
const testFloors = "| floor | holds |\n|---|---|\n| `runtime` | x |\n| `core` | x |\n| `base` | x |\n| `tests` | x |\n\n"

// mapDoc is a map with testFloors and a package table of rows.
func mapDoc(rows ...string) []byte {
	return []byte(testFloors + "| package | floor | owns | imports |\n|---|---|---|---|\n" + strings.Join(rows, "\n") + "\n")
}

// TestCompareMap shows each disagreement the map test reports, so that
// the map test is seen to fail when the map is wrong.
func TestCompareMap(t *testing.T) {
	graph := map[string][]string{
		"messages": nil,
		"model":    {"messages"},
	}
	tests := []struct {
		name string
		rows []string
		want []string
	}{
		{"agrees", []string{"| `messages/` | base | x | — |", "| `model/` | core | x | messages |"}, nil},
		{"package without a row", []string{"| `messages/` | base | x | — |"},
			[]string{"package model has no row in ARCHITECTURE.md"}},
		{"row without a package", []string{"| `messages/` | base | x | — |", "| `model/` | core | x | messages |", "| `gone/` | base | x | — |"},
			[]string{"ARCHITECTURE.md has a row for gone, which is not a package"}},
		{"import not allowed", []string{"| `messages/` | base | x | — |", "| `model/` | core | x | — |"},
			[]string{"model imports messages, which its row does not allow"}},
		{"stale allowed import", []string{"| `messages/` | base | x | model |", "| `model/` | core | x | messages |"},
			[]string{"messages's row allows model, which it does not import"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := parseMap(mapDoc(tt.rows...))
			if err != nil {
				t.Fatal(err)
			}
			if got := compareMap(m.rows, graph); !slices.Equal(got, tt.want) {
				t.Errorf("compareMap = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestCheckFloors plants imports that break the floors in a graph the map
// otherwise agrees with, and shows the failure names each: the package,
// the import and both floors.
func TestCheckFloors(t *testing.T) {
	m, err := parseMap(mapDoc(
		"| `session/event/` | base | x | — |",
		"| `policy/` | core | x | session/event |",
		"| `protocol/` | core | x | policy, session/event |",
		"| `actors/` | runtime | x | policy, protocol |",
		"| `internal/tooltest/` | tests | tests only | actors, session/event |",
		"| `internal/leakcheck/` | tests | tests only | internal/tooltest |",
	))
	if err != nil {
		t.Fatal(err)
	}
	sound := map[string][]string{
		"session/event":      nil,
		"policy":             {"session/event"},
		"protocol":           {"policy", "session/event"}, // the same floor
		"actors":             {"policy", "protocol"},
		"internal/tooltest":  {"actors", "session/event"}, // test support imports from any floor
		"internal/leakcheck": {"internal/tooltest"},       // and from test support
	}
	planted := func(pkg string, imports ...string) map[string][]string {
		g := map[string][]string{}
		for p, e := range sound {
			g[p] = slices.Clone(e)
		}
		g[pkg] = append(g[pkg], imports...)
		return g
	}
	tests := []struct {
		name  string
		graph map[string][]string
		want  []string
	}{
		{"sound", sound, nil},
		{"upward import", planted("policy", "actors"),
			[]string{"policy (core) imports actors (runtime): an import from a lower floor to a higher one"}},
		{"upward from the bottom", planted("session/event", "protocol"),
			[]string{"session/event (base) imports protocol (core): an import from a lower floor to a higher one"}},
		{"production imports test support", planted("actors", "internal/tooltest"),
			[]string{"actors (runtime) imports internal/tooltest (tests): production code imports a test-support package"}},
		{"both at once", planted("session/event", "actors", "internal/leakcheck"), []string{
			"session/event (base) imports actors (runtime): an import from a lower floor to a higher one",
			"session/event (base) imports internal/leakcheck (tests): production code imports a test-support package",
		}},
		{"an import without a row is compareMap's", planted("policy", "unmapped"), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := checkFloors(m, tt.graph); !slices.Equal(got, tt.want) {
				t.Errorf("checkFloors = %q, want %q", got, tt.want)
			}
		})
	}
}

// TestLowestFloor: the floor the test suggests for a new package is the
// highest of its imports' floors.
func TestLowestFloor(t *testing.T) {
	m, err := parseMap(mapDoc(
		"| `session/event/` | base | x | — |",
		"| `policy/` | core | x | session/event |",
		"| `actors/` | runtime | x | policy |",
		"| `internal/tooltest/` | tests | tests only | — |",
	))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		imports []string
		want    string
	}{
		{nil, "base"},
		{[]string{"session/event"}, "base"},
		{[]string{"session/event", "policy"}, "core"},
		{[]string{"policy", "actors", "unmapped"}, "runtime"},
		{[]string{"policy", "internal/tooltest"}, "tests"},
	} {
		if got := lowestFloor(m, tt.imports); got != tt.want {
			t.Errorf("lowestFloor(%q) = %s, want %s", tt.imports, got, tt.want)
		}
	}
}

func TestParseMapRejects(t *testing.T) {
	for name, doc := range map[string][]byte{
		"no rows":           mapDoc(),
		"no floors":         []byte("| package | floor | owns | imports |\n|---|---|---|---|\n| `a/` | base | x | — |\n"),
		"two rows":          mapDoc("| `a/` | base | x | — |", "| `a` | base | y | — |"),
		"three cells":       mapDoc("| `a/` | x | — |"),
		"unknown floor":     mapDoc("| `a/` | attic | x | — |"),
		"two floor rows":    []byte(testFloors + "| floor | holds |\n|---|---|\n| `base` | again |\n\n" + string(mapDoc("| `a/` | base | x | — |"))),
		"tests not a floor": []byte("| floor | holds |\n|---|---|\n| `base` | x |\n\n| package | floor | owns | imports |\n|---|---|---|---|\n| `a/` | tests | x | — |\n"),
	} {
		if _, err := parseMap(doc); err == nil {
			t.Errorf("%s: parseMap accepted %q", name, doc)
		}
	}
}

// TestParseMapFloors: the floors table lists the floors from the top
// down; the map holds them from the bottom up, the tests floor apart.
func TestParseMapFloors(t *testing.T) {
	m, err := parseMap(mapDoc("| `a/` | core | x | — |"))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"base", "core", "runtime"}; !slices.Equal(m.floors, want) || !m.hasTests {
		t.Errorf("floors = %q (tests floor: %v), want %q and the tests floor", m.floors, m.hasTests, want)
	}
	if r := m.rows["a"]; r.floor != "core" || r.imports != nil {
		t.Errorf("row a = %+v, want floor core and no imports", r)
	}
}
