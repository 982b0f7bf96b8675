package evidence

import (
	"regexp"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"
)

// nameAt is a name found in a request and where it starts; mention: it
// was written @name, which hands the file to the agent to read.
type nameAt struct {
	name    string
	at      int
	mention bool
}

// findNames returns the file names and paths text names, in order and
// without repeats, and text with them, its quoted strings and its fenced
// code blanked out (same length, NUL bytes: a name is still a word), so
// their words ask for nothing; and where each name stands. Names in
// fenced code are not named by the request.
func findNames(text string, rd reader) ([]string, string, []nameAt) {
	b := []byte(text)
	blank := func(from, to int) {
		for i := from; i < to; i++ {
			b[i] = 0
		}
	}
	for _, f := range regexp.MustCompile("(?s)```.*?(?:```|$)").FindAllStringIndex(text, -1) {
		blank(f[0], f[1])
	}
	var names []string
	var at []nameAt
	for _, q := range quotedSpans(string(b)) {
		inner := strings.TrimSpace(text[q[2]:q[3]])
		if sp := nameSpans(inner); len(sp) == 1 && sp[0] == [2]int{0, len(inner)} {
			names = append(names, inner)
			at = append(at, nameAt{name: inner, at: q[0]})
		} else {
			for _, s := range sp {
				names = append(names, inner[s[0]:s[1]])
				at = append(at, nameAt{name: inner[s[0]:s[1]], at: q[0]})
			}
		}
		blank(q[0], q[1])
	}
	t := string(b)
	for _, s := range nameSpans(t) {
		if rd.alternatives(t[s[0]:s[1]]) {
			continue
		}
		from := s[0]
		if r, _ := utf8.DecodeRuneInString(t[from:]); unicode.Is(unicode.Han, r) {
			from = stripVerb(t, s, rd)
		}
		names = append(names, t[from:s[1]])
		at = append(at, nameAt{t[from:s[1]], from, strings.HasPrefix(t[from:s[1]], "@")})
		blank(from, s[1])
	}
	for i := range at {
		at[i].name = trimName(at[i].name)
	}
	return uniq(names), string(b), at
}

// alternatives reports a word/word pair that is no path: two words and
// neither a usual directory name ("km/hr", "dark/light", "and/or").
func (r reader) alternatives(name string) bool {
	a, b, ok := strings.Cut(name, "/")
	letters := func(x string) bool {
		return x != "" && strings.IndexFunc(x, func(c rune) bool { return !unicode.IsLetter(c) }) < 0
	}
	return ok && letters(a) && letters(b) && !slices.Contains(r.w.dirs, strings.ToLower(a)) && !slices.Contains(r.w.dirs, strings.ToLower(b))
}

// quotedSpans returns the quoted strings of s as [open, close+1, inner
// start, inner end]: `…`, "…", “…”, 「…」 and 『…』.
func quotedSpans(s string) [][4]int {
	pairs := [][2]string{{"`", "`"}, {`"`, `"`}, {"“", "”"}, {"「", "」"}, {"『", "』"}}
	var out [][4]int
	for i := 0; i < len(s); {
		opened := false
		for _, p := range pairs {
			if !strings.HasPrefix(s[i:], p[0]) {
				continue
			}
			j := strings.Index(s[i+len(p[0]):], p[1])
			if j < 0 {
				continue
			}
			in := i + len(p[0])
			out = append(out, [4]int{i, in + j + len(p[1]), in, in + j})
			i, opened = in+j+len(p[1]), true
			break
		}
		if !opened {
			if q, ok := singleQuoted(s, i); ok {
				out = append(out, q)
				i = q[1]
				continue
			}
			i++
		}
	}
	return out
}

// singleQuoted returns the '…' string that opens at s[i], on one line and
// not an apostrophe (it's, the users' files): no letter or digit before
// the opening quote nor after the closing one.
func singleQuoted(s string, i int) ([4]int, bool) {
	if s[i] != '\'' || i > 0 && isWordByte(s[i-1]) {
		return [4]int{}, false
	}
	for j := i + 1; j < len(s) && s[j] != '\n'; j++ {
		if s[j] == '\'' && j > i+1 && (j+1 == len(s) || !isWordByte(s[j+1])) {
			return [4]int{i, j + 1, i + 1, j}, true
		}
	}
	return [4]int{}, false
}

// nameSpans returns the byte ranges of file names (a name with an
// extension), paths (with a slash) and the well-known names without an
// extension (Makefile, README) in s.
func nameSpans(s string) [][2]int {
	var spans [][2]int
	for _, m := range regexp.MustCompile(`\.[A-Za-z][A-Za-z0-9]{0,7}`).FindAllStringIndex(s, -1) {
		dot, end := m[0], m[1]
		if end < len(s) && (isWordByte(s[end]) || s[end] == '_') || dot == 0 {
			continue
		}
		start := dot
		for start > 0 {
			r, n := utf8.DecodeLastRuneInString(s[:start])
			if !isNameRune(r) && !unicode.Is(unicode.Han, r) {
				break
			}
			start -= n
		}
		if start == dot {
			continue
		}
		if r, _ := utf8.DecodeLastRuneInString(s[:dot]); !unicode.Is(unicode.Han, r) {
			// 修复fix-notes.md: the name is the part after the Chinese.
			for i := dot; i > start; {
				r, n := utf8.DecodeLastRuneInString(s[:i])
				if unicode.Is(unicode.Han, r) {
					start = i
					break
				}
				i -= n
			}
		}
		if regexp.MustCompile(`^[A-Za-z]\.[A-Za-z]$`).MatchString(s[start:end]) { // e.g, i.e
			continue
		}
		if ext := s[dot+1 : end]; ext != strings.ToLower(ext) && ext != strings.ToUpper(ext) {
			continue // Mathf.Max, console.Log: a member, not an extension
		}
		spans = append(spans, [2]int{start, end})
	}
	for i := 0; i < len(s); i++ {
		if s[i] != '/' && s[i] != '\\' {
			continue
		}
		from, to := i, i+1
		for from > 0 && isNameRune(rune(s[from-1])) {
			from--
		}
		for to < len(s) && isNameRune(rune(s[to])) {
			to++
		}
		to = hanSegment(s, to)
		for to > from && strings.IndexByte(".:,", s[to-1]) >= 0 {
			to--
		}
		if strings.IndexFunc(s[from:to], unicode.IsLetter) >= 0 {
			spans = append(spans, [2]int{from, to})
		}
		i = to
	}
	for _, m := range regexp.MustCompile(`\b(?:Makefile|Dockerfile|README|LICENSE|CHANGELOG|Gemfile|Procfile|Justfile|Taskfile)\b`).FindAllStringIndex(s, -1) {
		spans = append(spans, [2]int{m[0], m[1]})
	}
	return merge(spans)
}

// hanSegment extends a path that ends at s[to] over a Chinese file name
// after its last separator (plans/查看样本_47e7.plan.md), when the name
// has an extension; else it returns to.
func hanSegment(s string, to int) int {
	if to == 0 || to >= len(s) || s[to-1] != '/' && s[to-1] != '\\' {
		return to
	}
	end := to
	for end < len(s) {
		r, n := utf8.DecodeRuneInString(s[end:])
		if !isNameRune(r) && !unicode.Is(unicode.Han, r) {
			break
		}
		end += n
	}
	if regexp.MustCompile(`\.[A-Za-z][A-Za-z0-9]{0,7}$`).MatchString(s[to:end]) {
		return end
	}
	return to
}

// isNameRune reports an ASCII rune that may be part of a file name or a
// path.
func isNameRune(r rune) bool {
	return r < utf8.RuneSelf && (isWordByte(byte(r)) || strings.ContainsRune("_-.~@+/\\:", r))
}

// merge unites overlapping ranges, in order.
func merge(spans [][2]int) [][2]int {
	slices.SortFunc(spans, func(a, b [2]int) int { return a[0] - b[0] })
	var out [][2]int
	for _, s := range spans {
		if n := len(out); n > 0 && s[0] <= out[n-1][1] {
			out[n-1][1] = max(out[n-1][1], s[1])
			continue
		}
		out = append(out, s)
	}
	return out
}

// stripVerb returns where a Chinese file name written against its verb
// starts: "请创建记录.txt" creates 记录.txt. When a request word comes
// earlier in the clause ("查看 创建记录.txt", "读取创建记录.txt" after 读取)
// the rest is the name.
func stripVerb(t string, s [2]int, r reader) int {
	w := r.w
	clauseStart := strings.LastIndexAny(t[:s[0]], ",;.!?\n，。；！？") + 1
	all := words{}
	for _, x := range []words{w.change, w.read, w.readWeak, w.verify} {
		all.zh = append(all.zh, x.zh...)
	}
	if r.has(t[clauseStart:s[0]], all) {
		return s[0]
	}
	from := s[0]
	for again := true; again; {
		again = false
		for _, f := range w.fillersZH {
			if strings.HasPrefix(t[from:s[1]], f) {
				from, again = from+len(f), true
			}
		}
	}
	best := 0
	for _, z := range all.zh {
		if strings.HasPrefix(t[from:s[1]], z) && len(z) > best {
			best = len(z)
		}
	}
	if best == 0 || strings.HasPrefix(t[from+best:s[1]], ".") {
		return s[0]
	}
	return from + best
}

// trimName drops what surrounds a name: punctuation after it, the @ of an
// attachment (@src/app.js), a line reference (main.go:129, a.txt:77-85)
// and a list number before it (2.a.pem).
func trimName(n string) string {
	n = strings.TrimLeft(strings.TrimRight(n, ".:,"), "@")
	n = regexp.MustCompile(`:\d+(?:-\d+)?$`).ReplaceAllString(n, "")
	return regexp.MustCompile(`^\d+\.([^\d.])`).ReplaceAllString(n, "$1")
}

// uniq drops repeats and names that are only punctuation, and the @ of an
// attachment (@src/app.js).
func uniq(names []string) []string {
	var out []string
	for _, n := range names {
		n = trimName(n)
		if n != "" && !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}
