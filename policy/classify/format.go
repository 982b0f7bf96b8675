package classify

import (
	"strconv"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// FormatCommand renders a program and its argv as one line a user can read
// and a shell would parse back to the same words: each word is quoted by
// syntax.Quote (Bash, which POSIX.1-2024 shells share for $'…') when it
// holds shell characters.
func FormatCommand(program string, argv []string) string {
	words := make([]string, 0, len(argv)+1)
	words = append(words, quoteArg(program))
	for _, a := range argv {
		words = append(words, quoteArg(a))
	}
	return strings.Join(words, " ")
}

// quoteArg quotes one word for a shell. A word with a NUL byte, which no
// shell word can hold (and which the policy refuses), is shown Go-quoted.
func quoteArg(s string) string {
	q, err := syntax.Quote(s, syntax.LangBash)
	if err != nil {
		return strconv.Quote(s)
	}
	return q
}
