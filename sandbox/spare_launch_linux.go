package sandbox

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"

	"github.com/wtagent/wtagent/sandbox/internal/nsinit"
)

// launchSpare starts a spare init with c's settings and waits for its
// "ready". The spare gets the parent-death signal, as a cold init does,
// but ends with its socket in any case (wtagent's end closes when
// wtagent dies, whatever thread forked the spare).
func (s *Sandbox) launchSpare(n *spare, init string, c nsinit.Config) error {
	fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_SEQPACKET|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return fmt.Errorf("%w: socketpair: %v", errSpare, err)
	}
	theirs := os.NewFile(uintptr(fds[1]), "spare-socket")
	defer theirs.Close()
	if err := unix.SetNonblock(fds[0], true); err != nil {
		unix.Close(fds[0])
		return fmt.Errorf("%w: %v", errSpare, err)
	}
	n.conn = os.NewFile(uintptr(fds[0]), "spare-socket")
	ruleset, err := s.rulesetFile()
	if err != nil {
		n.conn.Close()
		return err
	}
	defer ruleset.Close()
	c.Spare, c.Dir, c.Extra = true, "", 0
	n.cmd = exec.Command(init)
	n.cmd.Args = append([]string{nsinit.Arg0}, c.Args()...)
	n.cmd.Env, n.cmd.Dir = []string{nsinit.EnvKey + "=1"}, "/"
	n.cmd.ExtraFiles = []*os.File{ruleset, theirs}
	n.cmd.SysProcAttr = initAttr(&syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}, c.Loopback)
	if err := n.cmd.Start(); err != nil {
		n.conn.Close()
		return fmt.Errorf("%w: start: %v", errSpare, err)
	}
	theirs.Close()
	line, err := n.readReady()
	if line = strings.TrimSpace(line); line != "ready" {
		n.reap()
		return fmt.Errorf("%w: not ready: %q (%v)", errSpare, line, err)
	}
	n.status = bufio.NewReader(n.conn)
	return nil
}

// readReady reads the spare's first report, and the descriptor of its
// mount namespace that comes with "ready".
func (n *spare) readReady() (string, error) {
	rc, err := n.conn.SyscallConn()
	if err != nil {
		return "", err
	}
	buf, oob := make([]byte, 4096), make([]byte, unix.CmsgSpace(4))
	var got, oobn int
	var recvErr error
	if err := rc.Read(func(fd uintptr) bool {
		got, oobn, _, _, recvErr = unix.Recvmsg(int(fd), buf, oob, unix.MSG_CMSG_CLOEXEC)
		return recvErr != unix.EAGAIN
	}); err != nil {
		return "", err
	}
	if recvErr != nil {
		return "", recvErr
	}
	if msgs, err := unix.ParseSocketControlMessage(oob[:oobn]); err == nil {
		for _, m := range msgs {
			if fds, err := unix.ParseUnixRights(&m); err == nil {
				for _, fd := range fds {
					if n.mounts == nil {
						n.mounts = os.NewFile(uintptr(fd), "spare-mount-namespace")
					} else {
						unix.Close(fd)
					}
				}
			}
		}
	}
	return string(buf[:got]), nil
}

// releaseMounts lets the spare's mount namespace go, once the spare has
// ended: its mounts are torn down here, in a goroutine of its own, off
// the caller's path.
func (n *spare) releaseMounts() {
	if m := n.mounts; m != nil {
		n.mounts = nil
		go m.Close()
	}
}
