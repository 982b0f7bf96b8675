package sandbox

import (
	"slices"
	"testing"

	"golang.org/x/text/unicode/norm"
)

// TestCutSpellings: what a rule for dir cuts out for c, in every spelling
// of c's names below dir and with dir's own bytes.
func TestCutSpellings(t *testing.T) {
	nfd := norm.NFD.String
	for _, c := range []struct {
		name, cut, dir string
		want           []string
	}{
		{"ASCII", "/p/.wtagent", "/p", []string{"/p/.wtagent"}},
		{"accent below the tree", "/p/état", "/p", []string{"/p/état", "/p/" + nfd("état")}},
		{"the tree spelt in NFD", "/Zoë/état", nfd("/Zoë"), []string{nfd("/Zoë") + "/état", nfd("/Zoë/état")}},
		{"the cut spelt in NFD", nfd("/Zoë/x"), "/Zoë", []string{"/Zoë/x"}},
		{"under /", "/é", "/", []string{"/é", nfd("/é")}},
		{"the tree itself", "/p", "/p", nil},
		{"the tree itself in NFD", nfd("/é"), "/é", nil},
		{"outside", "/q/x", "/p", nil},
		{"a prefix, not a parent", "/p2/x", "/p", nil},
	} {
		if got := cutSpellings(c.cut, c.dir); !slices.Equal(got, c.want) {
			t.Errorf("%s: cutSpellings(%q, %q) = %q, want %q", c.name, c.cut, c.dir, got, c.want)
		}
	}
	if got := spellings("/ascii/only"); !slices.Equal(got, []string{"/ascii/only"}) {
		t.Errorf("an ASCII path has other spellings: %q", got)
	}
}
