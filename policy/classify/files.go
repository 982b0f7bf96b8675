package classify

import (
	"path"
	"strings"

	"github.com/wtagent/wtagent/session/event"
)

// classifyRemove lets rm and unlink delete one regular file inside the
// root; a recursive delete of anything but a single file, several
// operands, anything outside the root, --no-preserve-root, or operands fed
// by xargs are destructive. The finding sits on the last operand, so a rule
// for "rm -rf dist" does not cover "rm -rf dist src".
func classifyRemove(c *Classifier, at int, fed bool) {
	recursive, ends := false, false
	var ops []int
	for i := at + 1; i < len(c.Words); i++ {
		t := c.Words[i]
		switch {
		case ends || t == "-" || !strings.HasPrefix(t, "-"):
			ops = append(ops, i)
		case t == "--":
			ends = true
		case t == "--recursive" || (!strings.HasPrefix(t, "--") && strings.ContainsAny(t[1:], "rR")):
			recursive = true
		case t == "--no-preserve-root":
			c.Add(event.RiskDestructive, "rm --no-preserve-root can delete the whole file system", c.whole())
		}
	}
	c.denyWipes(ProgramName(c.Words[at]), ops)
	last := c.whole()
	switch {
	case fed:
		c.Add(event.RiskDestructive, "rm deletes whatever xargs or find feeds it", last)
	}
	for _, i := range ops {
		if what := c.removes(i, recursive); what != "" {
			c.Add(event.RiskDestructive, "rm deletes "+what, last)
			return
		}
	}
}

// removes says what deleting operand i destroys that a checkpoint of the
// project does not bring back, or "" when it is a project file the
// checkpoint restores or a regenerable build output (dist, node_modules,
// __pycache__ …): a path outside the project, a data file, a directory
// tree, every match of a pattern, a word known only at run time.
func (c *Classifier) removes(i int, recursive bool) string {
	w := c.Words[i]
	kind := c.judge.Kind(w)
	switch {
	case c.unknownAt(i):
		return w + ", whose value is known only when it runs"
	case kind == "outside":
		return w + ", outside the project root"
	case dataFile(w):
		return "the data file " + w + " — the data in it is lost"
	case c.pattern(i) && !regenerable(w):
		return "every file " + w + " matches"
	case recursive && kind != "file" && !regenerable(w):
		return "the directory tree " + w
	}
	return ""
}

// regenerable reports a build output or cache a build or install makes
// again: dist, build, node_modules, target, .next, __pycache__, coverage,
// Xcode's DerivedData, *.log, *.pyc …
func regenerable(p string) bool {
	p = strings.TrimRight(strings.ReplaceAll(p, `\`, "/"), "/")
	base := p[strings.LastIndexByte(p, '/')+1:]
	switch base {
	case "dist", "build", "node_modules", "target", ".next", ".nuxt", ".svelte-kit", ".turbo", ".parcel-cache",
		".cache", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".tox", "coverage", ".coverage", "htmlcov",
		".gradle", ".angular", ".expo", "storybook-static", ".vite", ".eslintcache", "tsconfig.tsbuildinfo", ".DS_Store":
		return true
	}
	if strings.HasPrefix(base, "DerivedData") || strings.HasPrefix(base, "cmake-build-") {
		return true
	}
	for _, glob := range [...]string{"*.log", "*.pyc", "*.pyo", "*.o", "*.class", "*.tmp", "*.orig", "*.rej", "*~", "*.swp", "*.tsbuildinfo"} {
		if ok, _ := path.Match(glob, base); ok {
			return true
		}
	}
	return false
}

// classifyFind flags find -delete and classifies the command of -exec,
// -execdir, -ok and -okdir, which gets every match as an argument.
func classifyFind(c *Classifier, at int, _ bool) {
	for i := at + 1; i < len(c.Words); i++ {
		switch c.Words[i] {
		case "-delete":
			if !c.findsRegenerable(at) {
				c.Add(event.RiskDestructive, "find -delete deletes every match", c.whole())
			}
		case "-exec", "-execdir", "-ok", "-okdir":
			end := i + 1
			for end < len(c.Words) && c.Words[end] != ";" && c.Words[end] != "+" {
				if c.Words[end] == "{}" {
					c.skip[end] = true
				}
				end++
			}
			if end < len(c.Words) {
				c.skip[end] = true
			}
			c.nested(i+1, true)
			i = end
		}
	}
}

// findsRegenerable reports a find whose every -name pattern names a
// regenerable file (find . -name "*.pyc" -delete), searched inside the
// project.
func (c *Classifier) findsRegenerable(at int) bool {
	named := false
	for i := at + 1; i < len(c.Words); i++ {
		t := c.Words[i]
		switch {
		case t == "-name" || t == "-iname":
			if !regenerable(c.word(i + 1)) {
				return false
			}
			named = true
			i++
		case t == "-o" || t == "-or" || t == "-path" || t == "-regex" || t == "-not" || t == "!":
			return false
		case !strings.HasPrefix(t, "-") && i == at+1 && c.judge.Kind(t) == "outside":
			return false
		}
	}
	return named
}

// classifyChmod flags recursive chmod/chown/chgrp and setuid/setgid modes.
func classifyChmod(c *Classifier, at int, _ bool) {
	name := ProgramName(c.Words[at])
	for i := at + 1; i < len(c.Words); i++ {
		t := c.Words[i]
		if t == "--recursive" || (len(t) > 1 && t[0] == '-' && t[1] != '-' && strings.ContainsRune(t, 'R')) {
			c.Add(event.RiskDestructive, name+" -R changes a whole tree", c.whole())
		}
		if name == "chmod" && setuidMode(t) {
			c.Add(event.RiskDestructive, "chmod "+t+" sets the setuid or setgid bit", c.whole())
		}
	}
}

// setuidMode reports a chmod mode with the setuid or setgid bit: 4755,
// 2755, u+s, g+s, +s.
func setuidMode(m string) bool {
	if len(m) == 4 && strings.Trim(m, "01234567") == "" {
		return m[0] == '2' || m[0] == '4' || m[0] == '6' || m[0] == '3' || m[0] == '5' || m[0] == '7'
	}
	for _, clause := range strings.Split(m, ",") {
		if i := strings.IndexAny(clause, "+="); i >= 0 && strings.ContainsRune(clause[i:], 's') {
			return true
		}
	}
	return false
}

// classifyServices lets status queries run and flags anything that
// changes services or scheduled jobs (a way to persist past the session).
func classifyServices(c *Classifier, at int, _ bool) {
	name := ProgramName(c.Words[at])
	sub := c.word(c.operand(at + 1))
	switch {
	case name == "systemctl" && contains([]string{"status", "show", "cat", "list-units", "list-unit-files", "list-timers", "is-active", "is-enabled", "is-failed"}, sub):
		return
	case name == "crontab" && c.word(at+1) == "-l":
		return
	}
	c.Add(event.RiskDestructive, name+" changes system services or scheduled jobs", c.whole())
}

// classifyKill lets kill signal processes by their ids (kill 48213, the
// dev server the agent started; lsof -ti :3000 | xargs kill): one known
// process. Signalling every process (-1), a process group (0 or a
// negative id) or no id asks. Under the sandbox's PID namespace no
// process outside the command is even visible; without it (see
// Containment.Processes) a kill by id asks too.
func classifyKill(c *Classifier, at int, fed bool) {
	ids := 0
	for i := at + 1; i < len(c.Words); i++ {
		t := c.Words[i]
		switch {
		case t == "-s" || t == "-n" || t == "--signal":
			i++
		case t == "-l" || t == "-L" || t == "--list":
			return
		case t == "--":
		case strings.HasPrefix(t, "-") && !isNumber(t[1:]) || strings.HasPrefix(t, "-") && i == at+1 && (len(c.Words) > at+2 || fed):
			// a signal: -9, -KILL, -s TERM
		case t == "0" || strings.HasPrefix(t, "-") || !isNumber(t):
			c.Add(event.RiskDestructive, "kill "+t+" signals a whole process group or every process", c.whole())
			return
		default:
			ids++
		}
	}
	switch {
	case ids == 0 && !fed:
		c.Add(event.RiskDestructive, "kill without a process id", c.whole())
	case !c.judge.Holds().Processes:
		c.unheldSignal(at)
	}
}

// unheldSignal asks for a kill by process id that no PID namespace holds:
// the id may name any of the user's processes, wtagent among them.
func (c *Classifier) unheldSignal(at int) {
	c.Add(event.RiskDestructive, c.shown(at, len(c.Words))+" signals processes by id, and no sandbox's PID namespace holds it: an id may be any of your processes", c.whole())
}

func isNumber(s string) bool { return s != "" && strings.Trim(s, "0123456789") == "" }

// classifyKillByName: killall, pkill, taskkill /IM and Stop-Process -Name
// kill every process of a name — the user's other programs, editors and
// the agent itself among them. taskkill /PID and Stop-Process -Id kill
// the processes named by id, like kill.
func classifyKillByName(c *Classifier, at int, _ bool) {
	name := ProgramName(c.Words[at])
	byID := false
	for i := at + 1; i < len(c.Words); i++ {
		if w := c.Words[i]; strings.HasPrefix(w, "/") && len(w) <= 14 && strings.Trim(strings.ToLower(w), "/abcdefghijklmnopqrstuvwxyz") == "" {
			c.skip[i] = true // /F, //PID: switches, not paths
		}
		switch t := strings.ToLower(strings.TrimLeft(c.Words[i], "/-")); t {
		case "im", "name", "fi", "processname":
			c.Add(event.RiskDestructive, name+" kills every process named "+c.word(i+1)+", the user's other programs among them", c.whole())
			return
		case "pid", "id":
			byID = true
		}
	}
	switch {
	case !byID || name == "killall" || name == "pkill":
		c.Add(event.RiskDestructive, name+" kills every process matching "+c.shown(at+1, len(c.Words)), c.whole())
	case !c.judge.Holds().Processes:
		c.unheldSignal(at)
	}
}

// classifyCommandBuiltin unwraps the shell's command builtin (command npx
// vite runs npx, bypassing functions and aliases); command -v and -V only
// look a name up.
func classifyCommandBuiltin(c *Classifier, at int, fed bool) {
	i := at + 1
	for ; i < len(c.Words); i++ {
		switch c.Words[i] {
		case "-v", "-V":
			c.skipFrom(i + 1)
			return
		case "-p":
			continue
		}
		break
	}
	c.unwrap(i, fed)
}
