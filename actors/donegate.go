package actors

import "regexp"

// evidence is what the done gate knows about a run's changes and
// verifications, in event-log order.
type evidence struct {
	// lastChange is the position (event seq) of the last call that changed
	// files; zero when nothing changed.
	lastChange int64
	// lastVerify is the position of the last successful build, test or run.
	lastVerify int64
	// wantsVerify is true when the user's task asked to build, test or
	// verify.
	wantsVerify bool
}

// verifyWords are the task words that ask for a verification.
func verifyWords() *regexp.Regexp {
	return regexp.MustCompile(`(?i)\b(test|tests|testing|tested|build|builds|compile|compiles|verify|verified|verification|lint|check that)\b`)
}

// taskWantsVerify reports whether a task asks for a build, test or
// verification.
func taskWantsVerify(task string) bool {
	return verifyWords().MatchString(task)
}

// doneRefusal returns why done=true must be refused, or "" when the run may
// finish: files changed with no successful build, test or run after the
// last change, or the user asked for a verification and none happened.
func (e *evidence) doneRefusal() string {
	switch {
	case e.lastChange > 0 && e.lastVerify < e.lastChange:
		return "files were changed but no build, test or run succeeded after the last change. " +
			"Run the project's build or tests with terminal.exec (and fix what fails) before done=true."
	case e.wantsVerify && e.lastVerify == 0:
		return "the task asks for a build, test or verification, and none has succeeded yet. " +
			"Run it with terminal.exec before done=true."
	}
	return ""
}
