package cellwidth

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"text/tabwriter"
)

// TestTableLinesUpInCells: each column starts at the same cell on every
// line, whatever the cells before it hold (Chinese, emoji, a ZWJ family,
// a flag, combining marks), and no line ends in a space.
func TestTableLinesUpInCells(t *testing.T) {
	for _, tc := range []struct {
		name string
		rows [][]string
	}{
		{"ascii", [][]string{{"ID", "STATE", "TASK"}, {"s1", "running", "fix the build"}, {"s22", "dead", "x"}}},
		{"chinese", [][]string{{"MODE", "LABEL", "NOTE"}, {"思考", "GPT-5 思考模式", "慢"}, {"auto", "自动", "fast"}}},
		{"emoji", [][]string{{"", "TASK", "ROOT", "AGE"}, {"  1", "🚀 ship it", "/srv/app", "2h"}, {"  2", "👨‍👩‍👧 family 🇯🇵", "/home/李", "3d"}, {"  3", "café", "/tmp", "now"}}},
		{"ragged", [][]string{{"a", "中文", "c"}, {"长长长", "b"}, {"x"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out bytes.Buffer
			if err := Table(&out, tc.rows); err != nil {
				t.Fatal(err)
			}
			lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
			if len(lines) != len(tc.rows) {
				t.Fatalf("%d lines for %d rows:\n%s", len(lines), len(tc.rows), &out)
			}
			starts := map[int]int{} // column → the cell it starts at
			for i, line := range lines {
				if strings.HasSuffix(line, " ") {
					t.Errorf("line %d ends in a space: %q", i, line)
				}
				pos := 0
				for col, cell := range tc.rows[i] {
					at := strings.Index(line[pos:], cell)
					if at < 0 || strings.TrimSpace(line[pos:pos+at]) != "" {
						t.Fatalf("line %d: cell %q not next after byte %d: %q", i, cell, pos, line)
					}
					cellAt := String(line[:pos+at])
					if want, ok := starts[col]; ok && cellAt != want {
						t.Errorf("line %d: column %d (%q) starts at cell %d, want %d:\n%s", i, col, cell, cellAt, want, &out)
					}
					starts[col] = cellAt
					pos += at + len(cell)
				}
			}
		})
	}
}

// TestTableIsTabwriterForASCII: for ASCII text Table writes what the
// commands' tabwriter wrote.
func TestTableIsTabwriterForASCII(t *testing.T) {
	rows := [][]string{{"  ", "TASK", "ROOT", "AGE", "STATE"}, {"  1", "fix the build", "/srv/app", "2h", "completed"}, {"  2", "x", "/a/much/longer/root", "3d", "dead"}}
	var want, got bytes.Buffer
	tw := tabwriter.NewWriter(&want, 2, 4, 2, ' ', 0)
	for _, r := range rows {
		fmt.Fprintln(tw, strings.Join(r, "\t"))
	}
	tw.Flush()
	if err := Table(&got, rows); err != nil {
		t.Fatal(err)
	}
	if got.String() != want.String() {
		t.Fatalf("Table:\n%s\ntabwriter:\n%s", &got, &want)
	}
}
