package sandbox

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"

	"github.com/wtagent/wtagent/sandbox/internal/nsinit"
)

// initPath is the binary the namespaces' init runs: wtagent itself (or
// the test binary), whose package nsinit takes over when nsinit.EnvKey
// is set.
const initPath = "/proc/self/exe"

// errInit is a report from the init that the program did not start.
var errInit = errors.New("sandbox init")

// nsCloneFlags are the namespaces each program's init gets.
func nsCloneFlags(noNetwork bool) uintptr {
	f := uintptr(unix.CLONE_NEWUSER | unix.CLONE_NEWNS | unix.CLONE_NEWPID)
	if noNetwork {
		f |= unix.CLONE_NEWNET
	}
	return f
}

// initAttr is the SysProcAttr of an init: base's (session, terminal,
// parent-death signal) plus the namespaces and the capabilities the init
// needs for its mounts, loopback and id maps, which the program does not
// inherit. Root's init gets all ids mapped to themselves here; an
// ordinary user's maps its own ids itself (see mapIDs).
func initAttr(base *syscall.SysProcAttr, noNetwork bool) *syscall.SysProcAttr {
	a := &syscall.SysProcAttr{}
	if base != nil {
		*a = *base
	}
	if os.Getuid() == 0 {
		a.UidMappings = []syscall.SysProcIDMap{{ContainerID: 0, HostID: 0, Size: 1<<32 - 1}}
		a.GidMappings = a.UidMappings
		a.GidMappingsEnableSetgroups = true
	}
	a.Cloneflags |= nsCloneFlags(noNetwork)
	a.AmbientCaps = []uintptr{unix.CAP_SYS_ADMIN, unix.CAP_NET_ADMIN, unix.CAP_SETUID, unix.CAP_SETGID}
	return a
}

// startInit starts cmd's program through the session's init (see
// package nsinit and initServer): cmd's stdio and ExtraFiles go to it by
// SCM_RIGHTS with a connection of the program's own, on which its path,
// arguments, environment, directory and SysProcAttr (session, terminal,
// process group, parent-death signal) follow. It returns once the program
// has started, with its pid as wtagent sees it, or with the reason it did
// not.
func (s *Sandbox) startInit(cmd *exec.Cmd) (*Program, error) {
	if cmd.Err != nil {
		return nil, cmd.Err
	}
	dir, err := filepath.Abs(cmd.Dir)
	if err != nil {
		return nil, err
	}
	fds, err := openStdio(cmd)
	if err != nil {
		return nil, err
	}
	conn, theirs, err := programConn()
	if err != nil {
		fds.closeAll()
		return nil, err
	}
	req := nsinit.Request{Path: cmd.Path, Argv: cmd.Args, Dir: dir, Env: cmd.Environ(), Files: len(fds.files)}
	if a := cmd.SysProcAttr; a != nil {
		req.Setsid, req.Setctty, req.Ctty, req.Setpgid, req.Pdeathsig = a.Setsid, a.Setctty, a.Ctty, a.Setpgid, int(a.Pdeathsig)
	}
	err = s.send(append([]*os.File{theirs}, fds.files...))
	theirs.Close()
	if err == nil {
		_, err = conn.Write(req.Encode())
	}
	var pid int
	var rest []byte
	if err == nil {
		pid, rest, err = readStart(conn, cmd.Path)
	}
	if err != nil {
		conn.Close()
		fds.closeAll()
		return nil, err
	}
	fds.started()
	status := bufio.NewReader(io.MultiReader(bytes.NewReader(rest), conn))
	p := &Program{pid: pid}
	p.wait = func() (Exit, error) {
		ws, ok := readExit(status)
		conn.Close()
		err := fds.wait()
		if !ok {
			// The init ended (killed, or the sandbox closed): so did the
			// program, with the namespace.
			return Exit{Code: -1, Signal: syscall.SIGKILL}, fmt.Errorf("%w: %w", ErrSetup, errInitEnded)
		}
		return waitExit(ws), err
	}
	return p, nil
}

// programConn is a connection for one program: wtagent's end, which
// receives the init's credentials (the program's pid), and the init's.
func programConn() (conn, theirs *os.File, err error) {
	fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM|unix.SOCK_CLOEXEC, 0)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %v", ErrSetup, err)
	}
	if err := unix.SetsockoptInt(fds[0], unix.SOL_SOCKET, unix.SO_PASSCRED, 1); err != nil {
		unix.Close(fds[0])
		unix.Close(fds[1])
		return nil, nil, fmt.Errorf("%w: %v", ErrSetup, err)
	}
	return os.NewFile(uintptr(fds[0]), "sandbox-program"), os.NewFile(uintptr(fds[1]), "sandbox-program"), nil
}

// readStart reads the init's first report on conn: the program's pid
// (from the credentials of "start") once it runs, and what came after the
// report's line.
func readStart(conn *os.File, path string) (int, []byte, error) {
	buf, oob := make([]byte, 512), make([]byte, unix.CmsgSpace(unix.SizeofUcred))
	var line []byte
	var pid int
	for {
		n, oobn, _, _, err := unix.Recvmsg(int(conn.Fd()), buf, oob, 0)
		if err == unix.EINTR {
			continue
		}
		if pid == 0 && oobn > 0 {
			if msgs, perr := unix.ParseSocketControlMessage(oob[:oobn]); perr == nil && len(msgs) > 0 {
				if cred, cerr := unix.ParseUnixCredentials(&msgs[0]); cerr == nil {
					pid = int(cred.Pid)
				}
			}
		}
		line = append(line, buf[:max(n, 0)]...)
		if i := bytes.IndexByte(line, '\n'); i >= 0 {
			rest := line[i+1:]
			if err := startReport(string(line[:i]), path); err != nil {
				return 0, nil, err
			}
			return pid, rest, nil
		}
		if err != nil || n <= 0 {
			return 0, nil, fmt.Errorf("%w: %w: no report (%v)", ErrSetup, errInitEnded, err)
		}
	}
}

// startReport reads the init's first report: nil once the program runs.
func startReport(line, path string) error {
	line = strings.TrimSpace(line)
	if line == "start" {
		return nil
	}
	kind, rest, _ := strings.Cut(line, " ")
	num, msg, _ := strings.Cut(rest, " ")
	n, _ := strconv.Atoi(num)
	switch kind {
	case "error":
		return &os.PathError{Op: "fork/exec", Path: path, Err: syscall.Errno(n)}
	case "setup":
		return fmt.Errorf("%w: %s", ErrSetup, msg)
	}
	return fmt.Errorf("%w: %w: %q", ErrSetup, errInit, line)
}

// readExit reads the init's "exit WAITSTATUS" report.
func readExit(status *bufio.Reader) (syscall.WaitStatus, bool) {
	line, _ := status.ReadString('\n')
	v, ok := strings.CutPrefix(strings.TrimSpace(line), "exit ")
	if !ok {
		return 0, false
	}
	n, err := strconv.ParseUint(v, 10, 32)
	return syscall.WaitStatus(n), err == nil
}

// waitExit reads a wait status.
func waitExit(ws syscall.WaitStatus) Exit {
	if ws.Signaled() {
		return Exit{Code: -1, Signal: ws.Signal()}
	}
	return Exit{Code: ws.ExitStatus()}
}

// probeInit runs an init that sets up namespaces with noNetwork's,
// readOnly's and masks' mounts and a fresh /proc, and reports; nil when
// it could.
func probeInit(noNetwork bool, readOnly, masks []string) error {
	c := nsinit.Config{ReadOnly: readOnly, Masks: masks, Loopback: noNetwork, Probe: true}
	mapIDs(&c)
	r, w, err := os.Pipe()
	if err != nil {
		return err
	}
	defer r.Close()
	defer w.Close()
	in := exec.Command(initPath)
	in.Args = append([]string{nsinit.Arg0}, c.Args()...)
	in.Env = []string{nsinit.EnvKey + "=1"}
	var stderr strings.Builder
	in.Stderr = &stderr
	in.ExtraFiles = []*os.File{nil, w}
	in.SysProcAttr = initAttr(nil, noNetwork)
	if err := in.Start(); err != nil {
		return fmt.Errorf("cannot create a user namespace: %w", err)
	}
	w.Close()
	line, _ := bufio.NewReader(r).ReadString('\n')
	err = in.Wait()
	switch kind, rest, _ := strings.Cut(strings.TrimSpace(line), " "); {
	case kind == "ok" && err == nil:
		return nil
	case kind == "setup":
		_, msg, _ := strings.Cut(rest, " ")
		return errors.New(msg)
	}
	return fmt.Errorf("the sandbox's init did not run (%v): %s", err, strings.TrimSpace(stderr.String()))
}

// mapIDs has an ordinary user's init map the user's ids itself: the
// maps of a child of a non-dumpable process (wtagent, see ProtectSelf)
// belong to root, so only root's wtagent can write them (initAttr).
func mapIDs(c *nsinit.Config) {
	if uid := os.Getuid(); uid != 0 {
		c.MapIDs, c.MapUID, c.MapGID = true, uid, os.Getgid()
	}
}
