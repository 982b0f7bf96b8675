package sandbox

import (
	"fmt"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"

	"github.com/landlock-lsm/go-landlock/landlock"
	ll "github.com/landlock-lsm/go-landlock/landlock/syscall"
	"golang.org/x/sys/unix"
)

// kernelState is the session's Landlock ruleset and the namespaces each
// program gets.
type kernelState struct {
	fd      int
	flags   uint32
	nsFlags int
}

// Landlock rights.
const (
	rightsRead     = ll.AccessFSExecute | ll.AccessFSReadFile | ll.AccessFSReadDir
	rightsReadFile = ll.AccessFSExecute | ll.AccessFSReadFile
	rightsWrite    = rightsRead | ll.AccessFSWriteFile | ll.AccessFSRemoveDir | ll.AccessFSRemoveFile |
		ll.AccessFSMakeDir | ll.AccessFSMakeReg | ll.AccessFSMakeSock | ll.AccessFSMakeFifo |
		ll.AccessFSMakeSym | ll.AccessFSRefer | ll.AccessFSTruncate
	rightsWriteFile = rightsReadFile | ll.AccessFSWriteFile | ll.AccessFSTruncate
	rightsDevice    = ll.AccessFSReadFile | ll.AccessFSWriteFile | ll.AccessFSTruncate | ll.AccessFSIoctlDev
)

// New builds the session's sandbox: the Landlock ruleset (once) and the
// namespaces programs get. A kernel without Landlock gives a Sandbox that
// is not enforced, with the reason in its Status; an error means the
// sandbox could not be built although the kernel supports it.
func New(spec Spec) (*Sandbox, error) {
	s := &Sandbox{spec: spec, status: Status{Mode: spec.Mode, Network: !spec.NoNetwork}, kernel: kernelState{fd: -1}}
	if spec.Mode == Off {
		s.status.Network = true
		return s, nil
	}
	abi, err := ll.LandlockGetABIVersion()
	if err != nil || abi < 1 {
		s.status.Reason = "this kernel has no Landlock (Linux 5.13+ with landlock in the lsm= list)"
		return s, nil
	}
	s.plan = newPlan(spec)
	canNS := probeNamespaces()
	cfg := landlock.Config{HandledAccessFS: landlock.V7.HandledAccessFS, Scoped: landlock.V7.Scoped}
	switch {
	case spec.NoNetwork && canNS:
		s.kernel.nsFlags |= unix.CLONE_NEWNET
	case spec.NoNetwork:
		cfg.HandledAccessNet = ll.AccessNetConnectTCP
		s.status.Reason = "without namespaces only TCP connections are blocked"
	}
	if canNS && len(s.plan.readOnly)+len(s.plan.masks) > 0 {
		s.kernel.nsFlags |= unix.CLONE_NEWNS
	}
	s.status.GitProtected = canNS || spec.Mode == ReadOnly
	if !canNS && len(s.plan.readOnly)+len(s.plan.masks) > 0 {
		s.status.Reason = joinReason(s.status.Reason, "no mount namespace: .git/hooks, .git/config and credential stores (and wtagent's data directory) inside the project stay open")
	}
	fd, flags, err := cfg.BestEffort().NewRulesetFD(s.rules()...)
	if err != nil {
		return nil, fmt.Errorf("%w: landlock ruleset: %v", ErrSetup, err)
	}
	if fd < 0 {
		s.status.Reason = "Landlock is not usable here"
		return s, nil
	}
	s.kernel.fd, s.kernel.flags = fd, flags
	s.status.Enforced = true
	s.status.Kernel = fmt.Sprintf("landlock ABI %d", abi)
	return s, nil
}

func joinReason(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

// rules turns the plan into Landlock rules.
func (s *Sandbox) rules() []landlock.Rule {
	var rules []landlock.Rule
	add := func(dirRights, fileRights landlock.AccessFSSet, paths []string) {
		for _, p := range paths {
			var st unix.Stat_t
			if unix.Stat(p, &st) != nil {
				continue
			}
			r := fileRights
			if st.Mode&unix.S_IFMT == unix.S_IFDIR {
				r = dirRights
			}
			rules = append(rules, landlock.PathAccess(r, p).IgnoreIfMissing())
		}
	}
	add(rightsRead, rightsReadFile, s.plan.reads)
	add(rightsWrite, rightsWriteFile, s.plan.writes)
	add(rightsDevice|ll.AccessFSReadDir, rightsDevice, s.plan.devices)
	return rules
}

// Probe says what the kernel can enforce here, without building a
// ruleset: Landlock's ABI and whether namespaces are available.
func Probe() Status {
	st := Status{Mode: WorkspaceWrite, Network: true}
	abi, err := ll.LandlockGetABIVersion()
	if err != nil || abi < 1 {
		st.Reason = "this kernel has no Landlock (Linux 5.13+ with landlock in the lsm= list)"
		return st
	}
	st.Enforced, st.Kernel = true, fmt.Sprintf("landlock ABI %d", abi)
	if st.GitProtected = probeNamespaces(); !st.GitProtected {
		st.Reason = "no mount namespace (not root): .git/hooks and .git/config stay writable; --no-network blocks TCP only"
	}
	return st
}

// Close releases the ruleset.
func (s *Sandbox) Close() error {
	if s == nil || s.kernel.fd < 0 {
		return nil
	}
	err := unix.Close(s.kernel.fd)
	s.kernel.fd = -1
	return err
}

// Start starts cmd confined: TMPDIR is the session's temporary directory,
// and the program (with everything it starts) gets the session's
// namespaces and Landlock domain. It is started from a fresh OS thread
// that confines itself first; the thread lives until the program exits
// (so a parent-death signal set in cmd.SysProcAttr fires only when
// wtagent dies) and is then discarded. Unconfined sandboxes just start
// cmd.
func (s *Sandbox) Start(cmd *exec.Cmd) error {
	if !s.Enforced() {
		return cmd.Start()
	}
	cmd.Env = withEnv(cmd.Env, "TMPDIR", s.spec.TempDir)
	started := make(chan error, 1)
	go s.startLocked(cmd, started)
	return <-started
}

func (s *Sandbox) startLocked(cmd *exec.Cmd, started chan<- error) {
	runtime.LockOSThread() // never unlocked: the thread dies with this goroutine
	if err := s.confineThread(); err != nil {
		started <- fmt.Errorf("%w: %v", ErrSetup, err)
		return
	}
	if err := cmd.Start(); err != nil {
		started <- err
		return
	}
	pidfd, err := unix.PidfdOpen(cmd.Process.Pid, 0)
	started <- nil
	if err != nil {
		return
	}
	defer unix.Close(pidfd)
	var info unix.Siginfo
	for {
		// WNOWAIT: the caller's Wait reaps the program.
		if err := unix.Waitid(unix.P_PIDFD, pidfd, &info, unix.WEXITED|unix.WNOWAIT, nil); err != unix.EINTR {
			return
		}
	}
}

// confineThread gives the calling (locked) thread the session's
// namespaces and Landlock domain.
func (s *Sandbox) confineThread() error {
	if f := s.kernel.nsFlags; f != 0 {
		if err := unix.Unshare(f); err != nil {
			return fmt.Errorf("unshare: %w", err)
		}
		if f&unix.CLONE_NEWNS != 0 {
			if err := s.mountProtections(); err != nil {
				return err
			}
		}
		if f&unix.CLONE_NEWNET != 0 {
			if err := loopbackUp(); err != nil {
				return err
			}
		}
	}
	if err := unix.Prctl(unix.PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0); err != nil {
		return fmt.Errorf("no_new_privs: %w", err)
	}
	if err := ll.LandlockRestrictSelf(s.kernel.fd, s.kernel.flags); err != nil {
		return fmt.Errorf("landlock_restrict_self: %w", err)
	}
	return nil
}

// Hides reports whether programs cannot read path at all: it is outside
// every tree Landlock grants, or a hidden path inside one that a mount
// namespace covers.
func (s *Sandbox) Hides(path string) bool {
	if !s.Enforced() {
		return false
	}
	p := resolveExisting(filepath.Clean(path))
	in := func(list []string) bool {
		return slices.ContainsFunc(list, func(d string) bool { return under(p, d) })
	}
	if in(s.plan.masks) {
		return s.kernel.nsFlags&unix.CLONE_NEWNS != 0
	}
	return !in(s.plan.reads) && !in(s.plan.writes) && !in(s.plan.devices)
}
