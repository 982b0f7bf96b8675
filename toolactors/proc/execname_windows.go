package proc

// HostExecRules are this platform's rules, with PATHEXT from env.
func HostExecRules(env []string) ExecRules {
	return windowsExecRules(windowsExecRules("").EnvValue(env, "PATHEXT"))
}
