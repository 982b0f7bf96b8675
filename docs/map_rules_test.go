package docs

import (
	"slices"
	"testing"
)

// TestCompareMap shows each disagreement the map test reports, so that
// the map test is seen to fail when the map is wrong.
func TestCompareMap(t *testing.T) {
	graph := map[string][]string{
		"messages": nil,
		"model":    {"messages"},
	}
	tests := []struct {
		name string
		doc  string
		want []string
	}{
		{"agrees", "| `messages/` | x | — |\n| `model/` | x | messages |\n", nil},
		{"package without a row", "| `messages/` | x | — |\n",
			[]string{"package model has no row in ARCHITECTURE.md"}},
		{"row without a package", "| `messages/` | x | — |\n| `model/` | x | messages |\n| `gone/` | x | — |\n",
			[]string{"ARCHITECTURE.md has a row for gone, which is not a package"}},
		{"import not allowed", "| `messages/` | x | — |\n| `model/` | x | — |\n",
			[]string{"model imports messages, which its row does not allow"}},
		{"stale allowed import", "| `messages/` | x | model |\n| `model/` | x | messages |\n",
			[]string{"messages's row allows model, which it does not import"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rows, err := parseMap([]byte(tt.doc))
			if err != nil {
				t.Fatal(err)
			}
			if got := compareMap(rows, graph); !slices.Equal(got, tt.want) {
				t.Errorf("compareMap = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestParseMapRejects(t *testing.T) {
	for name, doc := range map[string]string{
		"no rows":   "# nothing\n",
		"two rows":  "| `a/` | x | — |\n| `a` | y | — |\n",
		"two cells": "| `a/` | — |\n",
	} {
		if _, err := parseMap([]byte(doc)); err == nil {
			t.Errorf("%s: parseMap accepted %q", name, doc)
		}
	}
}
