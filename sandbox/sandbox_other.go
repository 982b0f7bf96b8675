//go:build !linux && !darwin

package sandbox

import "os/exec"

type kernelState struct{}

// New returns a sandbox that is not enforced: only Linux (Landlock) and
// macOS (Seatbelt) confine programs.
func New(spec Spec) (*Sandbox, error) {
	s := &Sandbox{spec: spec, status: Status{Mode: spec.Mode, Network: true}}
	if spec.Mode != Off {
		s.status.Reason = "only Linux (Landlock) and macOS (Seatbelt) confine commands"
	}
	return s, nil
}

// Probe says the kernel cannot sandbox here.
func Probe() Status {
	return Status{Mode: WorkspaceWrite, Network: true, Reason: "only Linux (Landlock) and macOS (Seatbelt) confine commands"}
}

// Close does nothing here.
func (s *Sandbox) Close() error { return nil }

// Start starts cmd unconfined.
func (s *Sandbox) Start(cmd *exec.Cmd) (*Program, error) { return startPlain(cmd) }

// Hides is false: nothing is hidden from programs here.
func (s *Sandbox) Hides(path string) bool { return false }
