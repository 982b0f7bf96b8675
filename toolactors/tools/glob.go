package tools

import (
	"fmt"
	"path"
	"regexp"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
)

// globRegexp translates a gitignore(5) glob (no leading "!", no trailing
// "/") into an anchored regular expression over a slash-separated path:
// "*" and "?" never match "/", "**" spans directories when it is a whole
// path component, "[...]" is a character class ("!" or "^" negates, POSIX
// classes such as [:digit:] work) and "\x" is a literal x. Git's own
// rules differ from every glob library tried (see
// TestIgnoreTreeMatchesCheckIgnore), so ignore files keep this matcher;
// fs.search's glob argument is doublestar.
func globRegexp(glob string) (*regexp.Regexp, error) {
	var b strings.Builder
	b.WriteString("^")
	writeGlob(&b, glob)
	b.WriteString("$")
	return regexp.Compile(b.String())
}

func writeGlob(b *strings.Builder, g string) {
	for i := 0; i < len(g); i++ {
		ch := g[i]
		switch {
		case ch == '*' && i+1 < len(g) && g[i+1] == '*':
			j := i
			for j < len(g) && g[j] == '*' {
				j++
			}
			startsComp := i == 0 || g[i-1] == '/'
			endsComp := j == len(g) || g[j] == '/'
			switch {
			case startsComp && j == len(g):
				b.WriteString(".*") // "**" or "a/**": everything below
			case startsComp && endsComp:
				b.WriteString("(?:.*/)?") // "**/": zero or more directories
				j++                       // swallow the "/"
			default:
				b.WriteString("[^/]*") // "a**b": like "*"
			}
			i = j - 1
		case ch == '*':
			b.WriteString("[^/]*")
		case ch == '?':
			b.WriteString("[^/]")
		case ch == '\\':
			if i+1 < len(g) {
				i++
				b.WriteString(regexp.QuoteMeta(g[i : i+1]))
			} else {
				b.WriteString(`\\`)
			}
		case ch == '[':
			n, ok := writeClass(b, g[i:])
			if !ok {
				b.WriteString(`\[`)
				continue
			}
			i += n - 1
		default:
			b.WriteString(regexp.QuoteMeta(g[i : i+1]))
		}
	}
}

// writeClass writes the character class at the start of s ("[...]") and
// returns its length; ok is false when s has no closing bracket.
func writeClass(b *strings.Builder, s string) (n int, ok bool) {
	i := 1
	neg := false
	if i < len(s) && (s[i] == '!' || s[i] == '^') {
		neg = true
		i++
	}
	start := i
	var body strings.Builder
	for ; i < len(s); i++ {
		c := s[i]
		if c == ']' && i > start {
			break
		}
		switch {
		case c == '[' && i+1 < len(s) && s[i+1] == ':':
			end := strings.Index(s[i:], ":]")
			if end < 0 {
				return 0, false
			}
			body.WriteString(s[i : i+end+2])
			i += end + 1
		case c == '\\' && i+1 < len(s):
			i++
			body.WriteString(regexp.QuoteMeta(s[i : i+1]))
		case c == '/':
			// a class never matches the separator
		case c == '\\' || c == '^' || c == '[' || c == ']':
			body.WriteByte('\\')
			body.WriteByte(c)
		default:
			body.WriteByte(c)
		}
	}
	if i >= len(s) {
		return 0, false
	}
	b.WriteString("[")
	if neg {
		b.WriteString("^/")
	}
	if body.Len() == 0 {
		if !neg {
			return 0, false
		}
	}
	b.WriteString(body.String())
	b.WriteString("]")
	return i + 1, true
}

// pathGlob matches fs.search's glob argument with doublestar: a glob
// without "/" matches a file's name at any depth, one with "/" matches the
// path relative to the searched directory ("**" spans directories,
// "{a,b}" is alternation).
type pathGlob struct {
	src      string
	basename bool
}

func compilePathGlob(g string) (*pathGlob, error) {
	g = strings.TrimPrefix(g, "./")
	basename := !strings.Contains(g, "/")
	g = strings.TrimPrefix(g, "/")
	if !doublestar.ValidatePattern(g) {
		return nil, fmt.Errorf("%w: bad glob %q", ErrBadPattern, g)
	}
	return &pathGlob{src: g, basename: basename}, nil
}

// match reports whether rel (relative to the searched directory) matches.
func (p *pathGlob) match(rel string) bool {
	if p.basename {
		rel = path.Base(rel)
	}
	ok, _ := doublestar.Match(p.src, rel)
	return ok
}
