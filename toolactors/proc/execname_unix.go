//go:build !windows

package proc

// HostExecRules are this platform's rules.
func HostExecRules([]string) ExecRules { return unixExecRules() }
