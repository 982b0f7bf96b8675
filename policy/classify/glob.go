package classify

import (
	"path"
	"strings"

	"github.com/wtagent/wtagent/session/event"
)

// maxGlobMatches bounds the names a pattern is judged by: past it the
// pattern is judged by where it can reach.
const maxGlobMatches = 256

// pattern reports whether words[i] is a file-name pattern the shell
// expands (an unquoted glob in a script).
func (c *Classifier) pattern(i int) bool {
	return i < len(c.patterns) && c.patterns[i]
}

// unknownAt reports whether words[i]'s value is known only when the
// script runs.
func (c *Classifier) unknownAt(i int) bool {
	return i < len(c.unknown) && c.unknown[i]
}

// globArg judges a pattern argument by what it can match: each name it
// matches on disk now (the judge expands it from the call's cwd), and the
// directory it searches, so that a pattern matching nothing yet is still
// judged by where it reaches; a credential name it could match (.e* can
// match .env) is judged as that file.
func (c *Classifier) globArg(i int, pattern string) {
	matches, ok := c.judge.Matches(pattern, maxGlobMatches)
	for _, m := range matches {
		c.judge.Arg(c, i, m)
	}
	if ok && len(matches) > 0 {
		return
	}
	c.judge.Arg(c, i, staticDir(pattern))
	if strings.HasSuffix(pattern, "/") {
		return // matches directories only
	}
	base := path.Base(strings.ReplaceAll(pattern, `\`, "/"))
	for _, name := range credentialExamples() {
		if strings.HasPrefix(name, ".") && !strings.HasPrefix(base, ".") {
			continue // the shell's * and ? do not match a leading dot
		}
		if ok, _ := path.Match(base, name); ok {
			c.Add(event.RiskSensitive, "the pattern "+pattern+" can match a credential file ("+name+")", i)
			return
		}
	}
}

// staticDir is the part of a pattern before its first wildcard, cut at a
// directory: "src/*.go" → "src", "/etc/*.conf" → "/etc", "*.go" → ".".
func staticDir(pattern string) string {
	k := strings.IndexAny(pattern, "*?[")
	if k < 0 {
		return pattern
	}
	dir := pattern[:k]
	j := strings.LastIndexByte(dir, '/')
	switch {
	case j < 0:
		return "."
	case j == 0:
		return "/"
	}
	return dir[:j]
}

// credentialExamples are names of credential files a pattern is tried
// against when the judge cannot list the matches.
func credentialExamples() []string {
	return []string{".env", ".env.local", ".env.production", "id_rsa", "id_ed25519", ".netrc", ".npmrc", ".pypirc",
		"credentials", "credentials.json", "secrets.json", "server.key", "cert.pem", ".git-credentials"}
}
