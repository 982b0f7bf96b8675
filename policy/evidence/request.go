package evidence

import (
	"path"
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
	// successful read is needed (of ReadFiles, when it names any).
	Read bool
	// Verify: it asks to build, test, run or verify, so such a call must
	// have passed after the last change.
	Verify bool
	// Question: it is a question.
	Question bool
	// Files are the file names and paths it names, as written.
	Files []string
	// ReadFiles are the named files it asks to read or asks about: not
	// the objects of a change or of a run ("read a.txt, then write
	// out.txt" reads a.txt only).
	ReadFiles []string
	// Commands are the programs it names as the run it asks for ("run
	// `mytool`", "运行 lint_all.py"): running one, however spelled, is
	// that run (see RunsNamed).
	Commands []string
	// Reproduce: it asks for tests that reproduce a bug, so a test run
	// that fails shows what it asks for ("add a failing test that
	// reproduces #12", 写一个复现问题的测试).
	Reproduce bool
	// Chinese: it is written in Chinese (the refusal is too).
	Chinese bool
}

// RequestNeeds derives the minimum evidence from a user's request, in
// English or Chinese, by its structure (see reading) and the tables of
// request_words.go. A word inside a file name, a path or a quoted string
// ("read test_build.txt", "fix-notes.md", "创建记录.txt") asks for
// nothing; a negation limits the word it names ("don't change anything,
// just explain"); a question, a hypothetical or a request for a plan asks
// for an answer, not a change; a pasted bug report asks for a fix and its
// check. A plain question, a greeting or thanks needs nothing.
func RequestNeeds(request string) Needs {
	r := newReader()
	request, content := slashCommand(request, r)
	if content {
		return Needs{Change: true, Chinese: hasHan(request)} // "/speckit.specify …": write what follows
	}
	names, masked, at := findNames(request, r)
	masked = r.contentAfter(strings.ReplaceAll(masked, "--fix", "  fix")) // sc:test --fix
	rd := r.read(masked, request)
	if r.bareVerb(masked) {
		rd.read = true // "review", "summarise": of the project, there being nothing else
	}
	n := Needs{Files: names, Chinese: hasHan(request), Question: r.isQuestion(request)}
	n.Change, n.Verify = rd.change, rd.verify
	if n.Verify {
		n.Commands = namedCommands(request)
		n.Reproduce = r.has(masked, r.w.reproduce)
	}
	n.Read = rd.read || rd.weak && (rd.projectNoun || len(names) > 0)
	for _, a := range at {
		if (rd.readsAt(a.at) || planFile(a.name) || r.userChanged(masked, a.at)) && !slices.Contains(n.ReadFiles, a.name) && a.name != "" && !webName(a.name) {
			n.ReadFiles = append(n.ReadFiles, a.name)
		}
	}
	if len(n.ReadFiles) > 0 && !rd.read && !rd.weak {
		n.Read = false // a question about a file: reading it is the read
	}
	return n
}

// slashCommand turns a request that starts with an agent's slash command
// ("/review", "/sc:test 'make verify'") into its words ("review", "test
// 'make verify'"): the command's last part is its verb. A command whose
// name is no verb of the tables ("/speckit.specify …", "/speckit.plan
// …") takes what follows as the content of the document it writes:
// content is set.
func slashCommand(request string, r reader) (string, bool) {
	m := regexp.MustCompile(`^\s*/([A-Za-z][\w.:-]*)(\s|$)`).FindStringSubmatchIndex(request)
	if m == nil {
		return request, false
	}
	name := request[m[2]:m[3]]
	if i := strings.LastIndexAny(name, ".:"); i >= 0 {
		name = name[i+1:]
	}
	known := slices.ContainsFunc([]words{r.w.change, r.w.read, r.w.readWeak, r.w.verify}, func(t words) bool { return isOneOf(name, t) })
	return name + request[m[3]:], !known && strings.TrimSpace(request[m[3]:]) != ""
}

// contentAfter blanks, in an English request that asks for a change
// before "the following:" or "as follows:", what comes after: it is the
// content of the change ("add a task for the following: verify that …"),
// not more requests.
func (r reader) contentAfter(masked string) string {
	m := regexp.MustCompile(`(?i)\b(?:the following|as follows)\s*:`).FindStringIndex(masked)
	if m == nil || !r.has(masked[:m[0]], words{en: r.w.change.en}) {
		return masked
	}
	b := []byte(masked)
	for i := m[1]; i < len(b); i++ {
		if b[i] != '\n' && b[i] != ' ' && b[i] != 0 {
			b[i] = '_'
		}
	}
	return string(b)
}

// bareVerb reports a request that is only a read or explain verb
// ("review", "summarise"): it is about the project.
func (r reader) bareVerb(masked string) bool {
	t := strings.TrimSpace(strings.Trim(masked, " \t\n.!?"))
	return t != "" && !strings.ContainsAny(t, " \t") && isOneOf(t, words{en: r.w.readWeak.en, zh: r.w.readWeak.zh})
}

// userChanged reports a name the user says they changed ("I modified
// tasks.txt", 我修改了 a.txt): it must be read again.
func (r reader) userChanged(masked string, at int) bool {
	before := strings.ToLower(masked[max(0, at-40):at])
	return regexp.MustCompile(`(?:\bi(?:'ve| have)? (?:just )?(?:modified|changed|updated|edited|rewrote|fixed)|我(?:刚)?(?:修改|改|更新|编辑)了)\s*\x00*\s*$`).MatchString(before)
}

// planFile reports a file that holds a plan (tasks.plan.md, 计划.txt):
// named, it is named to be followed, so read.
func planFile(name string) bool {
	base := strings.ToLower(path.Base(strings.ReplaceAll(name, `\`, "/")))
	return strings.Contains(base, "plan") || strings.Contains(base, "计划")
}

// webName reports a URL or a domain name: nothing to read in the
// project.
func webName(name string) bool {
	if strings.Contains(name, "://") {
		return true
	}
	switch strings.ToLower(path.Ext(name)) {
	case ".com", ".org", ".net", ".cn", ".io", ".edu", ".gov", ".ai", ".app", ".dev":
		return !strings.Contains(name, "/")
	}
	return false
}

// None reports a request that needs no evidence.
func (n Needs) None() bool {
	return !n.Change && !n.Read && !n.Verify && len(n.ReadFiles) == 0
}

// reader reads requests: the tables, the Chinese segmenter over them and
// the compiled word patterns of the tables.
type reader struct {
	w   requestTables
	seg segmenter
	re  *reCache
}

// reCache holds the compiled patterns of the word lists a reader matched.
type reCache struct{ m map[string]*regexp.Regexp }

// get returns the pattern of a word list (see wordRE), compiled once.
func (c *reCache) get(ws []string) *regexp.Regexp {
	key := strings.Join(ws, "\x00")
	re, ok := c.m[key]
	if !ok {
		re = wordRE(ws)
		c.m[key] = re
	}
	return re
}

// startsWith reports whether s starts with one of the words.
func (r reader) startsWith(s string, ws []string) bool {
	m := r.re.get(ws).FindStringIndex(s)
	return m != nil && m[0] == 0
}

func newReader() reader {
	w := requestWords()
	lists := [][]string{w.nounsZH, w.functionZH, w.fillersZH}
	for _, t := range []words{w.change, w.read, w.readWeak, w.project, w.verify, w.run, w.setup, w.negation, w.notNegation,
		w.breaker, w.question, w.answer, w.plan, w.sequence, w.polite, w.ensure, w.works, w.pronouns, w.verifyNouns, w.bug,
		w.spec, w.whole, w.answerRead, w.still, w.diagnose, w.approval, w.review, w.whether, w.reproduce} {
		lists = append(lists, t.zh)
	}
	return reader{w: w, seg: newSegmenter(lists...), re: &reCache{m: map[string]*regexp.Regexp{}}}
}

// matches returns the byte ranges of the table's words in s, in order:
// English ones at word boundaries and not joined to a name ("re-run"),
// Chinese ones as words of the segmented text (开发 is not a word of
// 开发计划).
func (r reader) matches(s string, t words) [][2]int {
	out := englishMatches(s, r.re.get(t.en))
	if len(t.zh) > 0 && hasHan(s) {
		for _, tok := range r.seg.cut(s) {
			if slices.Contains(t.zh, s[tok[0]:tok[1]]) {
				out = append(out, tok)
			}
		}
		slices.SortFunc(out, func(a, b [2]int) int { return a[0] - b[0] })
	}
	return out
}

// has reports a table word in s.
func (r reader) has(s string, t words) bool { return len(r.matches(s, t)) > 0 }

// englishMatches returns the ranges of the table's English words in s.
func englishMatches(s string, re *regexp.Regexp) [][2]int {
	var out [][2]int
	for _, m := range re.FindAllStringIndex(s, -1) {
		if !inName(s, m[0], m[1]) {
			out = append(out, [2]int{m[0], m[1]})
		}
	}
	return out
}

// matches returns the byte ranges of the table's words in s, the Chinese
// ones as substrings: for done messages (see DoneClaims).
func matches(s string, t words) [][2]int {
	out := englishMatches(s, wordRE(t.en))
	for _, z := range t.zh {
		for i := 0; ; {
			j := strings.Index(s[i:], z)
			if j < 0 {
				break
			}
			out = append(out, [2]int{i + j, i + j + len(z)})
			i += j + len(z)
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

// negated reports whether the word at byte at of clause c is negated: a
// negation word within reach before it, with no breaker in between.
func (r reader) negated(c string, at int) bool {
	w := r.w
	before := c[:at]
	if hasHan(before) || hasHan(c[at:min(len(c), at+3)]) {
		return r.negatedZH(before)
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
	for _, m := range r.re.get(w.negation.en).FindAllStringIndex(win, -1) {
		if !r.startsWith(win[m[0]:], w.notNegation.en) {
			return true
		}
	}
	for _, f := range fields {
		if i := strings.Index(win, strings.ToLower(f)); strings.HasSuffix(strings.ToLower(f), "n't") && !r.startsWith(win[i:], w.notNegation.en) {
			return true
		}
	}
	return false
}

// negatedZH is negated for Chinese, by words: a negation word among the
// words within reach (in runes) before, after the last breaker.
func (r reader) negatedZH(before string) bool {
	rs := []rune(before)
	if len(rs) > negationReachZH {
		rs = rs[len(rs)-negationReachZH:]
	}
	win := string(rs)
	toks := r.seg.cut(win)
	for i := len(toks) - 1; i >= 0; i-- {
		t := win[toks[i][0]:toks[i][1]]
		switch {
		case slices.Contains(r.w.breaker.zh, t):
			return false
		case slices.Contains(r.w.negation.zh, t):
			return true
		}
	}
	return false
}

// isQuestion reports a question: a question mark, an English question
// word first, or a Chinese question word.
func (r reader) isQuestion(s string) bool {
	if strings.ContainsAny(s, "?？") {
		return true
	}
	if r.startsWith(strings.ToLower(strings.TrimSpace(s)), r.w.question.en) {
		return true
	}
	return hasHan(s) && r.has(s, words{zh: r.w.question.zh})
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
