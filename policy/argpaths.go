package policy

import (
	"path"
	"path/filepath"
	"strings"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/policy/boundary"
	"github.com/wtagent/wtagent/policy/secrets"
)

// judge decides what path-like command arguments mean. The lexical judge
// (Classify) knows no project root; the engine's judge resolves arguments
// against the root, the call's cwd and the symbolic links on disk.
type judge interface {
	// arg records findings for a path-like argument at word i.
	arg(c *classifier, i int, p string)
	// program records findings for the program word at index at.
	program(c *classifier, at int)
	// kind says what a path argument names: "file", "dir", "missing",
	// "outside", or "" when it cannot tell.
	kind(p string) string
	// wipes says what deleting p would destroy when that is a hard deny
	// (the file-system root, the home directory, the project root or a
	// directory above it), or "".
	wipes(p string) string
	// cases is how the platform compares names.
	cases() boundary.Case
}

// scanPaths judges every word that may be a path: "~", "/…", "../…",
// option values (--out=/x, -I/usr/include), NAME=value (make and dd
// operands), @file (curl data) and file:// URLs. Words marked as patterns,
// messages or code are skipped.
func (c *classifier) scanPaths() {
	for i := 1; i < len(c.words); i++ {
		if c.skip[i] {
			continue
		}
		if p, ok := pathCandidate(c.words[i]); ok {
			if gitRunsFrom(p, c.judge.cases()) {
				c.add(messages.RiskDestructive, "names "+p+": git runs what .git/hooks and .git/config say on later git calls", i)
			}
			c.judge.arg(c, i, p)
		}
	}
}

// gitRunsFrom reports .git/hooks (and what is in it) and .git/config,
// under the platform's Case (.GIT/Hooks on Windows): writing there
// makes later git calls run commands, as fs.write there asks.
func gitRunsFrom(p string, cs boundary.Case) bool {
	p = "/" + cs.Key(path.Clean(cs.Slash(p)))
	return strings.HasSuffix(p, "/.git/hooks") || strings.Contains(p, "/.git/hooks/") || strings.HasSuffix(p, "/.git/config")
}

// pathCandidate extracts the path a word may name.
func pathCandidate(t string) (string, bool) {
	if t == "" {
		return "", false
	}
	if rest, ok := strings.CutPrefix(t, "file://"); ok {
		return rest, rest != ""
	}
	if strings.Contains(t, "://") {
		return "", false
	}
	if strings.HasPrefix(t, "-") {
		if _, v, ok := strings.Cut(t, "="); ok {
			return pathCandidate(v)
		}
		rest := strings.TrimLeft(t, "-")
		rest = strings.TrimLeft(rest, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
		if strings.HasPrefix(rest, "/") || strings.HasPrefix(rest, "~") || strings.HasPrefix(rest, "..") {
			return rest, true
		}
		return "", false
	}
	if name, v, ok := strings.Cut(t, "="); ok && validEnvName(name) {
		return pathCandidate(v)
	}
	if rest, ok := strings.CutPrefix(t, "@"); ok {
		return rest, rest != ""
	}
	return t, true
}

// homePath reports whether p is "~" or under "~/".
func homePath(p string) bool { return p == "~" || strings.HasPrefix(p, "~/") }

// harmlessDevice lists absolute paths every program may name.
func harmlessDevice(p string) bool {
	switch p {
	case "/dev/null", "/dev/zero", "/dev/stdin", "/dev/stdout", "/dev/stderr", "/dev/tty",
		"/dev/random", "/dev/urandom":
		return true
	}
	return strings.HasPrefix(p, "/dev/fd/")
}

// systemProgram reports whether an absolute program path is in one of
// the system's program directories (/usr/bin/go is the go on PATH; a
// program under /tmp or a home is something else).
func systemProgram(p string) bool {
	switch filepath.Dir(filepath.Clean(p)) {
	case "/bin", "/sbin", "/usr/bin", "/usr/sbin", "/usr/local/bin", "/usr/local/sbin", "/usr/local/go/bin":
		return true
	}
	return false
}

// outsideReason explains an argument that leads outside the root.
func outsideReason(shown, abs string) string {
	if secrets.IsCredentialPath(abs) {
		return "reads the credential file " + shown + ", outside the project root"
	}
	return "refers to " + shown + ", outside the project root"
}
