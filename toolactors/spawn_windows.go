package toolactors

import (
	"fmt"
	"os"
	"os/exec"
	"syscall"

	"golang.org/x/sys/windows"

	"github.com/wtagent/wtagent/sandbox"
)

// spawn starts plan's program with stdin on NUL (end-of-file at once) and
// stdout, and stderr unless splitStderr, on a pipe: Windows gets no
// terminal here, so programs that check for one see a pipe. The program
// starts suspended in a new process group, joins a fresh Job Object and
// only then runs, so everything it starts is in the job from its first
// instruction: the tree kill terminates the job, and the job's
// kill-on-close limit ends the tree when wtagent dies (the Windows form of
// PR_SET_PDEATHSIG and the process-group kill). sb confines nothing on
// Windows (see package sandbox).
func spawn(plan programPlan, splitStderr bool, sb *sandbox.Sandbox) (*spawned, error) {
	job, err := newJob()
	if err != nil {
		return nil, fmt.Errorf("create job object: %w", err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		job.close()
		return nil, err
	}
	sp := &spawned{term: outR, tree: procTree{job: job}}
	cmd := exec.Command(plan.Path, plan.Argv...)
	cmd.Args[0] = plan.Program
	cmd.Dir = plan.Dir
	cmd.Env = plan.Env
	cmd.Stdout, cmd.Stderr = outW, outW
	var errW *os.File
	if splitStderr {
		r, w, err := os.Pipe()
		if err != nil {
			outW.Close()
			sp.closeAll()
			return nil, err
		}
		sp.stderr, errW, cmd.Stderr = r, w, w
	}
	cmd.SysProcAttr = &syscall.SysProcAttr{CreationFlags: windows.CREATE_NEW_PROCESS_GROUP | windows.CREATE_SUSPENDED}
	err = sb.Start(cmd)
	outW.Close()
	if errW != nil {
		errW.Close()
	}
	if err != nil {
		sp.closeAll()
		return nil, startError(plan, err)
	}
	sp.cmd = cmd
	sp.tree.leader = cmd.Process.Pid
	if err := job.adopt(uint32(cmd.Process.Pid)); err != nil {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		sp.closeAll()
		return nil, fmt.Errorf("start %s: %w", plan.Program, err)
	}
	return sp, nil
}
