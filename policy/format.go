package policy

import "strings"

// FormatCommand renders a program and its argv as one line a user can read
// and a POSIX shell would parse back to the same words: words with spaces
// or shell characters are single-quoted.
func FormatCommand(program string, argv []string) string {
	words := make([]string, 0, len(argv)+1)
	words = append(words, quoteArg(program))
	for _, a := range argv {
		words = append(words, quoteArg(a))
	}
	return strings.Join(words, " ")
}

func quoteArg(s string) string {
	if s == "" {
		return "''"
	}
	safe := s[0] != '~' // a leading ~ would expand in a shell
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./:=@%+,^~", r)) {
			safe = false
			break
		}
	}
	if safe {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
