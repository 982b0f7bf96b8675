package sandbox

import (
	"regexp"
	"strings"
)

// Denial is one access the sandbox refused, as found in a program's
// output.
type Denial struct {
	// Path is the path the program named.
	Path string `json:"path"`
	// Why is Explain's phrase, e.g. "write outside the project".
	Why string `json:"why"`
}

// String reads "write outside the project (/tmp/x)".
func (d Denial) String() string { return d.Why + " (" + d.Path + ")" }

// deniedLine matches the error texts programs print for EACCES, EPERM and
// EROFS.
var deniedLine = regexp.MustCompile(`(?i)permission denied|operation not permitted|read-only file system|\bEACCES\b|\bEPERM\b|\bEROFS\b`)

// writeVerb marks an error line about changing a file.
var writeVerb = regexp.MustCompile(`(?i)\b(create|creating|touch|remove|removing|delete|move|rename|mkdir|unlink|write|writing|overwrite|chmod|chown|truncate|link|symlink|Read-only file system|EROFS)\b`)

// pathInLine finds path-like words: quoted ones, and bare ones that start
// with /, ./, ../, ~/ or .git/.
var pathInLine = regexp.MustCompile(`'([^']+)'|"([^"]+)"|‘([^’]+)’|(?:^|[\s:(=])((?:/|\./|\.\./|~/|\.git/)[^\s:'",)]*)`)

// pathBeforeError is a path right before the error text, spaces and all,
// as BSD (macOS) tools and Go print it: "touch: /Users/me/my project/x:
// Operation not permitted".
var pathBeforeError = regexp.MustCompile(`(?:^|[\s(=])((?:/|\./|\.\./|~/)[^:]+): (?i:permission denied|operation not permitted|read-only file system)`)

// Denials finds the accesses the sandbox refused in a program's output
// (its error messages naming a path), with the reason for each; dir is
// the program's working directory. At most max are returned, each path
// once. Nothing is found when the sandbox is not enforced.
func (s *Sandbox) Denials(dir, output string, max int) []Denial {
	if !s.Enforced() || output == "" {
		return nil
	}
	var out []Denial
	seen := map[string]bool{}
	for _, line := range strings.Split(output, "\n") {
		if len(out) >= max {
			break
		}
		if !deniedLine.MatchString(line) {
			continue
		}
		// The path right before the error is the one refused; only
		// without one are the line's path-like words tried.
		found := [][]string{pathBeforeError.FindStringSubmatch(line)}
		if found[0] == nil {
			found = pathInLine.FindAllStringSubmatch(line, -1)
		}
		for _, m := range found {
			p := firstNonEmpty(m[1:]...)
			if p == "" || seen[p] || (!strings.Contains(p, "/") && p != ".git") {
				continue
			}
			if strings.HasPrefix(p, "~/") && s.spec.Home != "" {
				p = s.spec.Home + p[1:]
			}
			// A line that says it changes something, or names a path that
			// does not exist, is a write; otherwise a read first.
			write := writeVerb.MatchString(line) || !exists(s.abs(dir, p))
			why := s.Explain(dir, p, write)
			if why == "" && !write {
				why = s.Explain(dir, p, true)
			}
			if why != "" {
				seen[p] = true
				out = append(out, Denial{Path: p, Why: why})
				break
			}
		}
	}
	return out
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}

// abs makes p absolute from dir, expanding ~/.
func (s *Sandbox) abs(dir, p string) string {
	if strings.HasPrefix(p, "/") {
		return p
	}
	return dir + "/" + p
}
