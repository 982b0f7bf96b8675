package export

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// shellQuote quotes one word for bash with syntax.Quote: unchanged when
// it needs no quoting, in single quotes when it holds shell characters,
// in $'…' when it holds characters that do not print. A NUL byte, which no
// argument or environment value can hold, is dropped.
func shellQuote(w string) string {
	q, _ := syntax.Quote(strings.ReplaceAll(w, "\x00", ""), syntax.LangBash)
	return q
}

// shellJoin quotes and joins words into one command line.
func shellJoin(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = shellQuote(w)
	}
	return strings.Join(q, " ")
}

// envAssignment quotes KEY=VALUE for a command prefix; a key that is not a
// shell name is quoted whole (and then needs `env`).
func envAssignment(kv string) (string, bool) {
	k, v, ok := strings.Cut(kv, "=")
	if !ok || !isShellName(k) {
		return shellQuote(kv), false
	}
	return k + "=" + shellQuote(v), true
}

// isShellName reports whether s is a valid shell variable name.
func isShellName(s string) bool {
	if s == "" {
		return false
	}
	for i, c := range s {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// commandLine renders program, argv, working directory and environment
// additions as one POSIX shell command that does the same.
func commandLine(program string, argv []string, cwd string, env []string) string {
	var b strings.Builder
	if cwd != "" && cwd != "." {
		b.WriteString("cd " + shellQuote(cwd) + " && ")
	}
	if len(env) > 0 {
		parts := make([]string, 0, len(env))
		plain := true
		for _, kv := range env {
			a, ok := envAssignment(kv)
			plain = plain && ok
			parts = append(parts, a)
		}
		if !plain {
			b.WriteString("env ")
		}
		b.WriteString(strings.Join(parts, " ") + " ")
	}
	b.WriteString(shellJoin(append([]string{program}, argv...)))
	return b.String()
}
