package evidence

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// verbKind is what a verb of a request asks for.
type verbKind int

const (
	verbChange verbKind = iota + 1
	verbRead
	verbWeak // read or explain, when about the project
	verbVerify
)

// verbAt is a verb of a request and where it stands.
type verbAt struct {
	at   int
	kind verbKind
}

// span is a byte range of the request: a sentence or a clause.
type span struct{ from, to int }

// clauseReading is one clause: its verbs (not negated, not nouns), in
// order, and where the answer part of its sentence starts and ends (-1
// when it has none).
type clauseReading struct {
	span
	verbs              []verbAt
	answerFrom, answer int
}

// inAnswer reports whether position p is in the part of its sentence
// that asks for an answer.
func (c clauseReading) inAnswer(p int) bool {
	return c.answerFrom >= 0 && p >= c.answerFrom && p < c.answer
}

// reading is what a request's structure asks for (see reader.read).
type reading struct {
	change, verify, read, weak, projectNoun bool
	clauses                                 []clauseReading
}

// readsAt reports whether the name at byte p is something to read: the
// object of a read or explain verb (the nearest before it in its clause,
// else the first after it, else the last of the clauses before), or named
// in a question.
func (rd reading) readsAt(p int) bool {
	ci := -1
	for i, c := range rd.clauses {
		if c.from <= p {
			ci = i
		}
	}
	if ci < 0 {
		return false
	}
	c := rd.clauses[ci]
	if c.inAnswer(p) {
		return true
	}
	var v *verbAt
	for i := range c.verbs {
		if c.verbs[i].at <= p || v == nil {
			v = &c.verbs[i]
		}
		if c.verbs[i].at > p {
			break
		}
	}
	for i := ci - 1; v == nil && i >= 0; i-- {
		if n := len(rd.clauses[i].verbs); n > 0 {
			v = &rd.clauses[i].verbs[n-1]
		}
	}
	return v != nil && (v.kind == verbRead || v.kind == verbWeak)
}

// read reads the structure of a request whose names and quoted strings
// are blanked out: sentences, the part of each that asks for an answer
// (a question, a hypothetical, a request for steps or a plan, and the
// sentences that describe the plan), its clauses (split at punctuation
// and at sequence words: then, 然后), the verbs of each, and what the
// sentence is (a bug report, a rule about the program's behaviour).
func (r reader) read(s, orig string) reading {
	var rd reading
	planning, fixes, asks, owed, diagnoses := false, false, false, false, false
	sents := sentenceSpans(s)
	context := r.contextUntil(s, sents)
	for i, sent := range sents {
		text := s[sent.from:sent.to]
		from, to, plan := r.answerPart(text)
		if i < context {
			from, to = 0, len(text)
		}
		rd.read = rd.read || plan && r.has(text, r.w.planRead)
		if planning && from < 0 {
			from, to = 0, len(text)
			if q := r.matches(text, r.w.sequence); len(q) > 0 {
				from, to = -1, 0
				if q[0][0] > 0 {
					from, to = 0, q[0][0]
				}
			}
		}
		planning = plan || planning && to == len(text)
		if from >= 0 {
			from, to = sent.from+from, sent.from+to
			asks = true
		}
		bug := false
		for _, c := range r.clauseSpans(s, sent) {
			cr := r.clause(s, c, from, to)
			rd.clauses = append(rd.clauses, cr)
			r.judgeClause(s, orig, cr, &rd)
			b, spec := r.reportsBug(s[c.from:c.to])
			owed = owed || b && r.has(text, r.w.still) // still broken: the fix is owed, asked why or not
			if cr.inAnswer(c.from) {
				continue
			}
			if cr.answerFrom > c.from && cr.answerFrom < c.to {
				b, spec = r.reportsBug(s[c.from:cr.answerFrom]) // "… and tell me why it is not working"
			}
			bug = bug || b
			rd.change = rd.change || spec
		}
		fixes = fixes || bug && !r.has(text, r.w.read) && !r.has(text, r.w.review)
		if from < 0 && r.has(text, r.w.diagnose) && !r.negated(text, r.matches(text, r.w.diagnose)[0][0]) {
			owed = true
			diagnoses = diagnoses || !r.has(text, words{en: []string{"continue", "continuing"}, zh: []string{"继续"}})
		}
	}
	rd.read = rd.read || diagnoses // debug why: find the fault in the code
	switch {
	case owed || fixes && (rd.change || !asks && !rd.read) && !r.has(s, r.w.retry):
		rd.change, rd.verify = true, true
	case fixes:
		rd.change = true // "the write failed; try it again": the change is the evidence
	}
	return rd
}

// contextUntil returns how many sentences, from the first, are context
// for a final question: when the last sentence is a question that is not
// a request, the sentences before it that do not start with a request
// ("I would like to split this class. How would you split it?") tell
// what it is about, and ask for nothing else.
func (r reader) contextUntil(s string, sents []span) int {
	if len(sents) < 2 {
		return 0
	}
	last := s[sents[len(sents)-1].from:sents[len(sents)-1].to]
	end := strings.TrimRightFunc(last, func(c rune) bool { return unicode.IsSpace(c) || unicode.IsPunct(c) })
	asked := strings.ContainsAny(last, "?？") || strings.HasSuffix(end, "吗") || r.startsWith(r.withoutIntro(strings.ToLower(last)), r.w.question.en) ||
		r.has(last, words{zh: []string{"为什么", "怎么", "如何", "是不是"}})
	if from, _, _ := r.answerPart(last); from != 0 || !asked {
		return 0
	}
	for _, x := range sents[:len(sents)-1] {
		text := strings.TrimSpace(s[x.from:x.to])
		if r.startsRequest(text) || r.has(text, r.w.sequence) {
			return 0
		}
	}
	return len(sents) - 1
}

// startsRequest reports a sentence that starts with a verb or a polite
// request: an imperative.
func (r reader) startsRequest(text string) bool {
	body := r.withoutIntro(strings.ToLower(text))
	if hasHan(text) {
		toks := r.seg.cut(strings.TrimSpace(text))
		if len(toks) > 0 && isOneOf(strings.TrimSpace(text)[toks[0][0]:toks[0][1]], words{zh: append(slices.Clone(r.w.change.zh), r.w.spec.zh...)}) {
			return true // 要弄成…, 修改…: a verb first
		}
		return r.has(text, words{zh: r.w.polite.zh})
	}
	for _, t := range []words{r.w.change, r.w.read, r.w.readWeak, r.w.verify, r.w.polite, r.w.ensure} {
		if r.startsWith(body, t.en) {
			return true
		}
	}
	return r.startsWith(body, r.w.imperative)
}

// withoutIntro drops the words that may open a sentence before what it
// asks ("perfect, lets …", "also make …").
func (r reader) withoutIntro(lower string) string {
	trim := func(x string) string {
		return strings.TrimLeftFunc(x, func(c rune) bool { return unicode.IsSpace(c) || unicode.IsPunct(c) || c == 0 })
	}
	body := trim(lower)
	for again := true; again; {
		again = false
		for _, intro := range []string{"perfect", "great", "ok", "okay", "so", "and", "also", "but", "hi", "hey", "thanks",
			"well", "now", "hmm", "then", "please", "pls", "lets", "let's", "if so"} {
			if r.startsWith(body, []string{intro}) {
				body, again = trim(body[len(intro):]), true
			}
		}
	}
	return body
}

// answerPart returns where, in a sentence, the part that asks for an
// answer starts and ends (-1 when none) and whether it asks for a plan. A
// question that does not start as a request ("can you run the tests?",
// 能帮我修复吗) is an answer as a whole; otherwise the part starts at the
// first answer phrase and ends at a sequence word after it ("make a plan,
// then implement it").
func (r reader) answerPart(text string) (int, int, bool) {
	body := r.withoutIntro(strings.ToLower(text))
	polite := r.startsWith(body, r.w.polite.en)
	if hasHan(text) {
		p, v := r.matches(text, words{zh: r.w.polite.zh}), r.matches(text, words{zh: append(slices.Clone(r.w.change.zh), r.w.verify.zh...)})
		polite = polite || len(p) > 0 && (len(v) == 0 || p[0][0] < v[0][0])
	}
	end := strings.TrimRightFunc(text, func(c rune) bool { return unicode.IsSpace(c) || unicode.IsPunct(c) })
	question := strings.ContainsAny(text, "?？") || r.startsWith(body, r.w.question.en) ||
		strings.HasSuffix(end, "吗") || strings.Contains(text, "对吧") || strings.Contains(text, "是吧")
	from := -1
	if question && !polite {
		from = 0
	} else if f := r.matches(text, r.w.answer); len(f) > 0 {
		from = r.answerStart(text, f[0])
		verbBefore := slices.ContainsFunc(r.matches(text[:f[0][0]], words{zh: append(slices.Clone(r.w.change.zh), r.w.verify.zh...)}),
			func(m [2]int) bool { return !r.nounAt(text, m[0]) && utf8.RuneCountInString(text[m[1]:f[0][0]]) <= 2 })
		switch {
		case isOneOf(text[f[0][0]:f[0][1]], r.w.whether) && verbBefore:
			from = -1 // 验证能否启动: whether it starts is what to verify
		case hasHan(text[f[0][0]:f[0][1]]) && !polite && !r.startsWithVerbZH(text):
			// 怎么做呢: a Chinese question word asks about the whole
			// sentence, up to a request after it (怎么做呢，帮我实现).
			to := len(text)
			if i := strings.Index(text[f[0][1]:], "如果"); i >= 0 && strings.Contains(text[f[0][1]+i:], "就") {
				to = f[0][1] + i // 还可以…吗，如果有就选中: the rule after the question is a request
			}
			for _, p := range r.matches(text[f[0][1]:to], words{zh: r.w.polite.zh}) {
				if before := strings.TrimRightFunc(text[:f[0][1]+p[0]], unicode.IsSpace); strings.ContainsAny(lastRune(before), ",;:，；：、") {
					to = f[0][1] + p[0]
					break
				}
			}
			return 0, to, len(r.matches(text[:to], r.w.plan)) > 0
		}
	}
	if from < 0 {
		return -1, 0, false
	}
	to := len(text)
	for _, q := range r.matches(text, r.w.sequence) {
		if q[0] > from && !(question && !polite) {
			to = q[0]
			break
		}
	}
	plan := slices.ContainsFunc(r.matches(text[from:to], r.w.plan), func([2]int) bool { return true })
	return from, to, plan
}

// startsWithVerbZH reports a Chinese sentence that starts with a verb of
// the tables: an imperative (运行 uname，告诉我…).
func (r reader) startsWithVerbZH(text string) bool {
	toks := r.seg.cut(text)
	if len(toks) == 0 {
		return false
	}
	first := text[toks[0][0]:toks[0][1]]
	return slices.ContainsFunc([]words{r.w.change, r.w.verify, r.w.read, r.w.readWeak}, func(t words) bool { return slices.Contains(t.zh, first) })
}

// answerStart is where the answer part that the answer phrase at f
// starts: a plan asked for by the verb before it ("create a plan", "make
// a task list") starts at that verb; a phrase after a change verb is its
// object ("implement how to log in"), no answer at all (-1).
func (r reader) answerStart(text string, f [2]int) int {
	verbs := r.matches(text[:f[1]], words{en: append(slices.Clone(r.w.change.en), r.w.imperative...), zh: r.w.change.zh})
	plan := len(r.matches(text[f[0]:f[1]], r.w.plan)) > 0
	for i := len(verbs) - 1; i >= 0; i-- {
		v := verbs[i]
		if v[0] >= f[0] || r.negated(text, v[0]) {
			continue
		}
		if !plan {
			return -1
		}
		if v[1] >= f[0] || len(strings.Fields(text[v[1]:f[0]])) <= 2 {
			return v[0]
		}
		break
	}
	return f[0]
}

// clause reads one clause's verbs.
func (r reader) clause(s string, c span, answerFrom, answerTo int) clauseReading {
	cr := clauseReading{span: c, answerFrom: answerFrom, answer: answerTo}
	text := s[c.from:c.to]
	phrases := r.matches(text, r.w.answer)
	inPhrase := func(m [2]int) bool {
		return slices.ContainsFunc(phrases, func(p [2]int) bool { return m[0] < p[1] && p[0] < m[1] })
	}
	for _, t := range []struct {
		words
		kind verbKind
	}{{r.w.change, verbChange}, {r.w.read, verbRead}, {r.w.readWeak, verbWeak}, {r.w.verify, verbVerify}, {r.w.ensure, verbChange}} {
		for _, m := range r.matches(text, t.words) {
			if r.negated(text, m[0]) || t.kind != verbRead && (r.nounAt(text, m[0]) || inPhrase(m)) || t.kind == verbRead && r.purposeAt(text, m[0]) {
				continue
			}
			kind := t.kind
			if text[m[0]:m[1]] == "检查" && (strings.ContainsRune(text, 0) || strings.Contains(text, "代码") || strings.Contains(text, "文件")) {
				kind = verbWeak // 检查 a.ts 代码: inspect it
			}
			if text[m[0]:m[1]] == "打开" && strings.Contains(text, "服务") {
				kind = verbVerify // 打开本地服务器: start it
			}
			if kind == verbVerify && strings.Contains(text, "如果") && strings.Contains(text, "就") {
				continue // 如果有就执行选中的逻辑: what the program does, not a run
			}
			if isOneOf(text[m[0]:m[1]], r.w.run) {
				if f := strings.Fields(strings.ToLower(text[:m[0]])); len(f) > 0 && slices.Contains(r.w.runNoun, f[len(f)-1]) {
					continue // "a dry run"
				}
				if r.has(text[m[1]:], r.w.setup) {
					kind = verbChange // "run npm install" installs
				}
			}
			cr.verbs = append(cr.verbs, verbAt{c.from + m[0], kind})
		}
	}
	for _, m := range r.matches(text, r.w.approval) {
		cr.verbs = append(cr.verbs, verbAt{c.from + m[0], verbChange})
	}
	cr.verbs = r.objects(text, c.from, cr.verbs)
	lower := strings.ToLower(text)
	if body := r.withoutIntro(lower); r.startsWith(body, r.w.imperative) && !r.onlyWorks(r.re.get(r.w.imperative).ReplaceAllString(body, "")) &&
		(!r.startsWith(body, []string{"use"}) || r.has(body, words{en: []string{"if", "instead", "rather than", "unless", "by default", "when"}})) {
		// "use stdout if …" states a rule; "use the mcp server" names a tool
		cr.verbs = append(cr.verbs, verbAt{c.from + len(text) - len(body), verbChange})
	}
	if toks := r.seg.cut(text); len(toks) > 0 && slices.Contains(r.w.imperativeZH, text[toks[0][0]:toks[0][1]]) {
		cr.verbs = append(cr.verbs, verbAt{c.from + toks[0][0], verbChange}) // 用actor
	}
	slices.SortStableFunc(cr.verbs, func(a, b verbAt) int { return a.at - b.at })
	// A verify word right after a change verb is its object: "add tests".
	cr.verbs = slices.DeleteFunc(cr.verbs, func(v verbAt) bool {
		if v.kind != verbVerify || hasHan(s[v.at:min(len(s), v.at+3)]) {
			return false
		}
		before := strings.Fields(strings.ToLower(s[c.from:v.at]))
		return len(before) > 0 && isOneOf(before[len(before)-1], words{en: r.w.change.en})
	})
	return cr
}

// objects drops the change verbs that are the object of a read or
// explain verb before them in the clause, with no "and" or "then"
// between ("梳理一下现在实现了哪些功能", "explain how to implement it").
func (r reader) objects(text string, from int, verbs []verbAt) []verbAt {
	slices.SortStableFunc(verbs, func(a, b verbAt) int { return a.at - b.at })
	var out []verbAt
	reading := -1
	for _, v := range verbs {
		if (v.kind == verbRead || v.kind == verbWeak) && !r.source(text[v.at-from:]) {
			reading = v.at - from
		}
		if v.kind == verbChange && reading >= 0 && !r.has(text[reading:v.at-from], r.w.breaker) {
			continue
		}
		out = append(out, v)
	}
	return out
}

// source reports text that starts with a word naming a source to follow
// (根据, according to): a verb after it is no object of it.
func (r reader) source(text string) bool {
	if hasHan(text[:min(len(text), 3)]) {
		toks := r.seg.cut(text)
		return len(toks) > 0 && slices.Contains(r.w.source, text[toks[0][0]:toks[0][1]])
	}
	return r.startsWith(strings.ToLower(text), r.w.source)
}

// lastRune is the last rune of s, as a string.
func lastRune(s string) string {
	r, _ := utf8.DecodeLastRuneInString(s)
	return string(r)
}

// nounAt reports an English word used as a noun ("the fix", "a build
// step") or naming a purpose ("a button to verify the schema").
func (r reader) nounAt(text string, at int) bool {
	if hasHan(text[at:min(len(text), at+3)]) {
		return strings.HasSuffix(text[:at], "的") // 现在的测试
	}
	f := strings.Fields(strings.ToLower(text[:at]))
	if len(f) == 0 {
		return false
	}
	last := strings.Trim(f[len(f)-1], "\"'`(")
	if slices.Contains(r.w.determiners, last) {
		return true
	}
	if m := regexp.MustCompile(`^\w+`).FindStringIndex(text[at:]); m != nil && r.headNoun(text[at+m[1]:]) {
		return true
	}
	return r.purposeAt(text, at)
}

// onlyWorks reports what follows "make sure" or "make" when it only asks
// that something work: a pronoun, then works, passes, compiles ("make
// sure it works", "make it compile", 确保它能跑).
func (r reader) onlyWorks(rest string) bool {
	rest = strings.TrimSpace(rest)
	rest = strings.TrimSpace(strings.TrimPrefix(rest, "that "))
	if strings.HasPrefix(rest, "它") || strings.HasPrefix(rest, "都") {
		return true
	}
	return r.startsWith(strings.ToLower(rest), r.w.pronouns.en) && (r.has(rest, r.w.works) || r.has(rest, r.w.verify))
}

// headNoun reports whether the text after a word starts with a noun that
// makes the word its modifier ("test sets", "a build step", "error
// handling").
func (r reader) headNoun(after string) bool {
	next := strings.Fields(strings.ToLower(after))
	return len(next) > 0 && slices.Contains(r.w.nounHeads, strings.Trim(next[0], ",.;:()"))
}

// purposeAt reports an English word after "to" that names a purpose or a
// quality, not the request ("hard to read", "a button to verify it").
func (r reader) purposeAt(text string, at int) bool {
	f := strings.Fields(strings.ToLower(text[:at]))
	return len(f) > 1 && f[len(f)-1] == "to" && !slices.Contains(r.w.purpose, strings.Trim(f[len(f)-2], ",;:"))
}

// judgeClause adds what a clause asks for to the reading.
func (r reader) judgeClause(s, orig string, c clauseReading, rd *reading) {
	text := s[c.from:c.to]
	changes := false
	for _, v := range c.verbs {
		switch {
		case v.kind == verbRead:
			rd.read = true
		case v.kind == verbWeak:
			rd.weak = true
		case c.inAnswer(v.at):
		case v.kind == verbVerify:
			rd.verify = true
		default:
			changes = true
		}
	}
	if e := r.matches(text, r.w.ensure); len(e) > 0 && !c.inAnswer(c.from+e[0][0]) && !r.negated(text, e[0][0]) {
		rest := text[e[0][1]:]
		onlyWorks := r.onlyWorks(rest)
		changes = changes && !onlyWorks
		if onlyWorks || r.has(rest, r.w.verify) || r.has(rest, r.w.verifyNouns) || r.has(rest, r.w.works) {
			rd.verify = true
		}
	}
	rd.change = rd.change || changes
	nouns := slices.DeleteFunc(r.matches(text, r.w.verifyNouns), func(m [2]int) bool {
		return r.headNoun(text[m[1]:]) // a build step
	})
	if len(nouns) > 0 && !c.inAnswer(c.from+nouns[0][0]) {
		n := nouns[0]
		if changes || r.has(text[n[1]:], r.w.works) {
			rd.verify = true
		}
		isVerb := slices.ContainsFunc(c.verbs, func(v verbAt) bool { return v.at == c.from+n[0] })
		var last *verbAt // the verb whose object the noun is
		for i := range c.verbs {
			if c.verbs[i].at < c.from+n[0] {
				last = &c.verbs[i]
			}
		}
		creates := last != nil && last.kind == verbChange && !r.has(text[:n[0]], r.w.ensure)
		if creates && !isVerb && !r.has(text[n[0]:n[1]], words{en: []string{"build"}, zh: []string{"构建", "编译"}}) {
			rd.read = true // tests are written for code that is read
		}
	}
	rd.projectNoun = rd.projectNoun || r.has(text, r.w.project)
	if r.wholeProject(text) && (changes || !slices.ContainsFunc(c.verbs, func(v verbAt) bool { return v.kind == verbVerify })) {
		rd.read = true
	}
	if c.answerFrom >= 0 && c.to > c.answerFrom && c.from < c.answer {
		from, to := max(c.from, c.answerFrom), min(c.to, c.answer)
		part := s[from:to]
		named := slices.ContainsFunc(r.matches(part, r.w.answerRead), func(m [2]int) bool {
			return !r.negated(part, m[0]) && !r.proposed(part, m[0])
		})
		why := r.has(part, words{en: []string{"why"}, zh: []string{"为什么", "为啥"}}) // why the program does so: read it
		rd.read = rd.read || named || why || r.wholeProject(part) ||
			regexp.MustCompile("\\b[a-z]+[A-Z][A-Za-z0-9]*\\b|\\b[A-Z][a-z0-9]+[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*\\b|\\b[A-Z][a-z]+\\d+\\b|\\b\\w+\\(\\)|`\\w+`").MatchString(orig[from:to])
	}
}

// proposed reports an English noun after "the" and one more word in a
// hypothetical ("what would go in the wheel class"): a thing proposed,
// not one of the project to read.
func (r reader) proposed(part string, at int) bool {
	if hasHan(part) || !r.has(part, words{en: []string{"would", "could", "should"}}) {
		return false
	}
	f := strings.Fields(strings.ToLower(part[:at]))
	return len(f) > 1 && (f[len(f)-2] == "the" || f[len(f)-2] == "a")
}

// wholeProject reports a phrase that names the project as a whole ("this
// repo", 项目), not a new one (a new project, 新项目) nor a place ("in the
// root of the project").
func (r reader) wholeProject(text string) bool {
	for _, m := range r.matches(text, r.w.whole) {
		before := strings.TrimSpace(text[:m[0]])
		f := strings.Fields(strings.ToLower(before))
		place := len(f) > 0 && slices.Contains([]string{"in", "into", "inside", "to", "at", "within"}, f[len(f)-1]) ||
			len(f) > 1 && f[len(f)-2] == "root" // the root of the project: a place
		if !place && !strings.HasSuffix(before, "新") && !strings.HasSuffix(before, "一个") && !strings.HasSuffix(strings.ToLower(before), " new") {
			return true
		}
	}
	return false
}

// reportsBug reports a clause that describes a failure (a bug marker not
// negated, an error's name, a stack trace's "line N") and one that states
// a rule about the program's behaviour (a spec phrase).
func (r reader) reportsBug(text string) (bug, spec bool) {
	for _, m := range r.matches(text, r.w.bug) {
		if !r.negated(text, m[0]) && !r.headNoun(text[m[1]:]) && !strings.HasPrefix(text[m[1]:], "(") {
			bug = true
		}
	}
	bug = bug || regexp.MustCompile(`\bline \d+\b|:\d+:\d+\b`).MatchString(text)
	for _, m := range regexp.MustCompile(`\b[A-Z]\w*(?:Error|Exception)\b`).FindAllStringIndex(text, -1) {
		bug = bug || !strings.HasPrefix(text[m[1]:], "(") // new Error(…) is code, SyntaxError: a report
	}
	conditional := strings.Contains(text, "如果") && strings.Contains(text, "就") // 如果没有就提示: a rule
	return bug, r.has(text, r.w.spec) || conditional
}

// sentenceSpans splits a request into sentences, each with its end mark:
// a '.', '!' or '?' ends one before a space or the end, a Chinese mark or
// a line break anywhere.
func sentenceSpans(s string) []span {
	var out []span
	from := 0
	for i, c := range s {
		end := strings.ContainsRune("。！？\n", c) ||
			strings.ContainsRune(".!?", c) && (i+1 == len(s) || s[i+1] == ' ' || s[i+1] == '\n' || s[i+1] == '\t')
		if end {
			if strings.TrimSpace(s[from:i]) != "" {
				out = append(out, span{from, i + len(string(c))})
			}
			from = i + len(string(c))
		}
	}
	if strings.TrimSpace(s[from:]) != "" {
		out = append(out, span{from, len(s)})
	}
	return out
}

// clauseSpans splits a sentence into clauses at clause punctuation and
// before sequence words.
func (r reader) clauseSpans(s string, sent span) []span {
	cuts := []int{sent.from}
	text := s[sent.from:sent.to]
	for i, c := range text {
		if strings.ContainsRune(",;:，；：、", c) {
			cuts = append(cuts, sent.from+i+len(string(c)))
		}
	}
	for _, m := range r.matches(text, r.w.sequence) {
		cuts = append(cuts, sent.from+m[0])
	}
	slices.Sort(cuts)
	cuts = slices.Compact(append(cuts, sent.to))
	var out []span
	for i := 0; i+1 < len(cuts); i++ {
		if strings.TrimSpace(s[cuts[i]:cuts[i+1]]) != "" {
			out = append(out, span{cuts[i], cuts[i+1]})
		}
	}
	return out
}
