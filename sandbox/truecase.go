package sandbox

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// onDisk is p as the kernel names it: on macOS, whose file systems ignore
// case, each existing component spelled as on disk (Seatbelt compares
// the real path byte for byte, so a project given as ~/src/app that is
// ~/src/App on disk must be written App in the profile); elsewhere p.
func onDisk(p string) string {
	if runtime.GOOS != "darwin" {
		return p
	}
	return trueCase(p)
}

// trueCase spells each component of the absolute path p as its directory
// lists it, preferring an exact match and else one equal under case
// folding; from the first component that is not found (or a directory
// that cannot be read) the rest is kept as given. Unicode normalisation
// (NFC against NFD names) is not folded.
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
		for _, e := range entries {
			if e.Name() == name {
				found = name
				break
			}
			if found == "" && strings.EqualFold(e.Name(), name) {
				found = e.Name()
			}
		}
		if found == "" {
			return filepath.Join(append([]string{out}, parts[i:]...)...)
		}
		out = filepath.Join(out, found)
	}
	return out
}
