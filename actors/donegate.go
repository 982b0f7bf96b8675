package actors

import (
	"regexp"
	"strings"
)

// evidence is what the done gate knows about a run's changes and
// verifications, in event-log order (positions are event seqs; zero means
// never).
type evidence struct {
	// lastChange is the position of the last call that changed files.
	lastChange int64
	// lastFailedEdit is the position of the last fs.write or fs.edit that
	// failed: a change that did not happen.
	lastFailedEdit int64
	// lastVerify is the position of the last successful build, test or run.
	lastVerify int64
	// wantsVerify is true when the user's request asks to build, test, run
	// or verify.
	wantsVerify bool
}

// verifyWords are the request words that ask for a build, a test, a run
// or a verification.
func verifyWords() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(test|tests|testing|tested|build|builds|compile|compiles|verify|verified|verification|lint|check that|make sure|run (?:it|them|the|this|that))\b`)
}

// taskWantsVerify reports whether a request asks for a build, test, run or
// verification. A word inside a file or directory name (test.sh,
// build/, run_tests.py) is not a request.
func taskWantsVerify(task string) bool {
	for _, m := range verifyWords().FindAllStringIndex(task, -1) {
		if !inName(task, m[0], m[1]) {
			return true
		}
	}
	return false
}

// inName reports whether task[from:to] is part of a path or file name:
// joined to a neighbour by '.', '/', '_', '-' or '\', where a '.' only
// counts when a letter or digit follows it (a file extension, not the end
// of a sentence).
func inName(task string, from, to int) bool {
	if from > 0 && strings.IndexByte("./_-\\", task[from-1]) >= 0 {
		return true
	}
	if to < len(task) {
		switch c := task[to]; {
		case c == '/' || c == '_' || c == '-' || c == '\\':
			return true
		case c == '.' && to+1 < len(task) && isWordByte(task[to+1]):
			return true
		}
	}
	return false
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// doneRefusal returns why done=true must be refused, or "" when the run may
// finish. The gate follows the request (the design's rule): a change needs
// evidence that the change itself succeeded; a build, test or run after the
// last change is required only when the request asks to build, test, run or
// verify. Otherwise the prompt asks for a verification, the gate does not.
func (e *evidence) doneRefusal() string {
	switch {
	case e.lastFailedEdit > e.lastChange:
		return "your last file change failed and nothing was changed successfully after it. " +
			"Make the change work (read the file and retry), or explain in <message> why it cannot be made, before done=true."
	case e.wantsVerify && e.lastVerify == 0:
		return "the task asks for a build, test, run or verification, and none has succeeded yet. " +
			"Run it with terminal.exec before done=true."
	case e.wantsVerify && e.lastVerify < e.lastChange:
		return "the task asks for a build, test, run or verification, and files were changed after the last one that passed. " +
			"Run it again with terminal.exec (and fix what fails) before done=true."
	}
	return ""
}
