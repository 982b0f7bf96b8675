package classify

import (
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
