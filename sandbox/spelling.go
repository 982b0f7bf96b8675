package sandbox

import (
	"path/filepath"
	"strings"

	"golang.org/x/text/unicode/norm"
)

// spellings returns p and, where they differ, its NFC and NFD forms. On
// macOS one file may be named in any of them: APFS looks names up
// whatever their Unicode normalisation (é as one code point or as e and
// U+0301) but keeps the bytes it was given, and Seatbelt compares a
// program's path byte for byte. A path whose names mix both forms
// (one é composed, another not) is not among them.
func spellings(p string) []string {
	return dedupe([]string{p, norm.NFC.String(p), norm.NFD.String(p)})
}

// spelled is every spelling of every path in list.
func spelled(list []string) []string {
	var out []string
	for _, p := range list {
		out = append(out, spellings(p)...)
	}
	return dedupe(out)
}

// cutSpellings returns what a Seatbelt rule for the tree dir must cut out
// so that c, strictly inside it, stays out in every spelling: dir's own
// bytes (a rule only ever matches paths spelled as dir) followed by each
// spelling of c's names below dir. Names are compared in NFC; nil when c
// is not strictly inside dir.
func cutSpellings(c, dir string) []string {
	cn, dn := norm.NFC.String(c), norm.NFC.String(dir)
	if cn == dn || !under(cn, dn) {
		return nil
	}
	// Normalisation neither adds nor removes a "/": c's names below dir
	// are those after dir's count of names.
	skip := 1
	if dir != "/" {
		skip += strings.Count(dir, "/")
	}
	rest := strings.Join(strings.Split(c, "/")[skip:], "/")
	var out []string
	for _, r := range spellings(rest) {
		out = append(out, filepath.Join(dir, r))
	}
	return out
}
