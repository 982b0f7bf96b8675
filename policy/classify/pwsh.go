package classify

import (
	"strings"

	"github.com/wtagent/wtagent/session/event"
)

// windowsScript judges the command line of cmd /c or pwsh -Command
// command by command (SplitWindowsScript), like a plain shell script:
// each command with the command table, PowerShell's cmdlets by their verb
// (classifyCmdlet). What the splitter cannot see through — subexpressions
// $( ), script blocks assigned or invoked, Invoke-Expression, variables
// assigned — asks as inline code.
func (c *Classifier) windowsScript(how, src string, pwsh bool) {
	if strings.Contains(src, "$(") || strings.Contains(src, "@(") || strings.Contains(src, "`") {
		c.Add(event.RiskDestructive, "runs inline shell code ("+how+") with subexpressions", c.whole())
		c.commandDenies(SplitWindowsScript(src))
		return
	}
	for _, words := range SplitWindowsScript(src) {
		if len(words) == 0 {
			continue
		}
		if strings.HasPrefix(words[0], "$") || strings.Contains(words[0], "=") {
			c.Add(event.RiskDestructive, "runs inline shell code ("+how+") that assigns variables", c.whole())
			c.commandDenies(SplitWindowsScript(src))
			return
		}
		sub := &Classifier{Words: words, judge: c.judge, depth: c.depth, secretEnv: c.secretEnv, pwsh: pwsh}
		sub.skip = make([]bool, len(words))
		sub.unwrap(0, false)
		sub.scanPaths()
		for _, f := range sub.Findings {
			f.At = c.whole()
			c.Findings = append(c.Findings, f)
		}
		if sub.Denied != "" {
			c.Deny(sub.Denied)
		}
	}
}

// cmdletVerb returns the verb of a PowerShell cmdlet name (get-childitem
// → get), or "".
func cmdletVerb(name string) string {
	verb, noun, ok := strings.Cut(name, "-")
	if !ok || verb == "" || noun == "" || strings.ContainsAny(noun, "/\\.") {
		return ""
	}
	return verb
}

// cmdletAlias maps PowerShell's common aliases to their cmdlets.
func cmdletAlias(name string) string {
	switch name {
	case "gci", "ls", "dir":
		return "get-childitem"
	case "gc", "cat", "type":
		return "get-content"
	case "gps", "ps":
		return "get-process"
	case "select":
		return "select-object"
	case "where", "?":
		return "where-object"
	case "foreach", "%":
		return "foreach-object"
	case "sls":
		return "select-string"
	case "iex":
		return "invoke-expression"
	case "icm":
		return "invoke-command"
	case "saps", "start":
		return "start-process"
	case "iwr":
		return "invoke-webrequest"
	case "irm":
		return "invoke-restmethod"
	case "sc":
		return "set-content"
	case "ac":
		return "add-content"
	}
	return name
}

// classifyCmdlet judges a PowerShell cmdlet by its verb: reading and
// formatting verbs run and their paths are judged; writing verbs
// (Set-Content, New-Item, Copy-Item …) write where their paths say, which
// the path judge checks; Stop-Process by name, Invoke-Expression,
// Invoke-Command and Start-Process ask; a web request with a writing
// method asks unless it goes to this machine. Remove-Item has its own
// handler.
func classifyCmdlet(c *Classifier, at int, _ bool) {
	name := cmdletAlias(ProgramName(c.Words[at]))
	switch name {
	case "invoke-expression", "invoke-command", "start-process", "start-job", "invoke-item":
		c.Add(event.RiskDestructive, name+" runs a command line or a program the policy cannot see", c.whole())
		return
	case "stop-process":
		classifyKillByName(c, at, false)
		return
	case "invoke-webrequest", "invoke-restmethod":
		if m, ok := c.hasOption(at+1, "-Method", "-method"); ok && !safeMethod(c.word(m+1)) && !c.loopbackOnly(at+1) {
			c.Add(event.RiskSensitive, name+" sends a "+strings.ToUpper(c.word(m+1))+" request over the network", c.whole())
		}
		return
	}
	for i := at + 1; i < len(c.Words); i++ {
		if t := c.Words[i]; strings.HasPrefix(t, "-") || strings.HasPrefix(t, "$") || strings.HasPrefix(t, "{") {
			c.skip[i] = true // a parameter name, a variable, a script block
		}
	}
	switch cmdletVerb(name) {
	case "get", "select", "where", "format", "measure", "sort", "test", "out", "write", "convertto", "convertfrom",
		"compare", "resolve", "split", "join", "group", "foreach", "set", "new", "add", "copy", "move", "rename",
		"clear", "push", "pop", "start", "wait", "import", "export", "expand", "compress", "tee", "read", "show", "find", "search":
		// set-location, new-item, copy-item …: their paths are judged.
		if cmdletVerb(name) == "start" && name != "start-sleep" {
			c.Add(event.RiskDestructive, name+" starts something outside the project", c.whole())
		}
	default:
		c.Add(event.RiskDestructive, "runs the PowerShell cmdlet "+c.Words[at], c.whole())
	}
}

// psCmdlet reports a name with one of PowerShell's approved verbs
// (Get-ChildItem, Stop-Process), where a program of that name is
// PowerShell's.
func psCmdlet(name string) bool {
	switch cmdletVerb(name) {
	case "get", "set", "new", "remove", "add", "clear", "copy", "move", "rename", "select", "where", "format", "measure",
		"sort", "test", "out", "write", "convertto", "convertfrom", "compare", "resolve", "split", "join", "group",
		"foreach", "invoke", "start", "stop", "restart", "push", "pop", "wait", "import", "export", "expand", "compress",
		"tee", "read", "show", "find", "search", "install", "uninstall", "register", "unregister", "enable", "disable",
		"suspend", "resume", "update", "connect", "disconnect", "send", "receive":
		return true
	}
	return false
}
