//go:build wtfault

package undo

import (
	"strconv"

	"github.com/wtagent/wtagent/internal/fault"
)

// afterStep is the undo's fault hook from the environment: with
// killAfterEnv set to n, it kills the process after n restored files. It
// exists only in a wtfault build (fault_off.go is the shipped one).
func afterStep(getenv func(string) string) func(int) {
	n, err := strconv.Atoi(fault.Env(getenv, killAfterEnv))
	if err != nil || n <= 0 {
		return nil
	}
	return func(done int) {
		if done >= n {
			fault.Kill()
		}
	}
}
