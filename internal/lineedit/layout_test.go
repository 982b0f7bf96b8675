package lineedit

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

func rowsOf(l layout) []string {
	var out []string
	for i, r := range l.rows {
		out = append(out, r.prefix+string(l.text(i)))
	}
	return out
}

func TestLayout(t *testing.T) {
	tests := []struct {
		name          string
		prompt, text  string
		cur, width    int
		rows          []string
		cursor        point
		first, lastRw int
	}{
		{"empty", "> ", "", 0, 10, []string{"> "}, point{0, 2}, 0, 0},
		{"fits", "> ", "abc", 1, 10, []string{"> abc"}, point{0, 3}, 0, 0},
		{"exactly full row wraps eagerly", "> ", "abcdefgh", 8, 10, []string{"> abcdefgh", ""}, point{1, 0}, 0, 1},
		{"wrap", "> ", "abcdefghij", 10, 10, []string{"> abcdefgh", "ij"}, point{1, 2}, 0, 1},
		{"newline and continuation", "> ", "ab\ncd", 5, 10, []string{"> ab", ". cd"}, point{1, 4}, 0, 1},
		{"cursor before newline", "> ", "ab\ncd", 2, 10, []string{"> ab", ". cd"}, point{0, 4}, 0, 1},
		{"wide rune does not split", "> ", "abcdefg日", 7, 10, []string{"> abcdefg", "日"}, point{1, 0}, 0, 1},
		{"tab", "> ", "\tx", 1, 10, []string{">     x"}, point{0, 6}, 0, 0},
		{"prompt wider than the screen", "long prompt ", "x", 1, 5, []string{"long ", "promp", "t x"}, point{2, 3}, 2, 2},
		{"zero-width joiner sequence is one cluster", "", "👩‍💻x", 3, 10, []string{"👩‍💻x"}, point{0, 2}, 0, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := computeLayout(tt.prompt, ". ", []rune(tt.text), tt.cur, tt.width)
			if got := rowsOf(l); !reflect.DeepEqual(got, tt.rows) {
				t.Fatalf("rows = %q, want %q", got, tt.rows)
			}
			if l.cursor != tt.cursor {
				t.Fatalf("cursor = %v, want %v", l.cursor, tt.cursor)
			}
			if l.firstRow() != tt.first || l.lastRow() != tt.lastRw {
				t.Fatalf("first/last row = %d/%d, want %d/%d", l.firstRow(), l.lastRow(), tt.first, tt.lastRw)
			}
		})
	}
}

func TestLayoutIndexAt(t *testing.T) {
	l := computeLayout("> ", ". ", []rune("abcdef\nxy"), 0, 20)
	tests := []struct{ row, col, want int }{
		{0, 4, 2}, {0, 0, 0}, {0, 50, 6}, {1, 3, 8}, {1, 9, 9},
	}
	for _, tt := range tests {
		if got, ok := l.indexAt(tt.row, tt.col); !ok || got != tt.want {
			t.Errorf("indexAt(%d, %d) = %d, %v; want %d", tt.row, tt.col, got, ok, tt.want)
		}
	}
	if _, ok := l.indexAt(5, 0); ok {
		t.Error("indexAt found a stop on a row that does not exist")
	}
}

// TestRenderGolden compares the exact bytes of a redraw sequence with
// testdata/render/*.golden (run with -update to rewrite them).
func TestRenderGolden(t *testing.T) {
	type frame struct {
		text  string
		cur   int
		width int
		final bool
	}
	tests := []struct {
		name   string
		color  bool
		frames []frame
	}{
		{"typing", false, []frame{{"", 0, 20, false}, {"h", 1, 20, false}, {"hi", 2, 20, false}, {"hi", 2, 20, true}}},
		{"multiline_edit", true, []frame{{"one\ntwo", 7, 20, false}, {"one\ntwo", 1, 20, false}, {"oXne\ntwo", 2, 20, false}, {"oXne\ntwo", 2, 20, true}}},
		{"wrap_and_resize", false, []frame{{strings.Repeat("x", 25), 25, 20, false}, {strings.Repeat("x", 25), 25, 10, false}, {strings.Repeat("x", 25), 3, 40, false}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			r := renderer{out: &out, color: tt.color}
			for i, f := range tt.frames {
				out.WriteString("\n-- frame " + strconv.Itoa(i) + " --\n")
				l := computeLayout("you › ", "... ", []rune(f.text), f.cur, f.width)
				if err := r.draw(l, f.width, 0, f.final); err != nil {
					t.Fatal(err)
				}
			}
			got := strconv.Quote(out.String())
			got = strings.ReplaceAll(got, `\n-- frame`, "\n-- frame")
			got = strings.ReplaceAll(got, ` --\n`, " --\n")
			path := filepath.Join("testdata", "render", tt.name+".golden")
			if *update {
				os.MkdirAll(filepath.Dir(path), 0o755)
				if err := os.WriteFile(path, []byte(got+"\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update)", err)
			}
			if got+"\n" != string(want) {
				t.Fatalf("render differs from %s:\ngot:\n%s\nwant:\n%s", path, got, want)
			}
		})
	}
}

func TestRowsAboveAfterResize(t *testing.T) {
	r := renderer{out: &bytes.Buffer{}}
	l := computeLayout("> ", "", []rune(strings.Repeat("x", 30)), 30, 10) // 4 rows, cursor (3,2)
	if err := r.draw(l, 10, 0, false); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ width, want int }{
		{10, 3}, // unchanged
		{40, 3}, // wider: hard line breaks keep every row
		{5, 6},  // narrower: each full row re-flows into two, the cursor row's 2 columns stay
	}
	for _, tt := range tests {
		if got := r.rowsAbove(tt.width); got != tt.want {
			t.Errorf("rowsAbove(%d) = %d, want %d", tt.width, got, tt.want)
		}
	}
}
