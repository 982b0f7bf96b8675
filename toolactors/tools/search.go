package tools

import (
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/policy/secrets"
	"github.com/wtagent/wtagent/protocol"
)

// SearchHit is one matching line.
type SearchHit struct {
	// Path is project-relative.
	Path string `json:"path"`
	// Line is 1-based.
	Line int    `json:"line"`
	Text string `json:"text"`
}

// SearchResult is fs.search's Data.
type SearchResult struct {
	Pattern string      `json:"pattern"`
	Path    string      `json:"path"`
	Hits    []SearchHit `json:"matches"`
	// Truncated is set when more hits exist than were returned
	// (max_results, or the tool's output cap).
	Truncated bool `json:"truncated,omitempty"`
	// Engine is "ripgrep" or "go".
	Engine string `json:"engine"`
}

// searchQuery is a validated fs.search request. Both engines give the
// same hits in the same order: files in depth-first order with each
// directory's entries sorted by name, lines in file order, at most max in
// total; hidden files, symlinks and binary files (a NUL in the first
// 64 KiB) are skipped, and .gitignore rules from the project root down
// (plus .git/info/exclude) apply, whether or not git is initialised.
type searchQuery struct {
	pattern string
	literal bool
	fold    bool
	// re matches one line; multi is re with (?m), a whole-file prefilter
	// (nil when the pattern can't be prefiltered).
	re, multi *regexp.Regexp
	// needle is a case-sensitive literal pattern: the lines that hold it
	// are exactly the hits, found with bytes.Index instead of the regexp.
	needle []byte
	// prefix is a literal every match of a case-sensitive regexp starts
	// with: only lines holding it are given to the regexp.
	prefix []byte
	// dir is the root-relative directory searched.
	dir  string
	glob *pathGlob
	// max is the total hit cap; lineBytes caps each hit's text.
	max       int
	lineBytes int
	// concealed are the root-relative paths (slash-separated) no hit may
	// come from: wtagent's data and credential stores inside the tree
	// searched (sandbox.Sandbox.Concealed).
	concealed []string
}

func newSearchQuery(a *protocol.FSSearchArgs, dir string, lineBytes int) (*searchQuery, error) {
	if a.Pattern == "" {
		return nil, fmt.Errorf("%w: pattern is empty", ErrBadArgs)
	}
	q := &searchQuery{pattern: a.Pattern, literal: !a.Regex, fold: a.CaseInsensitive, dir: dir, max: a.MaxResults, lineBytes: lineBytes}
	if q.max <= 0 {
		q.max = 200
	}
	expr := a.Pattern
	if q.literal {
		expr = regexp.QuoteMeta(expr)
	}
	flags := ""
	if q.fold {
		flags = "i"
	}
	var err error
	if q.re, err = regexp.Compile(withFlags(flags, expr)); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadPattern, err)
	}
	if q.literal || !strings.Contains(expr, `\A`) && !strings.Contains(expr, `\z`) {
		q.multi = regexp.MustCompile(withFlags(flags+"m", expr))
	}
	switch {
	case q.fold:
	case q.literal:
		q.needle = []byte(a.Pattern)
	default:
		if p, _ := q.re.LiteralPrefix(); len(p) >= 3 {
			q.prefix = []byte(p)
		}
	}
	if a.Glob != "" {
		if q.glob, err = compilePathGlob(a.Glob); err != nil {
			return nil, err
		}
	}
	return q, nil
}

func withFlags(flags, expr string) string {
	if flags == "" {
		return expr
	}
	return "(?" + flags + ")" + expr
}

// globOK reports whether a root-relative file passes the glob.
func (q *searchQuery) globOK(rel string) bool {
	if q.glob == nil {
		return true
	}
	if q.dir != "." {
		rel = strings.TrimPrefix(rel, q.dir+"/")
	}
	return q.glob.match(rel)
}

// hides reports whether a root-relative file lies in a concealed path, or
// is named like a credential file.
func (q *searchQuery) hides(rel string) bool {
	if secrets.IsCredentialPath(rel) {
		return true
	}
	rel = filepath.ToSlash(rel)
	for _, c := range q.concealed {
		if c == "." || rel == c || strings.HasPrefix(rel, c+"/") {
			return true
		}
	}
	return false
}

// concealedIn turns the concealed absolute paths that lie in base into
// base-relative, slash-separated ones ("." when base itself is one).
func concealedIn(paths []string, base string) []string {
	var out []string
	for _, p := range paths {
		if rel, err := filepath.Rel(base, p); err == nil && filepath.IsLocal(rel) {
			out = append(out, filepath.ToSlash(rel))
		} else if r, err := filepath.Rel(p, base); err == nil && filepath.IsLocal(r) {
			out = append(out, ".")
		}
	}
	return out
}

// hitText is a hit's line as shown: line end removed, invalid UTF-8
// replaced, cut to lineBytes on a rune boundary.
func (q *searchQuery) hitText(line []byte) string {
	line = trimEOL(line)
	cut := false
	if len(line) > q.lineBytes {
		n := q.lineBytes
		for n > 0 && !utf8.RuneStart(line[n]) {
			n--
		}
		line, cut = line[:n], true
	}
	s := strings.ToValidUTF8(string(line), "\uFFFD")
	if cut {
		s += "…"
	}
	return s
}

func trimEOL(b []byte) []byte {
	if n := len(b); n > 0 && b[n-1] == '\n' {
		b = b[:n-1]
	}
	if n := len(b); n > 0 && b[n-1] == '\r' {
		b = b[:n-1]
	}
	return b
}

func fsSearch(ctx context.Context, c call) event.ToolResult {
	a, err := argsAs[protocol.FSSearchArgs](c)
	if err != nil {
		return errResult(err, nil)
	}
	t, _, err := c.locateDir(a.Path, "; fs.search searches a directory (use glob to pick files)")
	if err != nil {
		return errResult(err, nil)
	}
	defer t.close()
	q, err := newSearchQuery(a, t.rel, c.d.Limits.LineBytes)
	if err != nil {
		return errResult(err, nil)
	}
	base := c.d.Paths.Dir()
	if t.outside {
		base = t.prefix
	}
	if real, err := filepath.EvalSymlinks(base); err == nil {
		base = real
	}
	q.concealed = concealedIn(c.d.Sandbox.Concealed(), base)
	engine, name := searchGo, "go"
	if rg := c.ripgrep(); rg != "" && !t.outside {
		engine, name = func(ctx context.Context, c call, t target, q *searchQuery) ([]SearchHit, error) {
			return searchRipgrep(ctx, rg, c, t, q)
		}, "ripgrep"
	}
	hits, err := engine(ctx, c, t, q)
	if err != nil {
		return errResult(err, nil)
	}
	res := SearchResult{Pattern: a.Pattern, Path: t.show, Engine: name}
	if len(hits) > q.max {
		hits, res.Truncated = hits[:q.max], true
	}
	if t.outside {
		for i := range hits {
			hits[i].Path = t.display(hits[i].Path)
		}
	}
	res.Hits, res.Truncated = capHits(hits, c.spec.OutputLimit, res.Truncated)
	files := map[string]bool{}
	for _, h := range res.Hits {
		files[h.Path] = true
	}
	msg := fmt.Sprintf("%d matches in %d files", len(res.Hits), len(files))
	if res.Truncated {
		msg += " (more exist; narrow the pattern, path or glob)"
	}
	return okResult(msg, res)
}

// capHits keeps the hits whose JSON fits in limit bytes.
func capHits(hits []SearchHit, limit int, truncated bool) ([]SearchHit, bool) {
	if limit <= 0 {
		return hits, truncated
	}
	size := 200
	for i, h := range hits {
		size += len(h.Path) + len(h.Text) + 40
		if size > limit {
			return hits[:i], true
		}
	}
	return hits, truncated
}

// ripgrep returns the rg binary to use, or "".
func (c call) ripgrep() string {
	if c.d.NoRipgrep {
		return ""
	}
	p, err := exec.LookPath("rg")
	if err != nil {
		return ""
	}
	return p
}
