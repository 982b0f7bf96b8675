package classify

import (
	"strings"

	"github.com/wtagent/wtagent/session/event"
)

// Classification is the risk of running a program with its arguments.
type Classification struct {
	// Risk is the highest risk found; RiskExecute when nothing stood out.
	Risk event.Risk
	// Reason explains the risk in one line (several reasons are joined
	// with "; ", the riskiest first).
	Reason string
	// Program is the program's basename after unwrapping env, sudo, nice,
	// timeout, xargs, npx and the like: what actually runs.
	Program string

	// Findings are what the judge and the command table found, each at
	// the word it sits on (a rule covers a finding by its word).
	Findings []Finding
	// Denied is the reason of a hard deny, or "".
	Denied string
}

// Command classifies a program and its argv: through wrappers, by the
// command table, and every path-like word by the judge j (which knows the
// project root and the home; policy's root judge, or a lexical one).
func Command(program string, argv []string, j Judge) Classification {
	c := &Classifier{Words: append([]string{program}, argv...), judge: j}
	c.skip = make([]bool, len(c.Words))
	c.unwrap(0, false)
	c.scanPaths()
	return c.result()
}

// handler classifies one program; at is the index of its name in the
// command words, fed is true when xargs or find -exec supplies more
// arguments that cannot be seen.
type handler func(c *Classifier, at int, fed bool)

// Classifier collects findings over the words of one command.
type Classifier struct {
	// Words are the command's words, the program first.
	Words []string
	judge Judge
	skip  []bool // words that are not paths (program names, patterns, code)
	// patterns marks the words that are file-name patterns (globs a
	// script's shell expands); nil for a direct call, whose words no
	// shell expands.
	patterns []bool
	// unknown marks the words whose value is known only when a script
	// runs (see ScriptCommand.Unknown).
	unknown []bool
	// stdin is the literal here-document or here-string the command
	// reads in a script.
	stdin string
	// pwsh is set for the commands of a PowerShell -Command script, where
	// ls, cat and % are cmdlets' aliases.
	pwsh bool
	// filter is the command a script pipes this one's output into.
	filter []string
	// secretEnv says which secrets a wrapper loaded into the environment
	// of the command (dotenv -- …), or "".
	secretEnv string
	// atFiles is set by the handlers of programs that read @name as the
	// file name (curl -d @f, gh api -F x=@f).
	atFiles bool
	// Program is the program that runs (after unwrapping).
	Program string
	// Findings and Denied become the Classification's.
	Findings []Finding
	Denied   string
	depth    int
}

// unwrap classifies the command starting at words[at] and records its
// program as the one that runs (wrappers call it for the wrapped command).
func (c *Classifier) unwrap(at int, fed bool) {
	if at >= len(c.Words) {
		return
	}
	c.Program = ProgramName(c.Words[at])
	c.nested(at, fed)
}

// nested classifies a command inside another (find -exec, git bisect run)
// without changing the reported program.
func (c *Classifier) nested(at int, fed bool) {
	if at >= len(c.Words) {
		return
	}
	if c.depth++; c.depth > MaxDepth {
		c.Add(event.RiskDestructive, "nests too many wrappers to classify", c.whole())
		return
	}
	c.skip[at] = true
	c.judge.Program(c, at)
	if h := commandHandler(ProgramName(c.Words[at])); h != nil {
		h(c, at, fed)
	} else if name := ProgramName(c.Words[at]); psCmdlet(name) || c.pwsh && cmdletAlias(name) != name {
		classifyCmdlet(c, at, fed)
	} else if w := c.word(c.operand(at + 1)); remoteVerb(w) {
		c.Add(event.RiskExternal, ProgramName(c.Words[at])+" "+w+" reaches or changes another system", c.whole())
	} else {
		c.unheldProgram(at)
	}
	c.unheldWrites(at)
	c.checkRunOptions(at)
}

// Add records a finding at word index at.
func (c *Classifier) Add(r event.Risk, reason string, at int) {
	c.Findings = append(c.Findings, Finding{Risk: r, Reason: reason, At: at})
}

// AddPath records a finding about an absolute path at word index at.
func (c *Classifier) AddPath(r event.Risk, reason string, at int, abs string) {
	c.Findings = append(c.Findings, Finding{Risk: r, Reason: reason, At: at, Path: abs})
}

// Deny records a hard deny.
func (c *Classifier) Deny(reason string) {
	if c.Denied == "" {
		c.Denied = reason
	}
}

// whole is the index of the last word: a finding there is covered only by
// a rule naming the whole command.
func (c *Classifier) whole() int { return len(c.Words) - 1 }

// word returns words[i], or "" past the end.
func (c *Classifier) word(i int) string {
	if i < len(c.Words) {
		return c.Words[i]
	}
	return ""
}

// shown renders words[from:to] for a reason.
func (c *Classifier) shown(from, to int) string {
	to = min(to, len(c.Words))
	if from >= to {
		return ""
	}
	return FormatCommand(c.Words[from], c.Words[from+1:to])
}

// operand skips options from index i and returns the index of the first
// operand: valued lists the options whose value is the next word. A "--"
// ends the options.
func (c *Classifier) operand(i int, valued ...string) int {
	for ; i < len(c.Words); i++ {
		t := c.Words[i]
		switch {
		case t == "--":
			return i + 1
		case t == "-" || !strings.HasPrefix(t, "-"):
			return i
		case !strings.Contains(t, "=") && contains(valued, t):
			i++
		}
	}
	return i
}

// hasOption reports whether any word from i on is one of opts (exactly, or
// as --opt=value).
func (c *Classifier) hasOption(i int, opts ...string) (int, bool) {
	for ; i < len(c.Words); i++ {
		t := c.Words[i]
		if t == "--" {
			break
		}
		name, _, _ := strings.Cut(t, "=")
		if contains(opts, t) || (strings.HasPrefix(t, "--") && contains(opts, name)) {
			return i, true
		}
	}
	return -1, false
}

// shortFlag reports whether a short-option cluster ("-rf", "-fdx") holds
// letter.
func shortFlag(t string, letter byte) bool {
	return len(t) > 1 && t[0] == '-' && t[1] != '-' && strings.IndexByte(t[1:], letter) >= 0
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// result folds the findings into a Classification.
func (c *Classifier) result() Classification {
	cl := Classification{Risk: event.RiskExecute, Program: c.Program, Findings: c.Findings, Denied: c.Denied}
	if c.Denied != "" {
		cl.Risk, cl.Reason = event.RiskDestructive, c.Denied
		return cl
	}
	if len(c.Findings) == 0 {
		cl.Reason = "runs " + c.Program
		return cl
	}
	cl.Reason = JoinReasons(c.Findings)
	for _, f := range c.Findings {
		cl.Risk = MaxRisk(cl.Risk, f.Risk)
	}
	return cl
}

// JoinReasons lists distinct reasons, the riskiest first.
func JoinReasons(fs []Finding) string {
	var out []string
	for rank := 6; rank >= 1; rank-- {
		for _, f := range fs {
			if RiskRank(f.Risk) == rank && !contains(out, f.Reason) {
				out = append(out, f.Reason)
			}
		}
	}
	return strings.Join(out, "; ")
}
