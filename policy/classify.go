package policy

import (
	"strings"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/policy/classify"
)

// Classification is the risk of running a program with its arguments.
type Classification struct {
	// Risk is the highest risk found; RiskExecute when nothing stood out.
	Risk messages.Risk
	// Reason explains the risk in one line (several reasons are joined
	// with "; ", the riskiest first).
	Reason string
	// Program is the program's basename after unwrapping env, sudo, nice,
	// timeout, xargs, npx and the like: what actually runs.
	Program string

	findings []finding
	denied   string
}

func classifyCommand(program string, argv []string, j judge) Classification {
	c := &classifier{words: append([]string{program}, argv...), judge: j}
	c.skip = make([]bool, len(c.words))
	c.unwrap(0, false)
	c.scanPaths()
	return c.result()
}

// handler classifies one program; at is the index of its name in the
// command words, fed is true when xargs or find -exec supplies more
// arguments that cannot be seen.
type handler func(c *classifier, at int, fed bool)

// classifier collects findings over the words of one command.
type classifier struct {
	words    []string
	judge    judge
	skip     []bool // words that are not paths (program names, patterns, code)
	program  string
	findings []finding
	denied   string
	depth    int
}

// unwrap classifies the command starting at words[at] and records its
// program as the one that runs (wrappers call it for the wrapped command).
func (c *classifier) unwrap(at int, fed bool) {
	if at >= len(c.words) {
		return
	}
	c.program = classify.ProgramName(c.words[at])
	c.nested(at, fed)
}

// nested classifies a command inside another (find -exec, git bisect run)
// without changing the reported program.
func (c *classifier) nested(at int, fed bool) {
	if at >= len(c.words) {
		return
	}
	if c.depth++; c.depth > classify.MaxDepth {
		c.add(messages.RiskDestructive, "nests too many wrappers to classify", c.whole())
		return
	}
	c.skip[at] = true
	c.judge.program(c, at)
	if h := commandHandler(classify.ProgramName(c.words[at])); h != nil {
		h(c, at, fed)
	}
	c.checkRunOptions(at)
}

// add records a finding at word index at.
func (c *classifier) add(r messages.Risk, reason string, at int) {
	c.findings = append(c.findings, finding{risk: r, reason: reason, at: at})
}

// addPath records a finding about an absolute path at word index at.
func (c *classifier) addPath(r messages.Risk, reason string, at int, abs string) {
	c.findings = append(c.findings, finding{risk: r, reason: reason, at: at, path: abs})
}

// deny records a hard deny.
func (c *classifier) deny(reason string) {
	if c.denied == "" {
		c.denied = reason
	}
}

// whole is the index of the last word: a finding there is covered only by
// a rule naming the whole command.
func (c *classifier) whole() int { return len(c.words) - 1 }

// word returns words[i], or "" past the end.
func (c *classifier) word(i int) string {
	if i < len(c.words) {
		return c.words[i]
	}
	return ""
}

// shown renders words[from:to] for a reason.
func (c *classifier) shown(from, to int) string {
	to = min(to, len(c.words))
	if from >= to {
		return ""
	}
	return FormatCommand(c.words[from], c.words[from+1:to])
}

// operand skips options from index i and returns the index of the first
// operand: valued lists the options whose value is the next word. A "--"
// ends the options.
func (c *classifier) operand(i int, valued ...string) int {
	for ; i < len(c.words); i++ {
		t := c.words[i]
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
func (c *classifier) hasOption(i int, opts ...string) (int, bool) {
	for ; i < len(c.words); i++ {
		t := c.words[i]
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
func (c *classifier) result() Classification {
	cl := Classification{Risk: messages.RiskExecute, Program: c.program, findings: c.findings, denied: c.denied}
	if c.denied != "" {
		cl.Risk, cl.Reason = messages.RiskDestructive, c.denied
		return cl
	}
	if len(c.findings) == 0 {
		cl.Reason = "runs " + c.program
		return cl
	}
	cl.Reason = joinReasons(c.findings)
	for _, f := range c.findings {
		cl.Risk = maxRisk(cl.Risk, f.risk)
	}
	return cl
}

// joinReasons lists distinct reasons, the riskiest first.
func joinReasons(fs []finding) string {
	var out []string
	for rank := 6; rank >= 1; rank-- {
		for _, f := range fs {
			if riskRank(f.risk) == rank && !contains(out, f.reason) {
				out = append(out, f.reason)
			}
		}
	}
	return strings.Join(out, "; ")
}
