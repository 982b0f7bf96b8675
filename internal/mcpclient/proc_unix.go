//go:build unix

package mcpclient

import (
	"os/exec"
	"syscall"
)

// setGroup starts the command in a process group of its own, so that
// killTree reaches what it starts and the terminal's signals do not.
func setGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killTree kills the command's process group (the server and what it
// started), and the server itself; the group outlives a server that
// exited while something it started runs.
func killTree(cmd *exec.Cmd, _ bool) {
	if cmd.Process == nil {
		return
	}
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	_ = cmd.Process.Kill()
}
