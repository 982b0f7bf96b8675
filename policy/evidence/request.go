package evidence

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// Needs is the minimum evidence a request calls for before the run may
// finish (the design's rule): see RequestNeeds.
type Needs struct {
	// Change: the request asks to change the project, so a successful
	// side-effecting call is needed.
	Change bool
	// Read: it asks to read or explain something in the project, so a
	// successful read is needed (of Files, when it names any).
	Read bool
	// Verify: it asks to build, test, run or verify, so such a call must
	// have passed after the last change.
	Verify bool
	// Question: it is a question; a project file it names must be read.
	Question bool
	// Files are the file names and paths it names, as written.
	Files []string
	// ReadFiles are the named files it asks to read or asks about: not
	// the objects of a change or of a run ("read a.txt, then write
	// out.txt" reads a.txt only).
	ReadFiles []string
	// Chinese: it is written in Chinese (the refusal is too).
	Chinese bool
}

// RequestNeeds derives the minimum evidence from a user's request, in
// English or Chinese, by the tables of request_words.go. A word inside a
// file name, a path or a quoted string ("read test_build.txt",
// "fix-notes.md", "创建记录.txt") asks for nothing, nor does a negated one
// ("don't change anything, just explain"). A plain question, a greeting or
// thanks needs nothing.
func RequestNeeds(request string) Needs {
	w := requestWords()
	names, masked := findNames(request, w)
	n := Needs{Files: names, Chinese: hasHan(request)}
	projectNoun := len(names) > 0
	for _, c := range clauses(masked) {
		if hits(c, w.project, w, false) {
			projectNoun = true
		}
	}
	weak := false
	for _, c := range clauses(masked) {
		n.Change = n.Change || hits(c, w.change, w, true)
		n.Read = n.Read || hits(c, w.read, w, true)
		weak = weak || hits(c, w.readWeak, w, true)
		for _, m := range matches(c, w.verify, w) {
			if negated(c, m[0], w) {
				continue
			}
			if isOneOf(c[m[0]:m[1]], w.run) {
				if f := strings.Fields(strings.ToLower(c[:m[0]])); len(f) > 0 && slices.Contains(w.runNoun, f[len(f)-1]) {
					continue // "a dry run"
				}
				if len(matches(c[m[1]:], w.setup, w)) > 0 {
					n.Change = true // "run npm install" installs
					continue
				}
			}
			n.Verify = true
		}
	}
	n.Read = n.Read || weak && projectNoun
	n.Question = isQuestion(request, w)
	if n.Read || n.Question {
		n.ReadFiles = n.Files
	}
	return n
}

// None reports a request that needs no evidence.
func (n Needs) None() bool {
	return !n.Change && !n.Read && !n.Verify && !(n.Question && len(n.Files) > 0)
}

// hits reports an occurrence of a table word in clause c (not negated
// when checkNeg).
func hits(c string, t words, w requestTables, checkNeg bool) bool {
	for _, m := range matches(c, t, w) {
		if !checkNeg || !negated(c, m[0], w) {
			return true
		}
	}
	return false
}

// matches returns the byte ranges of the table's words in s: English ones
// at word boundaries and not joined to a name ("re-run"), Chinese ones
// outside the excepted compounds.
func matches(s string, t words, w requestTables) [][2]int {
	var out [][2]int
	for _, m := range wordRE(t.en).FindAllStringIndex(s, -1) {
		if !inName(s, m[0], m[1]) {
			out = append(out, [2]int{m[0], m[1]})
		}
	}
	for _, z := range t.zh {
		for i := 0; ; {
			j := strings.Index(s[i:], z)
			if j < 0 {
				break
			}
			from, to := i+j, i+j+len(z)
			if !excepted(s, from, to, w.exceptZH) {
				out = append(out, [2]int{from, to})
			}
			i = to
		}
	}
	return out
}

// wordRE matches any of the English words at word boundaries, longest
// first, without regard to case.
func wordRE(ws []string) *regexp.Regexp {
	if len(ws) == 0 {
		return regexp.MustCompile(`[^\x00-\x{10FFFF}]`) // matches nothing
	}
	q := slices.Clone(ws)
	slices.SortFunc(q, func(a, b string) int { return len(b) - len(a) })
	for i, x := range q {
		q[i] = regexp.QuoteMeta(x)
	}
	return regexp.MustCompile(`(?i)\b(?:` + strings.Join(q, "|") + `)\b`)
}

// isOneOf reports whether s is one of the table's words.
func isOneOf(s string, t words) bool {
	s = strings.ToLower(s)
	return slices.Contains(t.en, s) || slices.Contains(t.zh, s)
}

// excepted reports whether s[from:to] lies inside an excepted compound.
func excepted(s string, from, to int, except []string) bool {
	for _, e := range except {
		for i := 0; ; {
			j := strings.Index(s[i:], e)
			if j < 0 {
				break
			}
			if i+j <= from && to <= i+j+len(e) {
				return true
			}
			i += j + len(e)
		}
	}
	return false
}

// negated reports whether the word at byte at of clause c is negated: a
// negation word within reach before it, with no breaker in between.
func negated(c string, at int, w requestTables) bool {
	before := c[:at]
	if hasHan(before) || hasHan(c[at:min(len(c), at+3)]) {
		return negatedZH(before, w)
	}
	fields := strings.Fields(before)
	if len(fields) > negationReachEN {
		fields = fields[len(fields)-negationReachEN:]
	}
	for i := len(fields) - 1; i >= 0; i-- {
		if isOneOf(strings.Trim(fields[i], ",;:"), w.breaker) {
			fields = fields[i+1:]
			break
		}
	}
	win := strings.ToLower(strings.Join(fields, " "))
	for _, m := range wordRE(w.negation.en).FindAllStringIndex(win, -1) {
		if !startsWithWord(win[m[0]:], w.notNegation.en) {
			return true
		}
	}
	for _, f := range fields {
		if i := strings.Index(win, strings.ToLower(f)); strings.HasSuffix(strings.ToLower(f), "n't") && !startsWithWord(win[i:], w.notNegation.en) {
			return true
		}
	}
	return false
}

// startsWithWord reports whether s starts with one of the words.
func startsWithWord(s string, ws []string) bool {
	m := wordRE(ws).FindStringIndex(s)
	return m != nil && m[0] == 0
}

// negatedZH is negated for Chinese: the reach is counted in runes.
func negatedZH(before string, w requestTables) bool {
	r := []rune(before)
	if len(r) > negationReachZH {
		r = r[len(r)-negationReachZH:]
	}
	win := string(r)
	for _, b := range w.breaker.zh {
		if i := strings.LastIndex(win, b); i >= 0 {
			win = win[i+len(b):]
		}
	}
	for _, neg := range w.negation.zh {
		for i := 0; ; {
			j := strings.Index(win[i:], neg)
			if j < 0 {
				break
			}
			at := i + j
			if !excepted(win, at, at+len(neg), append(slices.Clone(w.notNegation.zh), w.exceptZH...)) {
				return true
			}
			i = at + len(neg)
		}
	}
	return false
}

// clauses splits text at the punctuation that ends a clause.
func clauses(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool {
		return strings.ContainsRune(",;.!?\n，。；！？", r)
	})
}

// isQuestion reports a question: a question mark, an English question
// word first, or a Chinese question word anywhere.
func isQuestion(s string, w requestTables) bool {
	if strings.ContainsAny(s, "?？") {
		return true
	}
	if f := strings.Fields(strings.ToLower(s)); len(f) > 0 && slices.Contains(w.question.en, strings.Trim(f[0], ",:")) {
		return true
	}
	for _, q := range w.question.zh {
		if strings.Contains(s, q) {
			return true
		}
	}
	return false
}

// inName reports whether s[from:to] is part of a path or file name: joined
// to a neighbour by '.', '/', '_', '-' or '\', where a '.' only counts
// when a letter or digit follows it (a file extension, not the end of a
// sentence).
func inName(s string, from, to int) bool {
	if from > 0 && strings.IndexByte("./_-\\", s[from-1]) >= 0 {
		return true
	}
	if to < len(s) {
		switch c := s[to]; {
		case c == '/' || c == '_' || c == '-' || c == '\\':
			return true
		case c == '.' && to+1 < len(s) && isWordByte(s[to+1]):
			return true
		}
	}
	return false
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

func hasHan(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			return true
		}
	}
	return false
}
