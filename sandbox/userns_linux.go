package sandbox

import (
	"bufio"
	"errors"
	"fmt"
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

// startNS starts cmd's program under an init in its own namespaces:
// the session's spare init when one is ready with the same settings
// (startSpare), a new one otherwise (startInit); then a spare is
// prepared for the next start (refillAfter).
func (s *Sandbox) startNS(cmd *exec.Cmd) (*Program, error) {
	if cmd.Err != nil {
		return nil, cmd.Err
	}
	dir, err := filepath.Abs(cmd.Dir)
	if err != nil {
		return nil, err
	}
	c := s.initConfig()
	c.Dir, c.Extra, c.Path, c.Argv = dir, len(cmd.ExtraFiles), cmd.Path, cmd.Args
	p, ok, err := s.startSpare(cmd, c)
	if !ok {
		p, err = s.startInit(cmd, c)
	}
	if err != nil {
		s.refill(c)
		return nil, err
	}
	s.refillAfter(p, c)
	return p, nil
}

// initConfig is what every init of the session does now: the covers
// that exist (see covers), the masks, loopback and the id maps.
func (s *Sandbox) initConfig() nsinit.Config {
	c := nsinit.Config{ReadOnly: s.covers(), Masks: s.plan.masks, Loopback: s.spec.NoNetwork}
	mapIDs(&c)
	return c
}

// startInit starts cmd's program under a new init in its own namespaces
// (see package nsinit) set up as c says: cmd's stdio, environment,
// directory and SysProcAttr go to the init, the session's ruleset and a
// status pipe follow cmd's ExtraFiles. It returns once the program has
// started, or with the reason it did not.
func (s *Sandbox) startInit(cmd *exec.Cmd, c nsinit.Config) (*Program, error) {
	ruleset, err := s.rulesetFile()
	if err != nil {
		return nil, err
	}
	defer ruleset.Close()
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	defer w.Close()
	in := exec.Command(s.kernel.init)
	in.Args = append([]string{nsinit.Arg0}, c.Args()...)
	in.Env, in.Dir = append(cmd.Environ(), nsinit.EnvKey+"=1"), cmd.Dir
	in.Stdin, in.Stdout, in.Stderr = cmd.Stdin, cmd.Stdout, cmd.Stderr
	in.ExtraFiles = append(append(append([]*os.File(nil), cmd.ExtraFiles...), ruleset), w)
	in.SysProcAttr = initAttr(cmd.SysProcAttr, s.spec.NoNetwork)
	if err := in.Start(); err != nil {
		r.Close()
		return nil, fmt.Errorf("%w: start the namespaces' init: %v", ErrSetup, err)
	}
	w.Close()
	status := bufio.NewReader(r)
	line, err := status.ReadString('\n')
	if err := parseStartRead(line, err, cmd.Path); err != nil {
		_ = in.Wait()
		r.Close()
		return nil, err
	}
	p := &Program{cmd: in}
	p.wait = func() (Exit, error) {
		defer r.Close()
		err := in.Wait()
		if ee := (*exec.ExitError)(nil); errors.As(err, &ee) {
			err = nil
		}
		if ws, ok := readExit(status); ok {
			return waitExit(ws), err
		}
		// The init itself was killed (the tree kill's SIGKILL): so was
		// the program, with the namespace.
		return ExitOf(in.ProcessState), err
	}
	return p, nil
}

// parseStart reads the init's first report: nil once the program runs.
func parseStart(line, path string) error {
	return parseStartRead(line, nil, path)
}

// parseStartRead is parseStart with the error reading line gave.
func parseStartRead(line string, err error, path string) error {
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
	if err == nil {
		err = errors.New(line)
	}
	return fmt.Errorf("%w: %w: no report (%v)", ErrSetup, errInit, err)
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
