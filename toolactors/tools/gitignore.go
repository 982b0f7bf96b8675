package tools

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"regexp"
	"strings"
)

// ignoreRule is one pattern of a .gitignore file, compiled.
type ignoreRule struct {
	re       *regexp.Regexp
	negate   bool
	dirOnly  bool
	anchored bool
	// glob is the pattern as written, without "!", the leading "/" and the
	// trailing "/" (kept to translate rules for ripgrep).
	glob string
}

// ignoreFile holds the rules of one .gitignore (or .git/info/exclude),
// which apply to paths below base (root-relative, "" for the root).
type ignoreFile struct {
	base  string
	rules []ignoreRule
}

// maxIgnoreFile bounds how much of one ignore file is read.
const maxIgnoreFile = 1 << 20

// parseIgnore compiles gitignore(5) patterns. Invalid patterns are
// skipped, as git does.
func parseIgnore(base string, r io.Reader) *ignoreFile {
	f := &ignoreFile{base: base}
	sc := bufio.NewScanner(io.LimitReader(r, maxIgnoreFile))
	sc.Buffer(make([]byte, 0, 4096), maxIgnoreFile)
	for sc.Scan() {
		if rule, ok := parseIgnoreLine(sc.Text()); ok {
			f.rules = append(f.rules, rule)
		}
	}
	return f
}

func parseIgnoreLine(line string) (ignoreRule, bool) {
	line = strings.TrimSuffix(line, "\r")
	if line == "" || line[0] == '#' {
		return ignoreRule{}, false
	}
	line = trimTrailingSpaces(line)
	if line == "" {
		return ignoreRule{}, false
	}
	var r ignoreRule
	if line[0] == '!' {
		r.negate = true
		line = line[1:]
	}
	if strings.HasSuffix(line, "/") && !strings.HasSuffix(line, `\/`) {
		r.dirOnly = true
		line = strings.TrimRight(line, "/")
	}
	if line == "" {
		return ignoreRule{}, false
	}
	r.anchored = strings.Contains(line, "/")
	line = strings.TrimPrefix(line, "/")
	r.glob = line
	g := line
	if !r.anchored {
		g = "**/" + g
	}
	re, err := globRegexp(g)
	if err != nil {
		return ignoreRule{}, false
	}
	r.re = re
	return r, true
}

// trimTrailingSpaces removes trailing spaces unless escaped with "\".
func trimTrailingSpaces(s string) string {
	for strings.HasSuffix(s, " ") && !strings.HasSuffix(s, `\ `) {
		s = s[:len(s)-1]
	}
	return s
}

// match reports whether the file decides rel (root-relative): matched is
// false when no rule applies, otherwise ignored tells the decision (the
// last matching rule wins).
func (f *ignoreFile) match(rel string, isDir bool) (ignored, matched bool) {
	if f.base != "" {
		if !strings.HasPrefix(rel, f.base+"/") {
			return false, false
		}
		rel = rel[len(f.base)+1:]
	}
	for i := len(f.rules) - 1; i >= 0; i-- {
		r := f.rules[i]
		if r.dirOnly && !isDir {
			continue
		}
		if r.re.MatchString(rel) {
			return !r.negate, true
		}
	}
	return false, false
}

// ignoreStack is the ignore files in force in one directory, outermost
// (lowest precedence) first.
type ignoreStack []*ignoreFile

// ignored reports whether rel, a direct child of the directory the stack
// belongs to, is ignored. Callers prune ignored directories, which gives
// git's rule that nothing below an excluded directory is re-included.
func (s ignoreStack) ignored(rel string, isDir bool) bool {
	for i := len(s) - 1; i >= 0; i-- {
		if ign, ok := s[i].match(rel, isDir); ok {
			return ign
		}
	}
	return false
}

// push returns the stack with f added (a copy, so siblings don't share).
func (s ignoreStack) push(f *ignoreFile) ignoreStack {
	if f == nil || len(f.rules) == 0 {
		return s
	}
	out := make(ignoreStack, len(s), len(s)+1)
	copy(out, s)
	return append(out, f)
}

// loadIgnore reads dir/.gitignore through the root; a missing file gives
// nil.
func loadIgnore(root *os.Root, dir string) *ignoreFile {
	return loadIgnoreFile(root, join(dir, ".gitignore"), dir)
}

func loadIgnoreFile(root *os.Root, name, base string) *ignoreFile {
	f, err := root.Open(name)
	if err != nil {
		return nil
	}
	defer f.Close()
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		return nil
	}
	if base == "." {
		base = ""
	}
	return parseIgnore(base, f)
}

// ancestorStack builds the stack in force inside dir (root-relative):
// .git/info/exclude, then every .gitignore from the root down to dir.
func ancestorStack(root *os.Root, dir string) ignoreStack {
	var s ignoreStack
	s = s.push(loadIgnoreFile(root, ".git/info/exclude", ""))
	s = s.push(loadIgnore(root, "."))
	if dir == "." || dir == "" {
		return s
	}
	parts := strings.Split(dir, "/")
	for i := range parts {
		s = s.push(loadIgnore(root, strings.Join(parts[:i+1], "/")))
	}
	return s
}

// ignoreChecker answers "is this root-relative path ignored?" for
// arbitrary paths, loading and caching ignore files per directory. It
// checks every ancestor directory too, as a pruning walk would.
type ignoreChecker struct {
	root   *os.Root
	stacks map[string]ignoreStack
	// hidden makes dot-files and dot-directories count as ignored.
	hidden bool
}

func newIgnoreChecker(root *os.Root, hidden bool) *ignoreChecker {
	return &ignoreChecker{root: root, stacks: map[string]ignoreStack{}, hidden: hidden}
}

// stack returns the ignore stack in force inside dir.
func (c *ignoreChecker) stack(dir string) ignoreStack {
	if s, ok := c.stacks[dir]; ok {
		return s
	}
	var s ignoreStack
	if dir == "." {
		s = ignoreStack(nil).push(loadIgnoreFile(c.root, ".git/info/exclude", "")).push(loadIgnore(c.root, "."))
	} else {
		s = c.stack(parentDir(dir)).push(loadIgnore(c.root, dir))
	}
	c.stacks[dir] = s
	return s
}

// ignored reports whether rel (a directory when isDir) or any directory
// above it is ignored or hidden.
func (c *ignoreChecker) ignored(rel string, isDir bool) bool {
	parts := strings.Split(rel, "/")
	dir := "."
	for i, name := range parts {
		isDir := isDir || i < len(parts)-1
		if c.hidden && strings.HasPrefix(name, ".") {
			return true
		}
		p := strings.Join(parts[:i+1], "/")
		if c.stack(dir).ignored(p, isDir) {
			return true
		}
		dir = p
	}
	return false
}

// parentDir is path.Dir for root-relative paths, with "." for the root.
func parentDir(rel string) string {
	if i := strings.LastIndexByte(rel, '/'); i >= 0 {
		return rel[:i]
	}
	return "."
}

// ripgrepRules renders the rules of the given ignore files as one
// gitignore file whose patterns are relative to the project root, for
// ripgrep's --ignore-file (used when searching below the root, since rg
// cannot be told where the project's parents stop).
func ripgrepRules(files ignoreStack) []byte {
	var b bytes.Buffer
	for _, f := range files {
		for _, r := range f.rules {
			if r.negate {
				b.WriteByte('!')
			}
			switch {
			case f.base == "" && r.anchored:
				b.WriteString("/" + r.glob)
			case f.base == "":
				b.WriteString(r.glob)
			case r.anchored:
				b.WriteString("/" + escapeGlob(f.base) + "/" + r.glob)
			default:
				b.WriteString("/" + escapeGlob(f.base) + "/**/" + r.glob)
			}
			if r.dirOnly {
				b.WriteByte('/')
			}
			b.WriteByte('\n')
		}
	}
	return b.Bytes()
}

// escapeGlob quotes glob metacharacters of a literal path.
func escapeGlob(s string) string {
	var b strings.Builder
	for _, c := range s {
		if strings.ContainsRune(`*?[]\{}!# `, c) {
			b.WriteByte('\\')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// isNotExist reports a missing file.
func isNotExist(err error) bool { return errors.Is(err, fs.ErrNotExist) }
