package classify

import (
	"strings"
	"unicode"

	"github.com/wtagent/wtagent/session/event"
)

// classifyWindowsRemove classifies Windows' deleters: cmd's rd, rmdir, del
// and erase (switches /s /q /f /a:h, on Windows only: elsewhere /s is a
// path) and PowerShell's Remove-Item and its aliases (-Recurse, -Force,
// -Path …). Every operand goes through the wipe check; a recursive delete
// (/s, -Recurse), several operands, a wildcard, an operand outside the
// root or operands fed by xargs are destructive.
func classifyWindowsRemove(c *Classifier, at int, fed bool) {
	name := ProgramName(c.Words[at])
	recursive := false
	var ops []int
	for i := at + 1; i < len(c.Words); i++ {
		t := c.Words[i]
		switch {
		case c.judge.Cases().Volumes && cmdSwitch(t):
			c.skip[i] = true
			recursive = recursive || strings.EqualFold(t, "/s")
		case len(t) > 1 && t[0] == '-':
			recursive = recursive || strings.HasPrefix(strings.ToLower(t), "-r")
		default:
			ops = append(ops, i)
		}
	}
	c.denyWipes(name, ops)
	last := c.whole()
	switch {
	case fed:
		c.Add(event.RiskDestructive, name+" deletes whatever xargs or find feeds it", last)
	case len(ops) > 1:
		c.Add(event.RiskDestructive, name+" deletes several paths", last)
	case len(ops) == 1 && c.judge.Kind(c.Words[ops[0]]) == "outside":
		c.Add(event.RiskDestructive, name+" deletes "+c.Words[ops[0]]+", outside the project root", last)
	case len(ops) == 1 && dataFile(c.Words[ops[0]]):
		c.Add(event.RiskDestructive, name+" deletes the data file "+c.Words[ops[0]]+" — the data in it is lost", last)
	case len(ops) == 1 && strings.ContainsAny(c.Words[ops[0]], "*?"):
		c.Add(event.RiskDestructive, name+" deletes every match of "+c.Words[ops[0]], last)
	case recursive && len(ops) == 1:
		c.Add(event.RiskDestructive, name+" deletes the directory tree "+c.Words[ops[0]], last)
	}
}

// cmdSwitch reports whether w is a cmd switch: /s, /Q, /a:h.
func cmdSwitch(w string) bool {
	return len(w) >= 2 && w[0] == '/' && unicode.IsLetter(rune(w[1])) && (len(w) == 2 || w[2] == ':')
}

// SplitWindowsScript splits the command line of cmd /c or pwsh -Command
// into commands and their words, for the hard denies only: commands end at
// & | ; ( ) { } and line ends outside quotes, words at spaces, and quotes
// ("…", '…') are dropped. It does not know either language's escapes,
// variables or blocks; what it splits wrongly is still the inline code the
// caller has already flagged as destructive.
func SplitWindowsScript(src string) [][]string {
	var cmds [][]string
	var words []string
	var word strings.Builder
	inWord := false
	var quote rune
	endWord := func() {
		if inWord {
			words = append(words, word.String())
		}
		word.Reset()
		inWord = false
	}
	endCmd := func() {
		endWord()
		if len(words) > 0 {
			cmds = append(cmds, words)
		}
		words = nil
	}
	for _, r := range src {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			word.WriteRune(r)
		case r == '"' || r == '\'':
			quote, inWord = r, true
		case strings.ContainsRune("&|;(){}\r\n", r):
			endCmd()
		case r == ' ' || r == '\t':
			endWord()
		default:
			word.WriteRune(r)
			inWord = true
		}
	}
	endCmd()
	return cmds
}
