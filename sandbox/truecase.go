package sandbox

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"golang.org/x/text/unicode/norm"
)

// onDisk is p as the kernel names it: on macOS, whose file systems ignore
// case and Unicode normalisation, each existing component spelled as on
// disk (Seatbelt compares the real path byte for byte, so a project given
// as ~/src/app that is ~/src/App on disk must be written App in the
// profile); elsewhere p.
func onDisk(p string) string {
	if runtime.GOOS != "darwin" {
		return p
	}
	return trueCase(p)
}

// trueCase spells each component of the absolute path p as its directory
// lists it, preferring an exact match, then one equal in NFC (APFS also
// ignores Unicode normalisation: é typed as one code point finds the
// folder stored as e and U+0301), then one equal under case folding of
// NFC; from the first component that is not found (or a directory that
// cannot be read) the rest is kept as given.
func trueCase(p string) string {
	if !filepath.IsAbs(p) {
		return p
	}
	parts := strings.Split(strings.TrimPrefix(filepath.Clean(p), "/"), "/")
	out := "/"
	for i, name := range parts {
		if name == "" {
			continue
		}
		entries, err := os.ReadDir(out)
		if err != nil {
			return filepath.Join(append([]string{out}, parts[i:]...)...)
		}
		found := ""
		rank := 0 // 3 exact, 2 equal in NFC, 1 equal under folding
		nfc := norm.NFC.String(name)
		for _, e := range entries {
			r := 0
			switch n := e.Name(); {
			case n == name:
				r = 3
			case norm.NFC.String(n) == nfc:
				r = 2
			case strings.EqualFold(norm.NFC.String(n), nfc):
				r = 1
			}
			if r > rank {
				found, rank = e.Name(), r
			}
		}
		if found == "" {
			return filepath.Join(append([]string{out}, parts[i:]...)...)
		}
		out = filepath.Join(out, found)
	}
	return out
}
