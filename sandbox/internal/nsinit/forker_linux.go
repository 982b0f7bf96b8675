package nsinit

import (
	"errors"
	"runtime"
	"syscall"
)

// launch is a program to start: path, arguments, environment (EnvKey is
// left out) and the init's descriptors that become the program's 0, 1,
// 2, …; closeFiles closes them in the init once the program started.
type launch struct {
	path       string
	argv, env  []string
	files      []int
	closeFiles bool
}

// forker is a thread of its own that drops the capabilities the init
// holds, sets no_new_privs and enters the session's Landlock domain, then
// forks the program it is given; the thread ends with the fork. The
// init's other threads stay outside the domain, and Landlock lets no
// program in it trace or read a process outside it, root's included. A
// spare makes its forker before it is ready, so a request finds the
// thread confined already.
type forker struct {
	launch chan launch
	done   chan forked
}

// forked is a forker's fork: the program's pid, or why it did not start.
type forked struct {
	pid int
	err error
}

// newForker starts a forker confined by the ruleset.
func newForker(rulesetFD int) *forker {
	f := &forker{launch: make(chan launch), done: make(chan forked, 1)}
	go func() {
		runtime.LockOSThread() // never unlocked: the thread ends with this goroutine
		err := confine(rulesetFD)
		l := <-f.launch
		if err != nil {
			f.done <- forked{err: err}
			return
		}
		pid, err := forkExec(l)
		f.done <- forked{pid, err}
	}()
	return f
}

// start forks l's program from the forker's thread.
func (f *forker) start(l launch) (int, error) {
	f.launch <- l
	r := <-f.done
	return r.pid, r.err
}

// confine confines the calling (locked) thread.
func confine(rulesetFD int) error {
	for _, call := range []struct {
		name       string
		trap       uintptr
		a1, a2, a3 uintptr
	}{
		{"clear ambient capabilities", syscall.SYS_PRCTL, prCapAmbient, prCapAmbientClearAll, 0},
		{"no_new_privs", syscall.SYS_PRCTL, prSetNoNewPrivs, 1, 0},
		{"landlock_restrict_self", sysLandlockRestrictSelf, uintptr(rulesetFD), 0, 0},
	} {
		if _, _, e := syscall.RawSyscall(call.trap, call.a1, call.a2, call.a3); e != 0 {
			return wrap(call.name, errors.Join(errSetup, e))
		}
	}
	return nil
}

// forkExec forks l's program from the calling (confined) thread.
func forkExec(l launch) (int, error) {
	files := make([]uintptr, len(l.files))
	for i, fd := range l.files {
		files[i] = uintptr(fd)
	}
	var env []string
	for _, kv := range l.env {
		if len(kv) <= len(EnvKey) || kv[:len(EnvKey)+1] != EnvKey+"=" {
			env = append(env, kv)
		}
	}
	return syscall.ForkExec(l.path, l.argv, &syscall.ProcAttr{Env: env, Files: files})
}
