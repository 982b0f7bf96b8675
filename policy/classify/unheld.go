package classify

import (
	"path/filepath"
	"strings"

	"github.com/wtagent/wtagent/session/event"
)

// unheldProgram asks for a program the command table does not know when
// no sandbox holds what programs write (Containment.Files): an installer,
// another agent's CLI or a project script may change anything the user
// can. Programs known to keep their writes in the project, or to write
// nothing, run (staysInProject).
func (c *Classifier) unheldProgram(at int) {
	name := ProgramName(c.Words[at])
	if c.judge.Holds().Files || staysInProject(name) || isNumber(name) || c.onlyHelp(at+1) {
		return
	}
	c.Add(event.RiskSensitive, "no sandbox holds what "+name+" writes: without it, it may change files outside the project", at)
}

// staysInProject lists programs that write nothing, or only the project
// and their caches, whatever their arguments: what the path checks of
// their arguments judge fully.
func staysInProject(name string) bool {
	switch name {
	case "exit", "export", "set", "unset", "return", "shift", "local", "read", "wait", ":", "break", "continue":
		return true // shell builtins
	case "cd", "pushd", "popd", "pwd", "ls", "dir", "tree", "cat", "head", "tail", "less", "more", "wc", "sort",
		"uniq", "cut", "tr", "column", "nl", "diff", "cmp", "comm", "file", "stat", "du", "df", "which", "where",
		"whereis", "type", "basename", "dirname", "realpath", "readlink", "whoami", "id", "uname", "hostname",
		"date", "sleep", "true", "false", "ps", "ss", "netstat", "lsof", "ping", "jq", "yq", "od", "hexdump",
		"xxd", "strings", "md5sum", "sha1sum", "sha256sum", "shasum", "seq", "expr", "findstr", "tee":
		return true // read, or write only their path arguments
	case "cp", "mv", "mkdir", "touch", "ln", "tar", "zip", "unzip", "gzip", "gunzip":
		return true // write their path arguments, which the path checks judge
	case "pytest", "tsc", "mypy", "pyright", "gofmt", "eslint", "prettier", "ruff", "black", "isort", "flake8",
		"pylint", "jest", "vitest", "mocha", "rustfmt", "rustc", "gcc", "g++", "cc", "clang", "javac":
		return true // test, check and build the project, like npm test
	}
	return false
}

// onlyHelp reports words from i on that only ask a program for its help
// or version (claude --help, tool -V).
func (c *Classifier) onlyHelp(i int) bool {
	if i >= len(c.Words) {
		return false
	}
	for _, w := range c.Words[i:] {
		switch w {
		case "--help", "-h", "help", "--version", "-V", "version":
		default:
			return false
		}
	}
	return true
}

// unheldPip asks for pip install and uninstall outside a virtual
// environment of the project when no sandbox holds what programs write:
// they change the Python installation, which the sandbox keeps read-only.
func (c *Classifier) unheldPip(at int, sub string) {
	if c.judge.Holds().Files || sub != "install" && sub != "uninstall" {
		return
	}
	for _, w := range c.Words[:at+1] {
		if strings.ContainsAny(w, `/\`) && c.judge.Kind(w) != "outside" {
			return // .venv/bin/pip, .venv/bin/python -m pip
		}
	}
	c.Add(event.RiskSensitive, "pip "+sub+" changes the Python installation outside the project, and no sandbox holds it (a virtual environment in the project would keep it there)", c.whole())
}

// unheldInstall asks for go install, cargo install and gem install when
// no sandbox holds what programs write: they put programs into the
// home's toolchain (~/go/bin, ~/.cargo/bin), which the sandbox keeps
// read-only.
func (c *Classifier) unheldInstall(what string) {
	if !c.judge.Holds().Files {
		c.Add(event.RiskSensitive, what+" puts programs on your PATH outside the project, and no sandbox holds it", c.whole())
	}
}

// unheldWrites asks, when no sandbox holds what programs write, for the
// outside files a file command writes: the destination of cp, mv, ln,
// install, rsync and git clone, the operands of tee, touch, mkdir,
// truncate, chmod, chown and chgrp, the files of sed -i, dd's of=, and
// the output of curl -o, wget -O/-P, unzip -d and tar -C. An existing file outside asks
// anyway; these also catch a system path or a toolchain's file in the
// home (/etc/cron.d/job, ~/.cargo/env), which only the sandbox keeps
// programs from writing.
func (c *Classifier) unheldWrites(at int) {
	if h := c.judge.Holds(); h.Files && h.Code {
		return
	}
	var ops []int
	for i := at + 1; i < len(c.Words); i++ {
		if w := c.Words[i]; w != "" && w[0] != '-' && !strings.Contains(w, "=") {
			ops = append(ops, i)
		}
	}
	switch name := ProgramName(c.Words[at]); name {
	case "cp", "mv", "ln", "install":
		if j, ok := c.hasOption(at+1, "-t", "--target-directory"); ok {
			if dir, ok := strings.CutPrefix(c.Words[j], "--target-directory="); ok {
				c.unheldWrite(j, dir)
			} else if j+1 < len(c.Words) {
				c.unheldWrite(j+1, c.Words[j+1])
			}
			return
		}
		if len(ops) > 1 {
			ops = ops[len(ops)-1:]
		} else {
			ops = nil
		}
	case "curl":
		c.unheldValue(at, "-o", "--output", "--output-dir")
		return
	case "wget":
		c.unheldValue(at, "-O", "--output-document", "-P", "--directory-prefix")
		return
	case "unzip":
		c.unheldValue(at, "-d")
		return
	case "tar":
		c.unheldValue(at, "-C", "--directory")
		return
	case "rsync", "git":
		if name == "git" && c.word(c.operand(at+1)) != "clone" || len(ops) < 2 {
			return
		}
		ops = ops[len(ops)-1:] // the destination
	case "tee", "touch", "mkdir", "truncate":
	case "chmod", "chown", "chgrp":
		if len(ops) > 0 {
			ops = ops[1:] // the mode or owner
		}
	case "sed":
		inPlace := false
		for _, w := range c.Words[at+1:] {
			inPlace = inPlace || strings.HasPrefix(w, "-i") || strings.HasPrefix(w, "--in-place")
		}
		if !inPlace || len(ops) == 0 {
			return
		}
		ops = ops[1:] // the script
	case "dd":
		for i := at + 1; i < len(c.Words); i++ {
			if of, ok := strings.CutPrefix(c.Words[i], "of="); ok {
				c.unheldWrite(i, of)
			}
		}
		return
	default:
		return
	}
	for _, i := range ops {
		c.unheldWrite(i, c.Words[i])
	}
}

// unheldWrite asks for a write to p when p is outside the project and no
// sandbox holds it; a new file in /tmp and the harmless devices
// (/dev/null) run.
func (c *Classifier) unheldWrite(i int, p string) {
	c.unheldPath(i, p, "no sandbox holds the write to "+p+", outside the project")
}

// unheldPath records reason for p when p is outside the project (not in
// /tmp nor a harmless device) and no sandbox holds what programs write
// there; and for a file git or the shell runs (.git/hooks, ~/.bashrc)
// that no sandbox keeps read-only — outside the project, Landlock does;
// inside (.git, a project that holds the home), the sandbox's mounts.
func (c *Classifier) unheldPath(i int, p, reason string) {
	h := c.judge.Holds()
	outside := c.judge.Kind(p) == "outside"
	switch {
	case outside && (h.Files || filepath.IsAbs(p) && (TempPath(p) || HarmlessDevice(filepath.Clean(p)))):
	case !outside && (h.Code || !c.judge.RunsCode(p)):
	case c.judge.RunsCode(p):
		c.Add(event.RiskDestructive, "no sandbox keeps "+p+" read-only, and git or your shell runs what it holds", i)
	default:
		c.Add(event.RiskSensitive, reason, i)
	}
}

// unheldValue asks for the outside directory or file an option names
// (curl -o FILE, unzip -d DIR, tar -C DIR): what the program writes.
func (c *Classifier) unheldValue(at int, opts ...string) {
	j, ok := c.hasOption(at+1, opts...)
	if !ok {
		return
	}
	if _, v, eq := strings.Cut(c.Words[j], "="); eq && strings.HasPrefix(c.Words[j], "--") {
		c.unheldWrite(j, v)
	} else if j+1 < len(c.Words) {
		c.unheldWrite(j+1, c.Words[j+1])
	}
}
