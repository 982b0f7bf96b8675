package classify

import (
	"strings"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/policy/secrets"
)

// destructive returns a handler that marks the whole command destructive.
func destructive(reason string) handler {
	return func(c *Classifier, at int, _ bool) {
		c.Add(event.RiskDestructive, ProgramName(c.Words[at])+": "+reason, c.whole())
	}
}

// sensitive returns a handler that marks the program sensitive. The
// finding sits on the program word, so a rule for the program covers it.
func sensitive(reason string) handler {
	return func(c *Classifier, at int, _ bool) {
		c.Add(event.RiskSensitive, ProgramName(c.Words[at])+": "+reason, at)
	}
}

// classifyEnv unwraps env [-i] [-u NAME] [-C DIR] [NAME=VALUE…] command.
// Its assignments are judged like the call's env additions; -S (split a
// string into a command line) is refused as inline code.
func classifyEnv(c *Classifier, at int, fed bool) {
	i := at + 1
	for ; i < len(c.Words); i++ {
		t := c.Words[i]
		switch {
		case t == "--":
			c.unwrap(i+1, fed)
			return
		case t == "-S" || t == "--split-string" || strings.HasPrefix(t, "--split-string=") || (strings.HasPrefix(t, "-S") && !strings.HasPrefix(t, "--")):
			c.Add(event.RiskDestructive, "env -S splits a string into a command line; give the words as argv", c.whole())
			c.skip[i] = true
			return
		case t == "-u" || t == "--unset" || t == "-C" || t == "--chdir":
			i++
		case strings.HasPrefix(t, "-"):
		case strings.Contains(t, "="):
			c.skip[i] = true
			if f, bad := CheckEnvAddition(t); bad != "" {
				c.Deny(bad)
			} else if f != nil {
				c.Add(f.Risk, f.Reason, c.whole())
			}
		default:
			c.unwrap(i, fed)
			return
		}
	}
	c.envDump("env", c.whole())
}

// classifyElevate marks sudo, doas, pkexec and run0 destructive and
// classifies the elevated command too.
func classifyElevate(c *Classifier, at int, fed bool) {
	c.Add(event.RiskDestructive, "runs with elevated privileges ("+ProgramName(c.Words[at])+")", c.whole())
	i := c.operand(at+1, "-u", "-g", "-h", "-p", "-C", "-D", "-r", "-t", "-T", "-U", "--user", "--group",
		"--host", "--prompt", "--chdir", "--role", "--type", "--close-from", "--other-user")
	c.unwrap(i, fed)
}

// classifyPrivilege marks su, chroot and their kin destructive.
func classifyPrivilege(c *Classifier, at int, _ bool) {
	c.Add(event.RiskDestructive, "runs with other privileges ("+ProgramName(c.Words[at])+")", c.whole())
	if i, ok := c.hasOption(at+1, "-c", "--command"); ok && i+1 < len(c.Words) {
		c.skip[i+1] = true
	}
}

// classifyWrapper unwraps programs that run their arguments as a command:
// nice, ionice, timeout (after its duration), xargs (whose command gets
// arguments nobody can see), nohup, setsid, stdbuf, time and busybox.
func classifyWrapper(c *Classifier, at int, fed bool) {
	var i int
	switch ProgramName(c.Words[at]) {
	case "nice":
		i = c.operand(at+1, "-n", "--adjustment")
	case "ionice":
		i = c.operand(at+1, "-c", "-n", "-p", "-P", "-u", "--class", "--classdata", "--pid", "--pgid", "--uid")
	case "timeout":
		i = c.operand(at+1, "-s", "--signal", "-k", "--kill-after") + 1
	case "xargs":
		i = c.operand(at+1, "-a", "--arg-file", "-d", "--delimiter", "-E", "-I", "-L", "-n", "--max-args",
			"-P", "--max-procs", "-s", "--max-chars", "--process-slot-var")
		fed = true
	case "stdbuf":
		i = c.operand(at+1, "-i", "-o", "-e", "--input", "--output", "--error")
	case "time":
		i = c.operand(at+1, "-f", "--format", "-o", "--output")
	default: // nohup, setsid, busybox
		i = c.operand(at + 1)
	}
	c.unwrap(i, fed)
}

// classifyRunner unwraps package runners (npx, bunx, pnpx, uvx, pipx run)
// to the package they run; npx -c (a shell command line) is inline code.
func classifyRunner(c *Classifier, at int, fed bool) {
	i := at + 1
	if ProgramName(c.Words[at]) == "pipx" {
		if c.word(i) != "run" {
			return
		}
		i++
	}
	pkg := c.operand(i, "-p", "--package", "--cache", "--from", "--with", "--python", "--spec", "--pip-args", "-c", "--call")
	for j := i; j < pkg; j++ {
		if t := c.Words[j]; t == "-c" || t == "--call" || strings.HasPrefix(t, "--call=") {
			c.Add(event.RiskDestructive, "runs an inline shell command line ("+t+")", c.whole())
			c.skip[min(j+1, c.whole())] = true
			return
		}
	}
	c.runPackage(pkg, fed)
}

// runPackage classifies a package a runner is about to run, by its binary
// name (vercel@latest → vercel, netlify-cli → netlify).
func (c *Classifier) runPackage(i int, fed bool) {
	if i >= len(c.Words) {
		return
	}
	name := c.Words[i]
	if j := strings.LastIndexByte(name, '@'); j > 0 {
		name = name[:j]
	}
	name = strings.TrimSuffix(strings.TrimSuffix(name, "-cli"), "-tools")
	c.Program = ProgramName(name)
	c.skip[i] = true
	if h := commandHandler(c.Program); h != nil {
		c.depth++
		h(c, i, fed)
	}
}

// secretLoaders are runners that load secrets into the environment of
// the command they run: from .env files (dotenv, dotenvx, env-cmd) or a
// secret manager (doppler, infisical, op run).
func secretLoader(name string) (from string, ok bool) {
	switch name {
	case "dotenv", "dotenvx", "env-cmd":
		return "the secrets " + name + " loads from .env", true
	case "doppler", "infisical", "op":
		return "the secrets " + name + " loads from your secret store", true
	}
	return "", false
}

// classifySecretLoader unwraps dotenv -- CMD, dotenvx run -- CMD,
// env-cmd CMD, doppler run -- CMD, infisical run -- CMD and op run --
// CMD: the inner command is judged, knowing that its environment now
// holds secrets (printing the environment or a secret variable then
// asks). A secret manager's other subcommands read the store.
func classifySecretLoader(c *Classifier, at int, fed bool) {
	name := ProgramName(c.Words[at])
	from, _ := secretLoader(name)
	i := at + 1
	switch name {
	case "dotenvx", "doppler", "infisical", "op":
		if c.word(i) != "run" {
			if name != "dotenvx" {
				c.Add(event.RiskSensitive, name+": reads from a secret store", at)
			}
			return
		}
		i++
	}
	for j := i; j < len(c.Words); j++ {
		switch t := c.Words[j]; {
		case t == "--":
			c.secretEnv = from
			c.unwrap(j+1, fed)
			return
		case t == "--command" || t == "-c" && name == "doppler":
			c.Add(event.RiskDestructive, name+" "+t+" runs an inline shell command line with "+from, c.whole())
			c.skipFrom(j + 1)
			return
		case t == "-p" && name == "dotenv":
			if secrets.LooksSecret(c.word(j+1), "") {
				c.Add(event.RiskSensitive, "dotenv -p prints "+c.word(j+1)+", one of "+from, c.whole())
			}
			return
		}
	}
	c.secretEnv = from
	c.unwrap(c.operand(i, "-e", "-f", "--file", "-v", "-c", "--env", "--env-file", "--project", "--config", "--token"), fed)
}

// classifyPrintenv: printenv without names prints the whole environment;
// with the names of secrets a loader put there (dotenv -- printenv
// DB_PASSWORD), those secrets.
func classifyPrintenv(c *Classifier, at int, _ bool) {
	names := c.Words[c.operand(at+1):]
	if len(names) == 0 {
		c.envDump("printenv", at)
		return
	}
	c.skipFrom(at + 1)
	for _, n := range names {
		if c.secretEnv != "" && secrets.LooksSecret(n, "") {
			c.Add(event.RiskSensitive, "printenv prints "+n+", one of "+c.secretEnv, c.whole())
			return
		}
	}
}

// envDump records a command that prints every environment variable.
func (c *Classifier) envDump(how string, at int) {
	if c.secretEnv == "" && benignEnvFilter(c.filter) {
		return // env | grep -i path prints PATH-like variables only
	}
	why := "the variables whose names do not look secret still reach the model"
	if c.secretEnv != "" {
		why = "with " + c.secretEnv
	}
	c.Add(event.RiskSensitive, how+" prints the whole environment ("+why+")", at)
}

// benignEnvFilter reports a filter (grep, rg) whose pattern picks only
// variables that hold no secrets: paths, locales, toolchains, the
// terminal (env | grep -i path, env | rg "^BROWSER").
func benignEnvFilter(filter []string) bool {
	if len(filter) < 2 {
		return false
	}
	switch ProgramName(filter[0]) {
	case "grep", "egrep", "rg", "findstr", "select-string", "sls":
	default:
		return false
	}
	pattern := ""
	for i := 1; i < len(filter); i++ {
		if t := filter[i]; t == "-e" && i+1 < len(filter) {
			pattern += " " + filter[i+1]
			i++
		} else if !strings.HasPrefix(t, "-") && pattern == "" {
			pattern = t
		}
	}
	words := strings.FieldsFunc(strings.ToLower(pattern), func(r rune) bool { return (r < 'a' || r > 'z') && (r < '0' || r > '9') })
	if len(words) == 0 {
		return false
	}
	for _, w := range words {
		switch w {
		case "path", "home", "lang", "lc", "all", "node", "java", "python", "browser", "browserslist", "shell", "term",
			"user", "editor", "pwd", "go", "gopath", "goroot", "cargo", "rust", "rustup", "ci", "debug", "nvm", "virtual",
			"env", "conda", "xdg", "display", "tz", "android", "sdk", "jdk", "maven", "gradle", "version", "dir", "bin",
			"port", "host", "hostname", "vite", "next", "tmpdir", "tmp", "temp", "colorterm", "no", "color", "pager", "s":
		default:
			return false
		}
	}
	return true
}
