// Package textcode holds the two byte-level text transforms a script can
// hide a secret behind without an encoder: reversal and ROT13. The
// secret guard masks them, and its test oracle undoes them.
package textcode

import (
	"slices"
	"strings"
)

// Reverse returns s with its bytes in reverse order, as rev(1) prints a
// line of ASCII.
func Reverse(s string) string {
	b := []byte(s)
	slices.Reverse(b)
	return string(b)
}

// ROT13 rotates the ASCII letters of s by 13 places (its own inverse).
func ROT13(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z':
			return 'a' + (r-'a'+13)%26
		case r >= 'A' && r <= 'Z':
			return 'A' + (r-'A'+13)%26
		}
		return r
	}, s)
}
