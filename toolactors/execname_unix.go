//go:build !windows

package toolactors

// hostExecRules are this platform's rules.
func hostExecRules([]string) execRules { return unixExecRules() }
