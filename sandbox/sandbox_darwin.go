package sandbox

import (
	"bytes"
	"fmt"
	"os/exec"
)

// kernelState is the session's Seatbelt profile and its parameters, made
// once by New.
type kernelState struct {
	profile string
	params  []seatbeltParam
}

// New builds the session's sandbox: the plan and its Seatbelt profile,
// tried once by running /usr/bin/true under it. When sandbox-exec is
// missing or refuses the profile (an SBPL form this macOS rejects, or
// wtagent itself runs inside a sandbox: Seatbelt does not nest), the
// Sandbox is not enforced and its Status carries sandbox-exec's message,
// as on a Linux kernel without Landlock.
//
// Nothing here runs in wtagent's CI (no Mac): the profile and the command
// rewrite are pure functions tested on every OS (seatbelt.go); this file
// only glues them to exec.Cmd.
func New(spec Spec) (*Sandbox, error) {
	s := &Sandbox{spec: spec, status: Status{Mode: spec.Mode, Network: !spec.NoNetwork}}
	if spec.Mode == Off {
		s.status.Network = true
		return s, nil
	}
	s.plan = newPlan(spec)
	s.kernel.profile, s.kernel.params = seatbeltProfile(s.plan, !spec.NoNetwork)
	if err := trySeatbelt(s.kernel.profile, s.kernel.params); err != nil {
		s.status.Reason = err.Error()
		return s, nil
	}
	s.status.Enforced, s.status.Kernel, s.status.GitProtected = true, seatbeltKernel, true
	return s, nil
}

// trySeatbelt runs /usr/bin/true under profile.
func trySeatbelt(profile string, params []seatbeltParam) error {
	cmd := exec.Command("/usr/bin/true")
	seatbeltCommand(cmd, profile, params, "")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("sandbox-exec does not work here (%v): %s", err, bytes.TrimSpace(out))
	}
	return nil
}

// Probe says whether Seatbelt can confine programs here: whether
// sandbox-exec runs a program under a profile that allows everything.
func Probe() Status {
	st := Status{Mode: WorkspaceWrite, Network: true}
	if err := trySeatbelt("(version 1)(allow default)", nil); err != nil {
		st.Reason = err.Error()
		return st
	}
	st.Enforced, st.Kernel, st.GitProtected = true, seatbeltKernel, true
	return st
}

// Close does nothing: the profile lives in memory.
func (s *Sandbox) Close() error { return nil }

// Start starts cmd under sandbox-exec with the session's profile (see
// seatbeltCommand); unconfined sandboxes just start cmd. A profile
// sandbox-exec refuses, or a wtagent that is itself sandboxed (Seatbelt
// does not nest), makes the program fail at once with sandbox-exec's
// message on its stderr.
func (s *Sandbox) Start(cmd *exec.Cmd) (*Program, error) {
	if s.Enforced() {
		seatbeltCommand(cmd, s.kernel.profile, s.kernel.params, s.spec.TempDir)
	}
	return startPlain(cmd)
}

// Hides reports whether programs cannot read path at all.
func (s *Sandbox) Hides(path string) bool {
	return s.Enforced() && s.plan.seatbeltHides(path)
}
