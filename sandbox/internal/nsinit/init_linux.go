package nsinit

import (
	"errors"
	"syscall"
	"time"
	"unsafe"
)

// errSetup is a failure to confine the program's thread.
var errSetup = errors.New("confine")

// leftoverGrace is how long processes the program left behind get to end
// after SIGTERM before the namespace, and with it they, is torn down.
const leftoverGrace = time.Second

// Linux constants the syscall package lacks on some architectures.
const (
	prSetNoNewPrivs         = 38
	prCapAmbient            = 47
	prCapAmbientClearAll    = 4
	sysLandlockRestrictSelf = 446 // the same numbers on every architecture
	sysLandlockAddRule      = 445
	llRulePathBeneath       = 1
	oPath                   = 0x200000 // O_PATH
	llExecute               = 1 << 0
	llReadFile              = 1 << 2
	llReadDir               = 1 << 3
)

func init() {
	if v, _ := syscall.Getenv(EnvKey); v != "1" {
		return
	}
	args, err := cmdline()
	if err != nil || len(args) == 0 {
		syscall.Write(2, []byte("sandbox init: cannot read its arguments\n"))
		syscall.Exit(127)
	}
	syscall.Exit(Main(args[1:]))
}

// cmdline reads the process's arguments (package os, which has them, is
// not initialised yet).
func cmdline() ([]string, error) {
	fd, err := syscall.Open("/proc/self/cmdline", syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return nil, err
	}
	defer syscall.Close(fd)
	var b []byte
	buf := make([]byte, 16<<10)
	for {
		n, err := syscall.Read(fd, buf)
		if n > 0 {
			b = append(b, buf[:n]...)
		}
		if n <= 0 || err != nil {
			break
		}
	}
	var args []string
	for len(b) > 0 {
		i := 0
		for i < len(b) && b[i] != 0 {
			i++
		}
		args = append(args, string(b[:i]))
		b = b[min(i+1, len(b)):]
	}
	return args, nil
}

// Main is the init process: it sets the namespaces up as args say, starts
// the program, reaps until it exits and reports on the status pipe:
// "start" (or "error ERRNO MESSAGE" / "setup ERRNO MESSAGE" when the
// program did not start), then "exit WAITSTATUS". A spare (Config.Spare)
// reports on its socket and takes the program from a Request (see
// spare). It returns the init's own exit code.
func Main(args []string) int {
	c, err := parse(args)
	if err != nil {
		syscall.Write(2, []byte("sandbox init: "+err.Error()+"\n"))
		return 127
	}
	if c.Spare {
		return spare(c)
	}
	rulesetFD, statusFD := 3+c.Extra, 4+c.Extra
	syscall.CloseOnExec(rulesetFD)
	syscall.CloseOnExec(statusFD)
	if readerGone(statusFD) {
		// wtagent died before this process's parent-death signal was
		// armed (see readerGone): nobody waits for the program.
		return 127
	}
	report := func(line string) error { return sendLine(statusFD, line) }
	if err := prepare(c); err != nil {
		return fail(report, "setup", err)
	}
	if c.Probe {
		report("ok")
		return 0
	}
	if err := grantProc(rulesetFD); err != nil {
		return fail(report, "setup", err)
	}
	files := make([]int, 3+c.Extra)
	for i := range files {
		files[i] = i
	}
	return serve(launch{path: c.Path, argv: c.Argv, env: syscall.Environ(), files: files}, newForker(rulesetFD), rulesetFD, report)
}

// fail reports that the program did not start (kind "setup" or "error")
// and returns the init's exit code.
func fail(report func(string) error, kind string, err error) int {
	report(kind + " " + itoa(errnoOf(err)) + " " + err.Error())
	return 127
}

// serve starts l's program from f, reports "start", reaps until it
// exits, reports "exit WAITSTATUS", ends what it left behind and returns
// the init's exit code.
func serve(l launch, f *forker, rulesetFD int, report func(string) error) int {
	pid, err := f.start(l)
	if code, ok := started(pid, err, l, rulesetFD, report); !ok {
		return code
	}
	return await(pid, report)
}

// started closes what the fork needed and reports how it went: ok when
// the program runs, else the init's exit code. A "start" that nobody
// reads (wtagent is gone) kills the program.
func started(pid int, err error, l launch, rulesetFD int, report func(string) error) (code int, ok bool) {
	syscall.Close(rulesetFD)
	if l.closeFiles {
		for _, fd := range l.files {
			syscall.Close(fd)
		}
	}
	switch {
	case errors.Is(err, errSetup):
		return fail(report, "setup", err), false
	case err != nil:
		return fail(report, "error", err), false
	}
	if report("start") != nil {
		syscall.Kill(-1, syscall.SIGKILL)
		return 128 + int(syscall.SIGKILL), false
	}
	return 0, true
}

// await reaps until the program (pid) exits, reports "exit WAITSTATUS",
// ends what it left behind and returns the init's exit code.
func await(pid int, report func(string) error) int {
	ws := reap(pid)
	report("exit " + utoa(uint64(ws)))
	code := ws.ExitStatus()
	if ws.Signaled() {
		code = 128 + int(ws.Signal())
	}
	endLeftovers(code)
	return code
}

// sendLine writes line and a newline in one write (one message on a
// spare's socket).
func sendLine(fd int, line string) error {
	for {
		_, err := syscall.Write(fd, []byte(line+"\n"))
		if err != syscall.EINTR {
			return err
		}
	}
}

// ignoreSignals ignores, in the init, the signals whose default would end
// it: as PID 1 it gets only those it does not leave at their default, and
// the runtime's handler would end it. The program gets its process
// group's and terminal's signals itself, and starts with default
// handlers (the runtime resets those it handled when it forks).
func ignoreSignals() {
	var act [4]uintptr // struct sigaction: handler SIG_IGN, no flags, empty mask
	act[0] = 1
	for _, s := range []syscall.Signal{syscall.SIGHUP, syscall.SIGINT, syscall.SIGQUIT, syscall.SIGTERM,
		syscall.SIGUSR1, syscall.SIGUSR2, syscall.SIGPIPE, syscall.SIGALRM, syscall.SIGTSTP, syscall.SIGTTIN, syscall.SIGTTOU} {
		syscall.RawSyscall6(syscall.SYS_RT_SIGACTION, uintptr(s), uintptr(unsafe.Pointer(&act[0])), 0, 8, 0, 0)
	}
}

// mapOwnIDs maps the user's own ids to themselves in the init's user
// namespace (a process may map its own effective ids), so that the
// program sees its real ids.
func mapOwnIDs(uid, gid int) error {
	for _, w := range []struct{ file, data string }{
		{"/proc/self/setgroups", "deny"},
		{"/proc/self/uid_map", itoa(uid) + " " + itoa(uid) + " 1\n"},
		{"/proc/self/gid_map", itoa(gid) + " " + itoa(gid) + " 1\n"},
	} {
		fd, err := syscall.Open(w.file, syscall.O_WRONLY|syscall.O_CLOEXEC, 0)
		if err != nil {
			return wrap("open "+w.file, err)
		}
		_, err = syscall.Write(fd, []byte(w.data))
		syscall.Close(fd)
		if err != nil {
			return wrap("write "+w.file, err)
		}
	}
	return nil
}

// setup makes the mounts, mounts a fresh /proc, brings lo up and enters
// the program's directory; the init becomes non-dumpable, so that a
// program without capabilities cannot read or trace it.
func setup(c Config) error {
	if err := Protect(c.ReadOnly, c.Masks); err != nil {
		return err
	}
	if err := freshProc(); err != nil {
		return err
	}
	if c.Loopback {
		if err := LoopbackUp(); err != nil {
			return err
		}
	}
	if c.Probe {
		return nil
	}
	if c.Dir != "" {
		if err := syscall.Chdir(c.Dir); err != nil {
			return wrap("chdir "+c.Dir, err)
		}
	}
	if _, _, e := syscall.RawSyscall(syscall.SYS_PRCTL, syscall.PR_SET_DUMPABLE, 0, 0); e != 0 {
		return wrap("non-dumpable", e)
	}
	return nil
}

// grantProc lets programs read the fresh /proc: Landlock finds a rule
// only on the dentries of the file system a path is on (it skips the
// mount points it climbs over), and the session's rule is on the old
// /proc, so the init adds one for the new /proc to the session's ruleset
// (which is why the ruleset gains a rule per program; see
// Sandbox.rulesetFile).
func grantProc(rulesetFD int) error {
	fd, err := syscall.Open("/proc", oPath|syscall.O_CLOEXEC, 0)
	if err != nil {
		return wrap("open /proc", err)
	}
	defer syscall.Close(fd)
	// struct landlock_path_beneath_attr (packed): allowed_access u64,
	// parent_fd s32.
	var attr [12]byte
	*(*uint64)(unsafe.Pointer(&attr[0])) = llExecute | llReadFile | llReadDir
	*(*int32)(unsafe.Pointer(&attr[8])) = int32(fd)
	if _, _, e := syscall.Syscall6(sysLandlockAddRule, uintptr(rulesetFD), llRulePathBeneath, uintptr(unsafe.Pointer(&attr[0])), 0, 0, 0); e != 0 {
		return wrap("landlock_add_rule /proc", e)
	}
	return nil
}

// reap waits for children, orphans included, until pid exits, and
// returns how it ended.
func reap(pid int) syscall.WaitStatus {
	for {
		var ws syscall.WaitStatus
		got, err := syscall.Wait4(-1, &ws, 0, nil)
		switch {
		case errors.Is(err, syscall.EINTR):
		case err != nil:
			return ws
		case got == pid:
			return ws
		}
	}
}

// endLeftovers sends SIGTERM to what the program left running in the
// namespace and reaps it; after leftoverGrace the init exits with code,
// and the namespace's end kills the rest.
func endLeftovers(code int) {
	if err := syscall.Kill(-1, syscall.SIGTERM); err != nil {
		return
	}
	time.AfterFunc(leftoverGrace, func() { syscall.Exit(code) })
	for {
		var ws syscall.WaitStatus
		if _, err := syscall.Wait4(-1, &ws, 0, nil); err != nil && !errors.Is(err, syscall.EINTR) {
			return
		}
	}
}

// prepare readies the init's namespaces before any program: signals that
// would end it ignored, this user's ids mapped when asked (MapIDs), then
// the mounts, covers and /proc (setup).
func prepare(c Config) error {
	ignoreSignals()
	if c.MapIDs {
		if err := mapOwnIDs(c.MapUID, c.MapGID); err != nil {
			return err
		}
	}
	return setup(c)
}
