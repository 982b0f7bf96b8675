package nsinit

import (
	"syscall"
	"unsafe"
)

// Poll bits (poll(2)).
const (
	pollOut = 0x4
	pollErr = 0x8
)

// readerGone reports whether fd, the write end of a pipe, has no reader
// left. The init's status pipe is read by wtagent alone, so this says
// wtagent died. Go arms a child's parent-death signal after the fork and
// then kills the child itself if its parent changed meanwhile, but in a
// new PID namespace the parent is always pid 0 there, so that check
// never fires: a wtagent killed between the fork and the prctl would
// leave this init (and its program) running. After the exec the signal
// is armed, so either wtagent dies later and the signal comes, or it
// died before and its end of the pipe is closed now.
func readerGone(fd int) bool {
	// struct pollfd: fd int32, events int16, revents int16.
	var pfd [2]int32
	pfd[0] = int32(fd)
	*(*int16)(unsafe.Pointer(&pfd[1])) = pollOut
	var zero syscall.Timespec
	for {
		n, _, e := syscall.Syscall6(syscall.SYS_PPOLL, uintptr(unsafe.Pointer(&pfd[0])), 1, uintptr(unsafe.Pointer(&zero)), 0, 0, 0)
		if e == syscall.EINTR {
			continue
		}
		revents := *(*int16)(unsafe.Add(unsafe.Pointer(&pfd[1]), 2))
		return e == 0 && n == 1 && revents&pollErr != 0
	}
}

// watchParent ends the namespace (every process in it, then the init)
// once its socket to wtagent reaches end-of-file: wtagent closed it or
// died. A spare holds its socket from its start, so this does not depend
// on the parent-death signal, which Linux ties to the thread that forked
// the init rather than to wtagent's process.
func watchParent(sock int) {
	var b [64]byte
	for {
		n, err := syscall.Read(sock, b[:])
		if err == syscall.EINTR || n > 0 {
			continue
		}
		syscall.Kill(-1, syscall.SIGKILL)
		syscall.Exit(128 + int(syscall.SIGKILL))
	}
}
