package evidence

import (
	"slices"
	"strings"

	"github.com/wtagent/wtagent/policy/classify"
)

// SideEffecting reports whether a command that exited zero may have changed
// something, for the done gate's "a successful side-effecting call": not a
// program that only reads or prints (ls, cat, grep, git status …), nor a
// test runner. Wrappers are looked through as VerificationOf does, and a
// shell script is side-effecting unless it is a test (its redirections may
// write).
func SideEffecting(program string, argv []string) bool {
	if VerificationOf(program, argv) == Test {
		return false
	}
	prog := classify.ProgramName(program)
	sub := firstWord(skipOptions(argv))
	switch prog {
	case "ls", "cat", "head", "tail", "less", "more", "grep", "egrep", "fgrep", "rg", "ag", "wc", "pwd", "echo", "printf",
		"stat", "file", "tree", "which", "whereis", "type", "printenv", "date", "uname", "id", "whoami", "du", "df", "diff",
		"cmp", "md5sum", "sha256sum", "sha1sum", "nl", "od", "xxd", "hexdump", "strings", "readlink", "realpath", "basename",
		"dirname", "true", "test", "[", "jq", "column", "sort", "uniq", "cut", "tr", "awk", "sed", "env":
		if prog == "sed" || prog == "awk" {
			return slices.Contains(argv, "-i") || slices.Contains(argv, "--in-place") || prog == "awk" && slices.Contains(argv, "inplace")
		}
		if prog == "env" {
			return len(argv) > 0 && !containsOnlyAssignments(argv)
		}
		return false
	case "find":
		return slices.Contains(argv, "-delete") || slices.Contains(argv, "-exec") || slices.Contains(argv, "-execdir") || slices.Contains(argv, "-fprint")
	case "git":
		switch sub {
		case "status", "log", "diff", "show", "blame", "ls-files", "grep", "rev-parse", "describe", "shortlog", "branch":
			return sub == "branch" && len(argv) > 1
		}
	case "go":
		switch sub {
		case "version", "env", "list", "doc", "vet":
			return false
		}
	}
	return true
}

// containsOnlyAssignments reports env arguments that only set variables
// (env alone prints the environment).
func containsOnlyAssignments(argv []string) bool {
	for _, a := range argv {
		if !strings.ContainsRune(a, '=') && !strings.HasPrefix(a, "-") {
			return false
		}
	}
	return true
}

// Documentation reports a file that documents rather than builds: a
// change to it after a passing run does not void the run (README.md,
// docs/guide.md, CHECKLIST, notes.txt).
func Documentation(path string) bool {
	p := strings.ToLower(strings.ReplaceAll(path, `\`, "/"))
	base := p[strings.LastIndex(p, "/")+1:]
	switch {
	case strings.HasPrefix(p, "docs/") || strings.Contains(p, "/docs/") || strings.HasPrefix(p, "doc/"):
		return true
	case strings.HasSuffix(base, ".md") || strings.HasSuffix(base, ".markdown") || strings.HasSuffix(base, ".rst") ||
		strings.HasSuffix(base, ".adoc") || strings.HasSuffix(base, ".txt"):
		return true
	}
	for _, n := range []string{"readme", "changelog", "checklist", "todo", "notes", "license", "authors"} {
		if base == n || strings.HasPrefix(base, n+".") {
			return true
		}
	}
	return false
}
