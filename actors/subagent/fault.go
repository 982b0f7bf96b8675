package subagent

import (
	"os"

	"github.com/wtagent/wtagent/internal/fault"
)

// CrashEnv names the fault hook (in builds with the wtfault tag only, see
// package fault) that makes the sub-agent it names ("sub-agent 1") crash
// its controller each time it starts, so that its tree gives up.
const CrashEnv = "WTAGENT_FAULT_AGENT_CRASH"

// CrashHook panics when the fault hook names agent; in other builds it
// does nothing.
func CrashHook(agent string) {
	if agent != "" && fault.Env(os.Getenv, CrashEnv) == agent {
		panic("fault hook " + CrashEnv + ": " + agent + " crashes")
	}
}

// KillEnv names the fault hook (wtfault builds only) that kills wtagent,
// as kill -9 would, once a sub-agent has finished and before its agent.run
// call has its result.
const KillEnv = "WTAGENT_FAULT_AGENT_KILL"

// KillHook kills wtagent when the fault hook asks for it; in other builds
// it does nothing.
func KillHook() {
	if fault.Env(os.Getenv, KillEnv) != "" {
		fault.Kill()
	}
}
