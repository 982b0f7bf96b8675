package nsinit

import (
	"errors"
	"runtime"
	"strconv"
	"sync"
	"syscall"
	"time"
	"unsafe"
)

// maxFiles bounds the descriptors one request brings (the kernel's
// SCM_MAX_FD is 253).
const maxFiles = 253

// server is a serving init (Config.Serve): it has set the namespaces up
// once and forks each program wtagent asks for (see Serve).
type server struct {
	ctl  int
	jobs chan forkJob
	// mu orders forks against reaping: a program is registered in progs,
	// and its start reported, before the reaper may reap it.
	mu    sync.Mutex
	progs map[int]int // pid → its connection
	kick  chan struct{}
	uid   int
	gid   int
}

// forkJob is one fork for the confined thread.
type forkJob struct {
	req  Request
	fds  []int
	done chan forkResult
}

type forkResult struct {
	pid int
	err error
}

// serve runs a serving init on the control socket ctl until wtagent
// closes its end (or exits): each message on ctl is one byte and, by
// SCM_RIGHTS, the program's connection (a stream socket) followed by its
// descriptors; the request itself comes on the connection (Request.Encode).
// On the connection the init answers "start\n" with SCM_CREDENTIALS
// carrying the program's pid (which the kernel translates into wtagent's
// PID namespace), or "error ERRNO MESSAGE\n" / "setup ERRNO MESSAGE\n";
// then "exit WAITSTATUS\n" when it has ended. Its return is the init's
// exit code; the namespace, and whatever still runs in it, ends with it.
func serve(rulesetFD, ctl int) int {
	s := &server{ctl: ctl, jobs: make(chan forkJob), progs: map[int]int{}, kick: make(chan struct{}, 1),
		uid: syscall.Getuid(), gid: syscall.Getgid()}
	ready := make(chan error, 1)
	go s.forkThread(rulesetFD, ready)
	if err := <-ready; err != nil {
		syscall.Write(ctl, []byte("setup "+strconv.Itoa(errnoOf(err))+" "+err.Error()))
		return 127
	}
	go s.reaper()
	syscall.Write(ctl, []byte("ok"))
	buf := make([]byte, 16)
	oob := make([]byte, syscall.CmsgSpace(maxFiles*4))
	for {
		n, oobn, _, _, err := syscall.Recvmsg(ctl, buf, oob, syscall.MSG_CMSG_CLOEXEC)
		if errors.Is(err, syscall.EINTR) {
			continue
		}
		if err != nil || n == 0 {
			return 0
		}
		if fds := rights(oob[:oobn]); len(fds) > 0 {
			go s.handle(fds[0], fds[1:])
		}
	}
}

// rights reads the descriptors of a control message.
func rights(oob []byte) []int {
	msgs, err := syscall.ParseSocketControlMessage(oob)
	if err != nil {
		return nil
	}
	var fds []int
	for _, m := range msgs {
		if f, err := syscall.ParseUnixRights(&m); err == nil {
			fds = append(fds, f...)
		}
	}
	return fds
}

// handle starts one program: reads its request from conn, forks it with
// fds as its descriptors, reports.
func (s *server) handle(conn int, fds []int) {
	defer func() {
		for _, fd := range fds {
			syscall.Close(fd)
		}
	}()
	fail := func(kind string, err error) {
		syscall.Write(conn, []byte(kind+" "+strconv.Itoa(errnoOf(err))+" "+err.Error()+"\n"))
		syscall.Close(conn)
	}
	req, err := readRequest(conn)
	if err == nil && req.Files != len(fds) {
		err = wrap("request: "+strconv.Itoa(len(fds))+" descriptors for "+strconv.Itoa(req.Files), errUsage)
	}
	if err != nil {
		fail("setup", err)
		return
	}
	done := make(chan forkResult, 1)
	s.mu.Lock()
	s.jobs <- forkJob{req: req, fds: fds, done: done}
	r := <-done
	if r.err != nil {
		s.mu.Unlock()
		fail("error", r.err)
		return
	}
	s.progs[r.pid] = conn
	oob := syscall.UnixCredentials(&syscall.Ucred{Pid: int32(r.pid), Uid: uint32(s.uid), Gid: uint32(s.gid)})
	if err := syscall.Sendmsg(conn, []byte("start\n"), oob, nil, 0); err != nil {
		// wtagent is gone with the connection: the program is not its.
		syscall.Kill(r.pid, syscall.SIGKILL)
	}
	s.mu.Unlock()
	select {
	case s.kick <- struct{}{}:
	default:
	}
}

// readRequest reads one Request.Encode record from conn.
func readRequest(conn int) (Request, error) {
	var head [4]byte
	if err := readFull(conn, head[:]); err != nil {
		return Request{}, err
	}
	n := int(head[0]) | int(head[1])<<8 | int(head[2])<<16 | int(head[3])<<24
	if n > 64<<20 {
		return Request{}, wrap("request: too long", errUsage)
	}
	b := make([]byte, n)
	if err := readFull(conn, b); err != nil {
		return Request{}, err
	}
	return decodeRequest(b)
}

func readFull(fd int, b []byte) error {
	for len(b) > 0 {
		n, err := syscall.Read(fd, b)
		switch {
		case errors.Is(err, syscall.EINTR):
			continue
		case err != nil:
			return wrap("read request", err)
		case n == 0:
			return wrap("read request", syscall.EPIPE)
		}
		b = b[n:]
	}
	return nil
}

// forkThread is the thread every program is forked from: it drops the
// init's ambient capabilities, sets no_new_privs and enters the session's
// Landlock domain once, and is never unlocked (the init's other threads
// stay outside the domain; Landlock lets no program in it trace or read a
// process outside it, root's included).
func (s *server) forkThread(rulesetFD int, ready chan<- error) {
	runtime.LockOSThread()
	err := confineThread(rulesetFD)
	syscall.Close(rulesetFD)
	ready <- err
	if err != nil {
		return
	}
	for j := range s.jobs {
		pid, err := forkRequest(j.req, j.fds)
		j.done <- forkResult{pid, err}
	}
}

// forkRequest forks and executes req's program with fds as its
// descriptors 0, 1, 2, ….
func forkRequest(req Request, fds []int) (int, error) {
	files := make([]uintptr, len(fds))
	for i, fd := range fds {
		files[i] = uintptr(fd)
	}
	sys := &syscall.SysProcAttr{Setsid: req.Setsid, Setctty: req.Setctty, Ctty: req.Ctty,
		Setpgid: req.Setpgid, Pdeathsig: syscall.Signal(req.Pdeathsig)}
	if !req.Setsid && !req.Setpgid {
		// Its own process group, so that what it leaves behind is found.
		sys.Setpgid = true
	}
	return syscall.ForkExec(req.Path, req.Argv, &syscall.ProcAttr{Dir: req.Dir, Env: req.Env, Files: files, Sys: sys})
}

// reaper reaps every child of the init, orphans included; a program's
// end is reported on its connection, and what it left behind in its
// process group or session is ended (endLeftovers).
func (s *server) reaper() {
	for {
		pid, err := waitAny()
		switch {
		case errors.Is(err, syscall.EINTR):
			continue
		case err != nil:
			<-s.kick // no children: wait for a fork
			continue
		}
		s.mu.Lock()
		var ws syscall.WaitStatus
		got, err := syscall.Wait4(pid, &ws, syscall.WNOHANG, nil)
		conn, ours := s.progs[pid]
		if got == pid && err == nil && ours {
			delete(s.progs, pid)
		}
		s.mu.Unlock()
		if got != pid || err != nil || !ours {
			continue
		}
		syscall.Write(conn, []byte("exit "+strconv.FormatUint(uint64(ws), 10)+"\n"))
		syscall.Close(conn)
		go endLeftoversOf(pid)
	}
}

// waitAny waits for a child to end and returns its pid without reaping
// it (waitid with WNOWAIT).
func waitAny() (int, error) {
	// siginfo_t: si_pid is the int32 at offset 16.
	var info [128]byte
	const pAll, wExited, wNowait = 0, 4, 0x1000000
	_, _, e := syscall.Syscall6(syscall.SYS_WAITID, pAll, 0, uintptr(unsafe.Pointer(&info[0])), wExited|wNowait, 0, 0)
	if e != 0 {
		return 0, e
	}
	return int(*(*int32)(unsafe.Pointer(&info[16]))), nil
}

// endLeftoversOf sends SIGTERM to the processes left in pid's process
// group or session and, after leftoverGrace, SIGKILL to those still
// there.
func endLeftoversOf(pid int) {
	if signalLeftovers(pid, syscall.SIGTERM) == 0 {
		return
	}
	signalLeftovers(pid, syscall.SIGCONT)
	time.Sleep(leftoverGrace)
	signalLeftovers(pid, syscall.SIGKILL)
}

// signalLeftovers sends sig to every process of the namespace whose
// process group or session is pid, and says how many it found.
func signalLeftovers(pid int, sig syscall.Signal) int {
	fd, err := syscall.Open("/proc", syscall.O_RDONLY|syscall.O_DIRECTORY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return 0
	}
	defer syscall.Close(fd)
	var names []string
	buf := make([]byte, 8<<10)
	for {
		n, err := syscall.ReadDirent(fd, buf)
		if err != nil || n <= 0 {
			break
		}
		_, _, names = syscall.ParseDirent(buf[:n], -1, names)
	}
	found := 0
	for _, name := range names {
		p, err := strconv.Atoi(name)
		if err != nil || p <= 1 {
			continue
		}
		if g, sid, ok := groupOf(p); ok && (g == pid || sid == pid) {
			syscall.Kill(p, sig)
			found++
		}
	}
	return found
}

// groupOf reads process p's process group and session from
// /proc/p/stat (the fields after the parenthesised name: state, ppid,
// pgrp, session).
func groupOf(p int) (pgrp, session int, ok bool) {
	fd, err := syscall.Open("/proc/"+strconv.Itoa(p)+"/stat", syscall.O_RDONLY|syscall.O_CLOEXEC, 0)
	if err != nil {
		return 0, 0, false
	}
	var b [512]byte
	n, _ := syscall.Read(fd, b[:])
	syscall.Close(fd)
	if n <= 0 {
		return 0, 0, false
	}
	s := b[:n]
	i := len(s) - 1
	for i >= 0 && s[i] != ')' {
		i--
	}
	var f []int
	for _, w := range splitSpace(s[i+1:]) {
		v, err := strconv.Atoi(w)
		if err != nil {
			v = -1
		}
		f = append(f, v)
		if len(f) == 4 {
			return f[2], f[3], true
		}
	}
	return 0, 0, false
}

func splitSpace(b []byte) []string {
	var out []string
	start := -1
	for i, c := range b {
		switch {
		case c == ' ' || c == '\n':
			if start >= 0 {
				out = append(out, string(b[start:i]))
				start = -1
			}
		case start < 0:
			start = i
		}
	}
	if start >= 0 {
		out = append(out, string(b[start:]))
	}
	return out
}
