package sandbox

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"sync"

	"github.com/landlock-lsm/go-landlock/landlock"
	ll "github.com/landlock-lsm/go-landlock/landlock/syscall"
	"golang.org/x/sys/unix"

	"github.com/wtagent/wtagent/sandbox/internal/nsinit"
)

// kernelState is the session's Landlock ruleset and the namespaces each
// program gets.
type kernelState struct {
	fd    int
	flags uint32
	// ruleset is fd as a file, handed to each program's init.
	ruleset *os.File
	// userns: each program gets an init in its own namespaces
	// (startInit); otherwise nsFlags are the namespaces the program's
	// thread unshares (root only).
	userns  bool
	nsFlags int
	// init is the binary each init runs: initPath, wtagent itself
	// (BenchmarkSandboxStartBinary points it at a built wtagent).
	init string
	// cfg built the ruleset; mu guards the ruleset's renewal (see
	// rulesetFile) and programs counts the programs since.
	cfg      landlock.Config
	mu       sync.Mutex
	programs int
	// spares is the spare init prepared for the next program (userns).
	spares spares
}

// rulesetRenewEvery is how many programs' inits add their /proc rule to
// the session's ruleset before it is built afresh.
const rulesetRenewEvery = 256

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
//
// Programs run in their own user, mount and PID namespaces (see
// startInit) wherever the kernel lets this user create them, which New
// tries once with the session's mounts; elsewhere Landlock alone
// confines them, with a mount namespace for root (the older way), and
// the Status says what is missing.
func New(spec Spec) (*Sandbox, error) {
	s := &Sandbox{spec: spec, status: Status{Mode: spec.Mode, Network: !spec.NoNetwork}, kernel: kernelState{fd: -1, init: initPath}}
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
	cfg := landlock.Config{HandledAccessFS: landlock.V7.HandledAccessFS, Scoped: landlock.V7.Scoped}
	nsErr := probeInit(spec.NoNetwork, s.plan.readOnly, s.plan.masks)
	if nsErr == nil {
		s.kernel.userns = true
		s.status.Isolated, s.status.GitProtected = true, true
	} else {
		s.fallback(&cfg, nsErr)
	}
	s.kernel.cfg = cfg
	fd, flags, err := cfg.BestEffort().NewRulesetFD(s.rules()...)
	if err != nil {
		return nil, fmt.Errorf("%w: landlock ruleset: %v", ErrSetup, err)
	}
	if fd < 0 {
		s.status.Reason = "Landlock is not usable here"
		return s, nil
	}
	s.kernel.fd, s.kernel.flags = fd, flags
	s.kernel.ruleset = os.NewFile(uintptr(fd), "landlock-ruleset")
	s.status.Enforced = true
	s.status.Kernel = fmt.Sprintf("landlock ABI %d", abi)
	if s.kernel.userns {
		s.refill(s.initConfig())
	}
	return s, nil
}

// fallback sets s up for a kernel that does not let this user create
// namespaces (nsErr says why): root still gets a mount and a network
// namespace per program thread; others get Landlock alone.
func (s *Sandbox) fallback(cfg *landlock.Config, nsErr error) {
	canNS := probeNamespaces()
	why, fix := usernsHint(nsErr)
	s.status.Fix = fix
	switch {
	case s.spec.NoNetwork && canNS:
		s.kernel.nsFlags |= unix.CLONE_NEWNET
	case s.spec.NoNetwork:
		cfg.HandledAccessNet = ll.AccessNetConnectTCP
		s.status.Reason = "without namespaces only TCP connections are blocked"
	}
	if canNS && len(s.plan.readOnly)+len(s.plan.masks) > 0 {
		s.kernel.nsFlags |= unix.CLONE_NEWNS
	}
	s.status.GitProtected = canNS || s.spec.Mode == ReadOnly
	missing := "commands can see wtagent's processes"
	if !canNS {
		missing = ".git/hooks and .git/config stay writable, credential stores and wtagent's data directory inside the project stay readable, and " + missing
	}
	s.status.Reason = joinReason(s.status.Reason, why+": "+missing)
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
// ruleset: Landlock's ABI and whether programs get their own namespaces
// (Fix says what to run when they do not).
func Probe() Status {
	st := Status{Mode: WorkspaceWrite, Network: true}
	abi, err := ll.LandlockGetABIVersion()
	if err != nil || abi < 1 {
		st.Reason = "this kernel has no Landlock (Linux 5.13+ with landlock in the lsm= list)"
		return st
	}
	st.Enforced, st.Kernel = true, fmt.Sprintf("landlock ABI %d", abi)
	nsErr := probeInit(false, nil, nil)
	if nsErr == nil {
		st.Isolated, st.GitProtected = true, true
		return st
	}
	why, fix := usernsHint(nsErr)
	st.Fix = fix
	if st.GitProtected = probeNamespaces(); st.GitProtected {
		st.Reason = why + ": commands can see wtagent's processes"
	} else {
		st.Reason = why + ": .git/hooks and .git/config stay writable, credential stores inside the project stay readable, commands can see wtagent's processes; --no-network blocks TCP only"
	}
	return st
}

// rulesetFile returns a copy of the session's ruleset descriptor for one
// program's init (the caller closes it). Each init adds a rule for its
// own /proc to the ruleset, so after rulesetRenewEvery programs the
// ruleset is built afresh: what a domain copies stays small.
func (s *Sandbox) rulesetFile() (*os.File, error) {
	s.kernel.mu.Lock()
	defer s.kernel.mu.Unlock()
	if s.kernel.programs++; s.kernel.programs > rulesetRenewEvery {
		fd, _, err := s.kernel.cfg.BestEffort().NewRulesetFD(s.rules()...)
		if err != nil || fd < 0 {
			return nil, fmt.Errorf("%w: renew the landlock ruleset: %v", ErrSetup, err)
		}
		s.kernel.ruleset.Close()
		s.kernel.ruleset, s.kernel.fd, s.kernel.programs = os.NewFile(uintptr(fd), "landlock-ruleset"), fd, 1
	}
	fd, err := unix.Dup(s.kernel.fd)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrSetup, err)
	}
	return os.NewFile(uintptr(fd), "landlock-ruleset"), nil
}

// Close kills the spare init, if any, and releases the ruleset.
// Programs already started run on.
func (s *Sandbox) Close() error {
	if s == nil || s.kernel.fd < 0 {
		return nil
	}
	s.kernel.spares.close()
	s.kernel.mu.Lock()
	defer s.kernel.mu.Unlock()
	err := s.kernel.ruleset.Close()
	s.kernel.fd = -1
	return err
}

// Start starts cmd confined: TMPDIR is the session's temporary directory,
// and the program (with everything it starts) gets the session's
// namespaces and Landlock domain. With user namespaces, an init started
// with cmd's SysProcAttr (its session, terminal and parent-death signal)
// sets them up and starts the program (startInit); without, the program
// is started from a fresh OS thread that confines itself first, lives
// until the program exits (so a parent-death signal fires only when
// wtagent dies) and is then discarded. Unconfined sandboxes just start
// cmd.
func (s *Sandbox) Start(cmd *exec.Cmd) (*Program, error) {
	if !s.Enforced() {
		return startPlain(cmd)
	}
	cmd.Env = withEnv(cmd.Env, "TMPDIR", s.spec.TempDir)
	if s.kernel.userns {
		return s.startNS(cmd)
	}
	started := make(chan error, 1)
	go s.startLocked(cmd, started)
	if err := <-started; err != nil {
		return nil, err
	}
	return &Program{cmd: cmd}, nil
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
			if err := nsinit.Protect(s.plan.readOnly, s.plan.masks); err != nil {
				return err
			}
		}
		if f&unix.CLONE_NEWNET != 0 {
			if err := nsinit.LoopbackUp(); err != nil {
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
		return s.mounts()
	}
	return !in(s.plan.reads) && !in(s.plan.writes) && !in(s.plan.devices)
}

// mounts reports whether programs get the plan's read-only covers and
// masks (a mount namespace of their own).
func (s *Sandbox) mounts() bool {
	return s.kernel.userns || s.kernel.nsFlags&unix.CLONE_NEWNS != 0
}
