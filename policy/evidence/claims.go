package evidence

import (
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/wtagent/wtagent/policy/classify"
)

// Claims are what a done message says was done, by the tables of
// request_words.go: the done gate checks each against the ledger.
type Claims struct {
	// Commands are the commands it says passed: quoted in backticks in a
	// sentence that says they passed, or after "Verified:".
	Commands []CommandClaim
	// Tests and Build: it says the tests passed, or the build succeeded,
	// without quoting a command.
	Tests, Build bool
	// Files are the files it says it created or changed.
	Files []string
}

// CommandClaim is one command a done message says passed.
type CommandClaim struct {
	// Text is the command as written; Program its program (normalised).
	Text, Program string
	// Kind is what the command would prove (see VerificationOf).
	Kind Kind
}

// DoneClaims reads the claims of a done message. It reads only what the
// message asserts: a sentence with a negation, a condition or advice ("if
// the tests pass", "run `go test` to check", "I could not build") claims
// nothing.
func DoneClaims(message string) Claims {
	w := claimWords()
	var c Claims
	for _, s := range sentences(message) {
		if hedged(s, w) {
			continue
		}
		quoted := c.commands(s, w)
		plain := blankQuoted(s)
		if !quoted && anyWord(plain, w.pass) {
			c.Tests = c.Tests || anyWord(plain, w.test)
			c.Build = c.Build || anyWord(plain, w.build)
		}
		c.Files = append(c.Files, claimedFiles(s, w)...)
	}
	c.Files = uniq(c.Files)
	return c
}

// commands adds the commands sentence s says passed and reports whether
// it quoted any.
func (c *Claims) commands(s string, w claimTables) bool {
	var texts []string
	if anyWord(blankQuoted(s), w.pass) {
		for _, q := range quotedSpans(s) {
			if s[q[0]] == '`' {
				texts = append(texts, s[q[2]:q[3]])
			}
		}
	}
	lower := strings.ToLower(s)
	for _, l := range append(slices.Clone(w.verifiedLabel.en), w.verifiedLabel.zh...) {
		if i := strings.Index(lower, l); i >= 0 {
			if t := labelled(s[i+len(l):]); !slices.Contains(texts, t) {
				texts = append(texts, t)
			}
		}
	}
	found := false
	for _, t := range texts {
		f := strings.Fields(t)
		if len(f) == 0 {
			continue
		}
		if k := VerificationOf(f[0], f[1:]); k != None {
			c.Commands = append(c.Commands, CommandClaim{Text: strings.Join(f, " "), Program: classify.ProgramName(f[0]), Kind: k})
			found = true
		}
	}
	return found
}

// labelled is the command after a "Verified:" label: the backquoted
// span it starts with ("`node --test` passed (5 tests)"), or else the
// text up to the first comma, parenthesis, semicolon or dash.
func labelled(rest string) string {
	rest = strings.TrimSpace(rest)
	if strings.HasPrefix(rest, "`") {
		if j := strings.IndexByte(rest[1:], '`'); j >= 0 {
			return rest[1 : j+1]
		}
	}
	if j := strings.IndexAny(rest, ",(;—，（；"); j >= 0 {
		rest = rest[:j]
	}
	return strings.Trim(strings.TrimSpace(rest), "`")
}

// claimedFiles returns the names that follow a change verb in s, alone or
// in a list ("Changed a.go, b.go and c.go", "修改了文件 a.go、b.go"); the
// first may have a few words of its own before it ("removed the old
// build/ directory", "删除了旧的 build/ 目录").
func claimedFiles(s string, w claimTables) []string {
	spans := nameSpans(s)
	var out []string
	for _, v := range claimMatches(s, w.changed) {
		if lead := strings.TrimLeft(s[:v[0]], " \t0123456789.)-*"); lead == "" && isOneOf(s[v[0]:v[1]], w.advice) {
			continue // "1. Add the flag in main.go": a step, not a claim
		}
		at, allowed := v[1], claimWordsBeforeName
		if isOneOf(s[v[0]:v[1]], w.advice) {
			allowed = 0 // "change & only a.txt": a present form claims only what follows it
		}
		for _, sp := range spans {
			if sp[0] < at {
				continue
			}
			if otherWords(s[at:sp[0]], w) > allowed {
				break
			}
			out = append(out, s[sp[0]:sp[1]])
			at, allowed = sp[1], 0
		}
	}
	return out
}

// claimWordsBeforeName is how many words other than fillers may stand
// between a change verb and the first name it claims.
const claimWordsBeforeName = 2

// otherWords counts the words between a verb and a name, or between two
// names, that are not fillers or list punctuation (a run of Chinese
// counts as one word).
func otherWords(between string, w claimTables) int {
	f := strings.FieldsFunc(strings.ToLower(between), func(r rune) bool {
		return r == ' ' || strings.ContainsRune(",:`'\"()、，：（）", r)
	})
	n := 0
	for _, x := range f {
		for _, z := range w.fillers.zh {
			x = strings.ReplaceAll(x, z, "")
		}
		switch {
		case x == "" || slices.Contains(w.fillers.en, x):
		case strings.IndexFunc(x, func(r rune) bool { return !unicode.IsLetter(r) }) >= 0:
			return claimWordsBeforeName + 1 // "<b>a&b.txt": markup, not words about the name
		default:
			n++
		}
	}
	return n
}

// claimMatches returns the ranges of the table's words in s.
func claimMatches(s string, t words) [][2]int {
	return matches(s, t)
}

// anyWord reports a table word in s.
func anyWord(s string, t words) bool { return len(claimMatches(s, t)) > 0 }

// hedged reports a sentence that asserts nothing: a negation, a
// condition, advice or a failure.
func hedged(s string, w claimTables) bool {
	plain := strings.ToLower(blankQuoted(s))
	return anyWord(plain, w.hedge) || strings.Contains(plain, "n't")
}

// blankQuoted blanks out the backticked parts of s.
func blankQuoted(s string) string {
	b := []byte(s)
	for _, q := range quotedSpans(s) {
		if s[q[0]] == '`' {
			for i := q[0]; i < q[1]; i++ {
				b[i] = ' '
			}
		}
	}
	return string(b)
}

// sentences splits a message into sentences; a dot ends one only before
// a space or the end (not in ./... or a.go).
func sentences(s string) []string {
	return regexp.MustCompile(`[.!?;](?:\s|$)|[。！？；\n]`).Split(s, -1)
}
