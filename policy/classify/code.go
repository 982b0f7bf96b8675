package classify

import (
	"path"
	"regexp"
	"strings"

	"github.com/wtagent/wtagent/session/event"
)

// classifyShell judges inline shell code (sh -c, bash -lc) command by
// command when ParseScript finds it plain: each command as if it were a
// direct call, and each redirection target as a path; anything else
// (expansions, substitutions, loops, eval, a script that does not parse,
// fish and csh) is inline code that asks. Shells that read commands from
// their input (-s, -i, no script) ask too; a shell running a script file
// is like running the script.
func classifyShell(c *Classifier, at int, _ bool) {
	name := ProgramName(c.Words[at])
	for i := at + 1; i < len(c.Words); i++ {
		t := c.Words[i]
		switch {
		case t == "":
			return
		case t == "--command" || strings.HasPrefix(t, "--command=") || ((t[0] == '-' || t[0] == '+') && len(t) > 1 && t[1] != '-' && strings.IndexByte(t, 'c') > 0):
			c.skipFrom(i + 1)
			src, ok := strings.CutPrefix(t, "--command=")
			if !ok {
				src = c.word(i + 1)
			}
			c.shellScript(name, t, src)
			return
		case t == "--":
			if i+1 < len(c.Words) {
				return
			}
		case strings.HasPrefix(t, "--"):
			if t == "--rcfile" || t == "--init-file" {
				i++
			}
		case (t[0] == '-' || t[0] == '+') && len(t) > 1:
			if strings.ContainsAny(t[1:], "si") {
				if strings.ContainsRune(t[1:], 's') && !strings.ContainsRune(t[1:], 'i') && c.stdin != "" {
					c.shellScript(name, t+" reading a here-document", c.stdin)
					return
				}
				c.Add(event.RiskDestructive, name+" "+t+" runs commands from its input", c.whole())
				return
			}
			if strings.HasSuffix(t, "o") || strings.HasSuffix(t, "O") {
				i++ // -o option
			}
		default:
			if code, ok := c.judge.Script(t); ok && posixShell(name) {
				c.shellScript(name, t, code)
			}
			return // a script file
		}
	}
	if c.stdin != "" {
		c.shellScript(name, "reading a here-document", c.stdin)
		return
	}
	c.Add(event.RiskDestructive, name+" without a script runs commands from its input", c.whole())
}

// posixShells parse their -c scripts with ParseScript; fish, csh and tcsh
// speak another language.
func posixShell(name string) bool {
	switch name {
	case "sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "yash", "rbash":
		return true
	}
	return false
}

// shellScript judges the script of name flag (sh -c SRC): a plain script
// command by command, anything else as inline code.
func (c *Classifier) shellScript(name, flag, src string) {
	inline := "runs inline shell code (" + name + " " + flag + ")"
	if !posixShell(name) {
		c.Add(event.RiskDestructive, inline, c.whole())
		return
	}
	s, err := ParseScript(src, ShellOptions{})
	switch {
	case err != nil:
		c.Add(event.RiskDestructive, inline+" that does not parse", c.whole())
		return
	case !s.Plain:
		c.scriptDenies(s)
		c.Add(event.RiskDestructive, inline+" that "+s.Opaque, c.whole())
		return
	}
	for k, cmd := range s.Commands {
		var filter []string
		if cmd.Piped && k+1 < len(s.Commands) {
			filter = s.Commands[k+1].Args
		}
		c.scriptCommand(cmd, filter)
	}
}

// scriptCommand classifies one command of a plain script with the same
// command table and judge, and folds its findings into c: they belong to
// the whole script, so only a rule naming the whole command covers them
// (a path finding stays coverable by its path rule).
func (c *Classifier) scriptCommand(cmd ScriptCommand, filter []string) {
	if len(cmd.Args) == 0 {
		// A bare NAME=value changes an exported variable (LESSOPEN is
		// exported on many systems) for every later command.
		for _, kv := range cmd.Assigns {
			if f, bad := CheckEnvAddition(kv); bad != "" {
				c.Deny(bad)
			} else if f != nil {
				c.Add(f.Risk, f.Reason, c.whole())
			}
		}
	}
	if len(cmd.Args) > 0 {
		words, patterns, unknown := cmd.Args, cmd.Patterns, cmd.Unknown
		if len(cmd.Assigns) > 0 {
			words = append(append([]string{"env"}, cmd.Assigns...), cmd.Args...)
			patterns = append(make([]bool, 1+len(cmd.Assigns)), cmd.Patterns...)
			unknown = append(make([]bool, 1+len(cmd.Assigns)), cmd.Unknown...)
		}
		sub := &Classifier{Words: words, judge: c.judge, depth: c.depth, patterns: patterns, unknown: unknown,
			stdin: cmd.Stdin, secretEnv: c.secretEnv, filter: filter}
		sub.skip = make([]bool, len(words))
		sub.unwrap(0, false)
		sub.scanPaths()
		for _, f := range sub.Findings {
			f.At = c.whole()
			c.Findings = append(c.Findings, f)
		}
		if sub.Denied != "" {
			c.Deny(sub.Denied)
		}
	}
	for _, r := range cmd.Redirects {
		if IsDescriptor(r.Target) || strings.HasPrefix(r.Op, "<<") {
			continue
		}
		if !r.Literal {
			c.Add(event.RiskSensitive, "redirects to "+r.Target+", a file named only when the script runs", c.whole())
			continue
		}
		if p, ok := pathCandidate(r.Target); ok {
			c.judge.Arg(c, c.whole(), p)
			if r.Writes {
				c.unheldWrite(c.whole(), p)
			}
		}
	}
}

// classifyWindowsShell flags cmd /c and PowerShell -Command and
// -EncodedCommand, and applies the hard denies to the commands of the
// script (see splitWindowsScript).
func classifyWindowsShell(c *Classifier, at int, _ bool) {
	for i := at + 1; i < len(c.Words); i++ {
		t := strings.ToLower(c.Words[i])
		if strings.HasPrefix(t, "/c") || strings.HasPrefix(t, "/k") || strings.HasPrefix(t, "-c") ||
			strings.HasPrefix(t, "-e") || strings.HasPrefix(t, "--c") {
			how := c.Words[at] + " " + c.Words[i]
			c.skipFrom(i)
			if strings.HasPrefix(t, "-e") {
				c.Add(event.RiskDestructive, "runs encoded inline shell code ("+how+")", c.whole())
				return
			}
			c.windowsScript(how, strings.Join(c.Words[i+1:], " "), ProgramName(c.Words[at]) != "cmd")
			return
		}
		if strings.HasPrefix(t, "-f") || !strings.HasPrefix(t, "-") && !cmdSwitch(t) {
			return
		}
	}
}

// skipFrom marks words from i on as code, not paths.
func (c *Classifier) skipFrom(i int) {
	for ; i < len(c.Words); i++ {
		c.skip[i] = true
	}
}

// inlineFlags says how an interpreter takes code on the command line.
type inlineFlags struct {
	// code lists short option letters whose value is code (-c, -e).
	code string
	// valued lists short option letters that take a value: the rest of
	// the cluster, or the next word when the cluster ends there.
	valued string
	// attached lists short option letters whose optional value can only
	// be the rest of the cluster (perl -i.bak, -l, -0777).
	attached string
	// long lists long options whose value is code.
	long []string
	// module is the letter that runs a module (python -m).
	module byte
	// sub lists subcommands that take code (deno eval).
	sub []string
}

// interpreterFlags is the table of interpreters and their inline-code
// options.
func interpreterFlags(name string) inlineFlags {
	switch name {
	case "python", "pypy":
		return inlineFlags{code: "c", valued: "WXQ", module: 'm'}
	case "node", "ts-node", "tsx":
		return inlineFlags{code: "ep", valued: "r", long: []string{"--eval", "--print"}}
	case "deno":
		return inlineFlags{sub: []string{"eval"}, long: []string{"--eval"}}
	case "ruby":
		return inlineFlags{code: "e", valued: "IrCE", attached: "FTWx0"}
	case "perl":
		return inlineFlags{code: "eE", valued: "I", attached: "MmxildC0D"}
	case "php":
		return inlineFlags{code: "rRBE", valued: "cdfztS"}
	case "lua", "luajit":
		return inlineFlags{code: "e", valued: "l"}
	case "julia":
		return inlineFlags{code: "eE", long: []string{"--eval", "--print"}}
	case "erl":
		return inlineFlags{long: []string{"-eval"}}
	case "elixir":
		return inlineFlags{code: "e", long: []string{"--eval"}}
	}
	return inlineFlags{code: "e"} // rscript, r, osascript, groovy
}

// classifyInterpreter flags inline code (python -c, node -e, perl -ne,
// ruby -e, php -r …) and classifies python -m modules (twine upload is
// external, http.server is a dev server). Running a script file runs.
func classifyInterpreter(c *Classifier, at int, fed bool) {
	name := ProgramName(c.Words[at])
	fl := interpreterFlags(name)
	for i := at + 1; i < len(c.Words); i++ {
		t := c.Words[i]
		switch {
		case t == "--" || t == "-" || !strings.HasPrefix(t, "-"):
			switch {
			case contains(fl.sub, t):
				c.inline(name+" "+t, i+1)
			case name == "deno" && t == "task":
				c.script("deno task", i+1)
			case t == "-" && c.stdin != "":
				c.judgeCode(name, name+" reading a here-document", c.stdin)
			case name == "python" && strings.EqualFold(path.Base(t), "manage.py"):
				c.classifyDjangoManage(i)
			default:
				if code, ok := c.judge.Script(t); ok {
					c.judgeCode(name, name+" "+t, code)
				}
			}
			return
		case strings.HasPrefix(t, "--") || contains(fl.long, t) || (len(fl.long) > 0 && strings.HasPrefix(t, fl.long[0]+"=")):
			opt, _, _ := strings.Cut(t, "=")
			if contains(fl.long, opt) {
				c.inline(name+" "+opt, i+1)
				return
			}
		default:
			next, done := c.interpCluster(name, fl, i, fed)
			if done {
				return
			}
			i = next
		}
	}
	if c.stdin != "" {
		c.judgeCode(name, name+" reading a here-document", c.stdin)
	}
}

// interpCluster reads one short-option cluster at words[i]. It returns
// the index of the last word it consumed, and done when it found code or a
// module.
func (c *Classifier) interpCluster(name string, fl inlineFlags, i int, fed bool) (int, bool) {
	t := c.Words[i]
	for k := 1; k < len(t); k++ {
		letter := t[k]
		switch {
		case strings.IndexByte(fl.code, letter) >= 0:
			c.inline(name+" -"+string(letter), i+1)
			return i, true
		case fl.module != 0 && letter == fl.module:
			if k+1 < len(t) {
				c.module(t[k+1:], i, fed)
			} else if i+1 < len(c.Words) {
				c.skip[i+1] = true
				c.module(c.Words[i+1], i+1, fed)
			}
			return i, true
		case strings.IndexByte(fl.valued, letter) >= 0:
			if k+1 == len(t) {
				return i + 1, false
			}
			return i, false
		case strings.IndexByte(fl.attached, letter) >= 0:
			return i, false
		}
	}
	return i, false
}

// inline judges the inline code of how ("python -c") at words[from] (or
// in the option word before it, --eval=CODE) by what it does (judgeCode);
// the code and its arguments are not paths.
func (c *Classifier) inline(how string, from int) {
	code := c.word(from)
	if prev := c.word(from - 1); strings.HasPrefix(prev, "--") {
		if _, v, ok := strings.Cut(prev, "="); ok {
			code = v
		}
	}
	c.skipFrom(from)
	program, _, _ := strings.Cut(how, " ")
	c.judgeCode(program, how, code)
}

// module classifies python -m <module> by the module's own handler.
func (c *Classifier) module(mod string, at int, fed bool) {
	if h := commandHandler(ProgramName(mod)); h != nil {
		h(c, at, fed)
	}
}

// awkDanger matches awk programs that run commands or write files.
var awkDanger = regexp.MustCompile(`system\s*\(|\||>|getline|fflush\s*\(\s*"`)

// classifyAwk flags awk programs that call system(), pipe or redirect.
func classifyAwk(c *Classifier, at int, _ bool) {
	i := c.operand(at+1, "-F", "-v", "-f", "--field-separator", "--assign", "--file")
	if _, ok := c.hasOption(at+1, "-f", "--file"); ok || i >= len(c.Words) {
		return
	}
	c.skip[i] = true
	if awkDanger.MatchString(c.Words[i]) {
		c.Add(event.RiskDestructive, "the awk program runs commands or writes files", c.whole())
	}
}

// classifySed skips the script from path checks and flags s///e and e.
func classifySed(c *Classifier, at int, _ bool) {
	var scripts []int
	for i := at + 1; i < len(c.Words); i++ {
		t := c.Words[i]
		if t == "-e" || t == "--expression" {
			if i+1 < len(c.Words) {
				scripts = append(scripts, i+1)
			}
			i++
		} else if strings.HasPrefix(t, "--expression=") {
			scripts = append(scripts, i)
		}
	}
	if len(scripts) == 0 {
		if _, ok := c.hasOption(at+1, "-f", "--file"); !ok {
			if i := c.operand(at+1, "-f", "--file", "-l", "--line-length"); i < len(c.Words) {
				scripts = append(scripts, i)
			}
		}
	}
	for _, i := range scripts {
		c.skip[i] = true
		if sedRunsCommand(c.Words[i]) {
			c.Add(event.RiskDestructive, "the sed script runs commands (e)", c.whole())
		}
	}
}

// sedAddress is the address before a sed command: a line number, $, a
// /regex/, a range of two, a step (first~step), then !.
var sedAddress = regexp.MustCompile(`^(?:(?:[0-9]+(?:~[0-9]+)?|\$|/(?:[^/\\]|\\.)*/[IM]*)\s*(?:,\s*(?:[0-9]+|\$|/(?:[^/\\]|\\.)*/[IM]*|[+~][0-9]+))?)?\s*!?\s*`)

// sedRunsCommand reports the e command (after any address) or the e flag
// of s///.
func sedRunsCommand(script string) bool {
	for _, cmd := range strings.FieldsFunc(script, func(r rune) bool { return r == ';' || r == '\n' || r == '{' || r == '}' }) {
		cmd = strings.TrimSpace(sedAddress.ReplaceAllString(strings.TrimSpace(cmd), ""))
		if cmd == "e" || strings.HasPrefix(cmd, "e ") {
			return true
		}
		if len(cmd) > 1 && cmd[0] == 's' {
			delim := string(cmd[1])
			if parts := strings.Split(cmd[2:], delim); len(parts) >= 3 && strings.ContainsRune(parts[len(parts)-1], 'e') {
				return true
			}
		}
	}
	return false
}

// grepValueOpts are grep's (and egrep's, fgrep's) options that take the
// next word as their value; rgValueOpts are ripgrep's (ag and ack share
// the common ones).
var (
	grepValueOpts = []string{"-m", "-A", "-B", "-C", "-d", "-D", "--max-count", "--context", "--after-context",
		"--before-context", "--devices", "--directories", "--label", "--binary-files", "--exclude", "--include", "--exclude-dir", "--group-separator"}
	rgValueOpts = []string{"-m", "-A", "-B", "-C", "-d", "-D", "-g", "--glob", "-t", "-T", "--type", "-j",
		"-M", "-E", "-r", "--replace", "--max-count", "--context", "--after-context", "--before-context"}
)

// classifyGrep skips the search pattern from path checks: grep "/api/" src
// names no file /api/.
func classifyGrep(c *Classifier, at int, _ bool) {
	explicit := false
	for i := at + 1; i < len(c.Words); i++ {
		if t := c.Words[i]; t == "-e" || t == "--regexp" {
			explicit = true
			if i+1 < len(c.Words) {
				c.skip[i+1] = true
			}
		} else if strings.HasPrefix(t, "--regexp=") {
			explicit = true
			c.skip[i] = true
		}
	}
	if _, ok := c.hasOption(at+1, "-f", "--file"); ok || explicit {
		return
	}
	// Each program's own value-taking options: for grep -E and -r are
	// flags, so the word after them is the pattern or a file, checked.
	values := grepValueOpts
	switch strings.TrimSuffix(path.Base(c.Words[at]), ".exe") {
	case "rg", "ag", "ack":
		values = rgValueOpts
	}
	i := c.operand(at+1, values...)
	if i < len(c.Words) {
		c.skip[i] = true
	}
}

// classifyEcho: echo and printf print their arguments; none is a path.
func classifyEcho(c *Classifier, at int, _ bool) {
	c.skipFrom(at + 1)
}

// classifyTest lets test and [ run whatever their operands: they look at
// files' metadata (exists, type, permissions, size) and compare strings
// and numbers, reading no content and writing nothing, so an operand
// known only at run time (test "$n" -eq 1) names nothing to guard.
func classifyTest(c *Classifier, at int, _ bool) {
	c.skipFrom(at + 1)
}
