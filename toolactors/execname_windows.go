package toolactors

// hostExecRules are this platform's rules, with PATHEXT from env.
func hostExecRules(env []string) execRules {
	return windowsExecRules(windowsExecRules("").envValue(env, "PATHEXT"))
}
