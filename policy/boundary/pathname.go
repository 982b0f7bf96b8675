package boundary

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Limits on a path the model may name. Longer names are refused up front
// with a clear reason rather than left to the file system's ENAMETOOLONG.
const (
	// MaxNameBytes is the longest single path component.
	MaxNameBytes = 255
	// MaxPathBytes is the longest whole path.
	MaxPathBytes = 4096
)

// checkText refuses paths whose bytes are hard to see or cannot be a file
// name: empty, too long, not UTF-8, NUL, control or invisible format
// characters, and backslashes.
func checkText(p string) error {
	switch {
	case p == "":
		return pathErr(p, ErrBadPath, "the path is empty")
	case len(p) > MaxPathBytes:
		return pathErr(shorten(p), ErrBadPath, "the path is %d bytes long, more than %d", len(p), MaxPathBytes)
	case !utf8.ValidString(p):
		return pathErr(p, ErrBadPath, "the path is not valid UTF-8")
	case strings.IndexByte(p, 0) >= 0:
		return pathErr(p, ErrBadPath, "the path contains a NUL byte")
	case strings.IndexByte(p, '\\') >= 0:
		return pathErr(p, ErrBadPath, `the path contains a backslash; use "/" between names`)
	}
	for _, r := range p {
		if unicode.IsControl(r) {
			return pathErr(p, ErrBadPath, "the path contains the control character %U", r)
		}
		if unicode.Is(unicode.Cf, r) {
			return pathErr(p, ErrBadPath, "the path contains the invisible character %U", r)
		}
	}
	return nil
}

// checkNames refuses components that look like another name (trailing dots
// or spaces, which Windows strips; leading spaces), names longer than the
// file system allows, and ".." after a name: "a/../b" means something else
// to the kernel when a is a symbolic link, so only leading ".." is allowed.
func checkNames(p string) error {
	named := false
	for _, c := range strings.Split(p, "/") {
		switch {
		case c == "" || c == ".":
			continue
		case c == "..":
			if named {
				return pathErr(p, ErrBadPath, `".." after a name (as in a/../b) is ambiguous with symbolic links; give the path without it`)
			}
			continue
		case len(c) > MaxNameBytes:
			return pathErr(shorten(p), ErrBadPath, "a name in the path is %d bytes long, more than %d", len(c), MaxNameBytes)
		case strings.HasSuffix(c, ".") || strings.HasSuffix(c, " "):
			return pathErr(p, ErrBadPath, "the name %q ends with a dot or a space", c)
		case strings.HasPrefix(c, " "):
			return pathErr(p, ErrBadPath, "the name %q starts with a space", c)
		}
		named = true
	}
	return nil
}

// shorten keeps error messages readable when a path is very long.
func shorten(p string) string {
	if len(p) <= 80 {
		return p
	}
	return fmt.Sprintf("%s…(%d bytes)", p[:60], len(p))
}
