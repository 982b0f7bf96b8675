//go:build windows

package mcpclient

import (
	"os/exec"
	"strconv"
	"syscall"
)

// setGroup starts the command in a process group of its own, so that the
// console's Ctrl+C does not reach it.
func setGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{CreationFlags: syscall.CREATE_NEW_PROCESS_GROUP}
}

// killTree kills the server and the processes it started (taskkill /T
// walks the tree while the server lives: once it has exited, its pid may
// be another process's and is left alone).
func killTree(cmd *exec.Cmd, exited bool) {
	if cmd.Process == nil || exited {
		return
	}
	_ = exec.Command("taskkill", "/T", "/F", "/PID", strconv.Itoa(cmd.Process.Pid)).Run()
	_ = cmd.Process.Kill()
}
