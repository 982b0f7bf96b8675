package nsinit

import (
	"errors"
	"runtime"
	"syscall"
)

// errEOF is the end of a spare's socket: wtagent closed it (the sandbox
// was closed, the spare was not needed) or died.
var errEOF = errors.New("spare: socket closed")

// msgCmsgCloexec is MSG_CMSG_CLOEXEC: received descriptors are
// close-on-exec in the init (the program gets its own copies).
const msgCmsgCloexec = 0x40000000

// spare is a spare init: it sets the namespaces up as c says (covers,
// masks, /proc, loopback, the ruleset's /proc rule) ahead of need,
// reports "ready" on its socket (descriptor 4, after the ruleset on 3)
// and waits for one Request. Before serving it checks that its covers
// still hold (checkCovers): if not, it reports "refuse MESSAGE" and
// ends, and wtagent starts the program the cold way. Otherwise it starts
// the program as Main does and reports the same way, on the socket. It
// ends when the socket does (watchParent), so an idle spare does not
// outlive wtagent.
func spare(c Config) int {
	const rulesetFD, sock = 3, 4
	syscall.CloseOnExec(rulesetFD)
	syscall.CloseOnExec(sock)
	report := func(line string) error { return sendLine(sock, line) }
	if err := prepare(c); err != nil {
		return fail(report, "setup", err)
	}
	if err := grantProc(rulesetFD); err != nil {
		return fail(report, "setup", err)
	}
	type served struct {
		pid, code int
		ok        bool
	}
	res := make(chan served, 1)
	go func() {
		runtime.LockOSThread() // never unlocked: the confined thread ends with this goroutine
		pid, code, ok := serveRequest(c, rulesetFD, sock, report)
		res <- served{pid, code, ok}
	}()
	r := <-res
	if !r.ok {
		return r.code
	}
	go watchParent(sock)
	return await(r.pid, report)
}

// serveRequest runs on a thread of its own, which it confines (as a
// forker's) before the spare reports ready: it takes the request, checks
// the covers, enters the request's session and directory and forks the
// program, with no other thread to wake on the way. ok is true when the
// program runs (pid); otherwise code is the init's exit code.
func serveRequest(c Config, rulesetFD, sock int, report func(string) error) (pid, code int, ok bool) {
	if err := confine(rulesetFD); err != nil {
		return 0, fail(report, "setup", err), false
	}
	if sendReady(sock) != nil {
		return 0, 0, false
	}
	req, fds, err := recvRequest(sock)
	switch {
	case errors.Is(err, errEOF):
		return 0, 0, false
	case err != nil:
		return 0, fail(report, "setup", err), false
	}
	if err := checkCovers(c.ReadOnly, c.Masks); err != nil {
		report("refuse " + err.Error())
		return 0, 0, false
	}
	l := launch{path: req.Path, argv: req.Argv, env: req.Env, files: fds, closeFiles: true}
	if err := enter(req, fds); err != nil {
		return 0, fail(report, "setup", err), false
	}
	pid, err = forkExec(l)
	code, ok = started(pid, err, l, rulesetFD, report)
	return pid, code, ok
}

// sendReady reports "ready" with a descriptor of the spare's mount
// namespace: wtagent holds it until the spare has ended, so that the
// namespace's mounts (a copy of every mount of the system, thousands in
// some containers) are torn down when wtagent closes it, beside the
// caller, rather than by the init's exit, which the caller waits for.
func sendReady(sock int) error {
	fd, err := syscall.Open("/proc/self/ns/mnt", syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return sendLine(sock, "ready")
	}
	defer syscall.Close(fd)
	for {
		err = syscall.Sendmsg(sock, []byte("ready\n"), syscall.UnixRights(fd), nil, 0)
		if err != syscall.EINTR {
			return err
		}
	}
}

// enter gives the init the request's session, controlling terminal and
// directory, which the program inherits.
func enter(req Request, fds []int) error {
	if req.Setsid {
		if _, err := syscall.Setsid(); err != nil {
			return wrap("setsid", err)
		}
	}
	if req.Setctty {
		if req.Ctty < 0 || req.Ctty >= len(fds) {
			return wrap("the controlling terminal "+itoa(req.Ctty)+" is not among the descriptors", errRequest)
		}
		if _, _, e := syscall.RawSyscall(syscall.SYS_IOCTL, uintptr(fds[req.Ctty]), syscall.TIOCSCTTY, 1); e != 0 {
			return wrap("set the controlling terminal", e)
		}
	}
	if err := syscall.Chdir(req.Dir); err != nil {
		return wrap("chdir "+req.Dir, err)
	}
	return nil
}

// recvRequest reads one Request and its descriptors from sock (see
// Frames).
func recvRequest(sock int) (Request, []int, error) {
	buf := make([]byte, FrameSize)
	oob := make([]byte, syscall.CmsgSpace(maxFiles*4))
	n, oobn, err := recvFrame(sock, buf, oob)
	if err != nil {
		return Request{}, nil, err
	}
	fds, err := rights(oob[:oobn])
	if err != nil {
		return Request{}, nil, err
	}
	total, err := frameLength(buf[:n])
	if err != nil {
		return Request{}, fds, err
	}
	payload := append(make([]byte, 0, total), buf[4:n]...)
	for len(payload) < total {
		if n, _, err = recvFrame(sock, buf, nil); err != nil {
			return Request{}, fds, err
		}
		payload = append(payload, buf[:n]...)
	}
	req, err := decodeRequest(payload)
	if err == nil && req.Files != len(fds) {
		err = wrap(itoa(len(fds))+" descriptors, "+itoa(req.Files)+" announced", errRequest)
	}
	return req, fds, err
}

// recvFrame reads one frame; a truncated one is an error.
func recvFrame(sock int, buf, oob []byte) (n, oobn int, err error) {
	for {
		var flags int
		n, oobn, flags, _, err = syscall.Recvmsg(sock, buf, oob, msgCmsgCloexec)
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			return 0, 0, wrap("receive the request", err)
		case n == 0 && oobn == 0:
			return 0, 0, errEOF
		case flags&(syscall.MSG_TRUNC|syscall.MSG_CTRUNC) != 0:
			return 0, 0, wrap("a truncated frame", errRequest)
		}
		return n, oobn, nil
	}
}

// rights are the descriptors an SCM_RIGHTS message carried.
func rights(oob []byte) ([]int, error) {
	msgs, err := syscall.ParseSocketControlMessage(oob)
	if err != nil {
		return nil, wrap("control message", err)
	}
	var fds []int
	for _, m := range msgs {
		got, err := syscall.ParseUnixRights(&m)
		if err != nil {
			return fds, wrap("descriptors", err)
		}
		fds = append(fds, got...)
	}
	return fds, nil
}
