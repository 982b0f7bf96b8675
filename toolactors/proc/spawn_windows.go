package proc

import (
	"fmt"
	"os"
	"unsafe"

	"golang.org/x/sys/windows"

	"github.com/wtagent/wtagent/sandbox"
)

// Spawn starts plan's program on a fresh pseudo console (ConPTY, the
// Windows form of the PTY): stdin and stdout are the console, stderr too
// unless splitStderr gives it its own pipe. Ctrl+Z and Enter are typed at
// once, so a program that reads a line of input gets end-of-file instead
// of hanging (as ^D does on Unix; a program that reads keys sees them).
//
// The program starts suspended, joins a fresh Job Object and only then
// runs, so everything it starts is in the job from its first instruction:
// the tree kill terminates the job, and the job's kill-on-close limit ends
// the tree when wtagent dies (the Windows form of PR_SET_PDEATHSIG and the
// process-group kill). It is not put in a new process group: the console
// is its own, so no Ctrl+C typed at wtagent reaches it, and a new group
// would ignore the Ctrl+C the tree kill types into its console.
//
// The command line is composed by winCommandLine (.bat and .cmd through
// cmd.exe with its quoting) and the environment by winEnvBlock. sb
// confines nothing on Windows (see package sandbox).
func Spawn(plan Plan, splitStderr bool, sb *sandbox.Sandbox) (*Spawned, error) {
	line, err := winCommandLine(plan.Path, plan.Program, plan.Argv, winComspec(plan.Env))
	if err != nil {
		return nil, fmt.Errorf("start %s: %w", plan.Program, err)
	}
	env, err := winEnvBlock(plan.Env, os.Getenv("SYSTEMROOT"))
	if err != nil {
		return nil, fmt.Errorf("start %s: %w", plan.Program, err)
	}
	job, err := newJob()
	if err != nil {
		return nil, fmt.Errorf("create job object: %w", err)
	}
	pc, err := openPseudoConsole(termCols, termRows)
	if err != nil {
		job.close()
		return nil, err
	}
	sp := &Spawned{Term: pc, Tree: Tree{job: job, console: pc}}
	var errW *os.File
	if splitStderr {
		if sp.Stderr, errW, err = os.Pipe(); err != nil {
			sp.CloseAll()
			return nil, err
		}
	}
	pi, err := createOnConsole(line, plan.Dir, env, pc, errW)
	if errW != nil {
		errW.Close()
	}
	if err != nil {
		sp.CloseAll()
		return nil, startError(plan, err)
	}
	defer windows.CloseHandle(pi.Thread)
	proc, err := runInJob(job, pi)
	if err != nil {
		sp.CloseAll()
		return nil, fmt.Errorf("start %s: %w", plan.Program, err)
	}
	sp.Tree.leader = int(pi.ProcessId)
	sp.waitFn = func() (sandbox.Exit, error) {
		st, err := proc.Wait()
		pc.settle()
		pc.closeConsole()
		return sandbox.ExitOf(st), err
	}
	_ = pc.input("\x1a\r") // stdin is at end-of-file
	return sp, nil
}

// runInJob puts the suspended process pi in job, opens it as an
// *os.Process (while pi's handle still holds its pid) and resumes it. On
// failure the process is terminated.
func runInJob(job *jobObject, pi windows.ProcessInformation) (*os.Process, error) {
	defer windows.CloseHandle(pi.Process)
	fail := func(err error) (*os.Process, error) {
		_ = windows.TerminateProcess(pi.Process, 1)
		return nil, err
	}
	if err := job.assign(pi.Process); err != nil {
		return fail(err)
	}
	proc, err := os.FindProcess(int(pi.ProcessId))
	if err != nil {
		return fail(err)
	}
	if _, err := windows.ResumeThread(pi.Thread); err != nil {
		proc.Release()
		return fail(fmt.Errorf("resume: %w", err))
	}
	return proc, nil
}

// createOnConsole creates the process suspended, attached to pc. Its
// standard handles are given as NULL with STARTF_USESTDHANDLES, which the
// console replaces with its own (without the flag a child inherits
// wtagent's handles when they are redirected), except stderr when it has
// a pipe: that handle alone is inherited (PROC_THREAD_ATTRIBUTE_HANDLE_LIST).
func createOnConsole(c winCommand, dir string, env []uint16, pc *pseudoConsole, stderr *os.File) (windows.ProcessInformation, error) {
	var pi windows.ProcessInformation
	attrs, err := windows.NewProcThreadAttributeList(2)
	if err != nil {
		return pi, err
	}
	defer attrs.Delete()
	// The attribute's value is the HPCON itself, not a pointer to it.
	hpc := pc.h
	if err := attrs.Update(windows.PROC_THREAD_ATTRIBUTE_PSEUDOCONSOLE, *(*unsafe.Pointer)(unsafe.Pointer(&hpc)), unsafe.Sizeof(hpc)); err != nil {
		return pi, fmt.Errorf("attach to the pseudo console: %w", err)
	}
	si := windows.StartupInfoEx{ProcThreadAttributeList: attrs.List()}
	si.Cb = uint32(unsafe.Sizeof(si))
	si.Flags = windows.STARTF_USESTDHANDLES
	inherit := false
	if stderr != nil {
		h := windows.Handle(stderr.Fd())
		if err := windows.SetHandleInformation(h, windows.HANDLE_FLAG_INHERIT, windows.HANDLE_FLAG_INHERIT); err != nil {
			return pi, fmt.Errorf("stderr pipe: %w", err)
		}
		handles := []windows.Handle{h}
		if err := attrs.Update(windows.PROC_THREAD_ATTRIBUTE_HANDLE_LIST, unsafe.Pointer(&handles[0]), unsafe.Sizeof(handles[0])); err != nil {
			return pi, fmt.Errorf("stderr pipe: %w", err)
		}
		si.StdErr, inherit = h, true
	}
	app, err := windows.UTF16PtrFromString(c.App)
	if err != nil {
		return pi, err
	}
	line, err := windows.UTF16PtrFromString(c.Line)
	if err != nil {
		return pi, err
	}
	var wd *uint16 // nil: wtagent's own directory
	if dir != "" {
		if wd, err = windows.UTF16PtrFromString(dir); err != nil {
			return pi, err
		}
	}
	flags := uint32(windows.EXTENDED_STARTUPINFO_PRESENT | windows.CREATE_UNICODE_ENVIRONMENT | windows.CREATE_SUSPENDED)
	err = windows.CreateProcess(app, line, nil, nil, inherit, flags, &env[0], wd, &si.StartupInfo, &pi)
	return pi, err
}
