package classify

import (
	"strings"

	"github.com/wtagent/wtagent/session/event"
)

// packageQueries lists the subcommands and options of system package
// managers that only read (search, show, list …).
func packageQueries(w string) bool {
	switch strings.ToLower(w) {
	case "search", "show", "list", "info", "policy", "madison", "depends", "rdepends", "showpkg", "stats", "--version", "-v",
		"--help", "-h", "help", "doctor", "config", "--prefix", "--cellar", "--repository", "deps", "uses", "outdated", "leaves",
		"desc", "home", "cat", "log", "query", "-l", "-L", "-s", "-S", "--status", "--listfiles", "--search", "-Q", "-Ss", "-Si",
		"-Qi", "-Ql", "-Qs", "-Qq", "-Qe", "-Qo", "repolist", "provides", "whatprovides", "history", "check-update",
		"which", "files", "contents", "versions", "--get-selections", "get-selections", "env", "--env", "pin", "list-installed":
		return true
	}
	return false
}

// classifySystemPackages: system package managers (apt, brew, dnf,
// pacman, choco, winget …) change the machine's programs and libraries,
// outside the project; their queries run.
func classifySystemPackages(c *Classifier, at int, _ bool) {
	name := ProgramName(c.Words[at])
	for i := at + 1; i < len(c.Words); i++ {
		w := c.Words[i]
		if packageQueries(w) {
			return
		}
		if strings.HasPrefix(w, "-") && (name != "pacman" && name != "dpkg" && name != "rpm") {
			continue
		}
		if name == "brew" && w == "services" {
			c.Add(event.RiskDestructive, "brew services "+c.word(i+1)+" starts, stops or restarts a system service", c.whole())
			return
		}
		c.Add(event.RiskDestructive, name+" "+w+" changes the machine's installed packages, outside the project", c.whole())
		return
	}
}

// classifyServiceManagers: pm2, supervisorctl and the like restart, stop
// and delete running services; their status queries run.
func classifyServiceManagers(c *Classifier, at int, _ bool) {
	name := ProgramName(c.Words[at])
	sub := c.word(c.operand(at + 1))
	switch sub {
	case "", "list", "ls", "status", "show", "describe", "info", "logs", "log", "monit", "jlist", "prettylist", "avail", "help", "version", "tail":
		return
	}
	c.Add(event.RiskDestructive, name+" "+sub+" starts, stops or restarts services running outside the project", c.whole())
}

// classifyCompose is docker-compose (the old name of docker compose).
func classifyCompose(c *Classifier, at int, fed bool) {
	c.containerCompose(ProgramName(c.Words[at]), at+1)
}

// containerControl says what a container subcommand does to running
// containers, or "".
func containerControl(sub string) string {
	switch sub {
	case "restart":
		return "restarts %s — its processes are killed and started again"
	case "stop", "kill", "pause":
		return "stops %s — its processes are killed"
	case "down":
		return "stops and removes %s"
	case "update":
		return "changes the limits of %s"
	case "rename":
		return "renames %s"
	}
	return ""
}

// containerCompose classifies the compose subcommand at words[i].
func (c *Classifier) containerCompose(name string, i int) {
	i = c.operand(i, "-f", "--file", "-p", "--project-name", "--env-file", "--profile", "--project-directory")
	sub := c.word(i)
	switch {
	case sub == "down" && (c.hasLong(i+1, "-v") || c.hasLong(i+1, "--volumes")):
		c.Add(event.RiskDestructive, name+" compose down -v deletes the services' volumes — their data is lost", c.whole())
	case sub == "rm":
		c.Add(event.RiskDestructive, name+" compose rm deletes the services' containers", c.whole())
	case containerControl(sub) != "":
		c.Add(event.RiskDestructive, name+" compose "+sub+" "+strings.Replace(containerControl(sub), "%s", "the project's running services", 1), c.whole())
	case sub == "up" || sub == "start" || sub == "create":
		c.Add(event.RiskDestructive, name+" compose "+sub+" starts the services of the compose file through the container daemon, outside the sandbox: they can mount host paths and bind ports", c.whole())
	case sub == "exec" || sub == "run":
		j := c.operand(i+1, "-u", "--user", "-w", "--workdir", "-e", "--env", "--index", "--entrypoint", "--name", "-p", "--publish", "-v", "--volume", "-l", "--label")
		c.nested(j+1, false)
	}
}

// containerExec classifies the command docker exec runs in a container
// (docker exec db psql -c "DROP TABLE x" drops the table).
func (c *Classifier) containerExec(i int) {
	j := c.operand(i, "-u", "--user", "-w", "--workdir", "-e", "--env", "--env-file", "--detach-keys")
	if j+1 < len(c.Words) {
		c.nested(j+1, false)
	}
}

// classifyAgentCLI: other coding agents' CLIs print their MCP servers'
// configuration (which holds connection strings and tokens) and change
// the user's configuration outside the project.
func classifyAgentCLI(c *Classifier, at int, _ bool) {
	name := ProgramName(c.Words[at])
	i := c.operand(at + 1)
	if c.word(i) != "mcp" && c.word(i) != "config" {
		c.unheldProgram(at) // another agent, or its extensions and settings
		return
	}
	switch sub := c.word(c.operand(i + 1)); sub {
	case "get", "list", "show", "":
		c.Add(event.RiskSensitive, name+" "+c.word(i)+" "+sub+" prints the MCP servers' configuration, which holds their credentials", c.whole())
	default:
		c.Add(event.RiskSensitive, name+" "+c.word(i)+" "+sub+" changes your "+name+" configuration outside the project", c.whole())
	}
}

// remoteVerb lists subcommands that, for any CLI the table does not know,
// reach or change a remote system: ocd ssh prod, mytool deploy.
func remoteVerb(w string) bool {
	switch w {
	case "ssh", "deploy", "publish", "release", "destroy", "shell", "console", "exec", "scp":
		return true
	}
	return false
}

// classifyOllama: ollama is the client of a model server that runs
// outside the sandbox: creating, pulling, copying and deleting models
// change that server; push publishes one; run, list and show run.
func classifyOllama(c *Classifier, at int, _ bool) {
	i := c.operand(at + 1)
	switch sub, model := c.word(i), c.word(c.operand(i+1, "-f", "--file", "-q", "--quantize")); sub {
	case "rm":
		c.Add(event.RiskDestructive, "ollama rm deletes the model "+model+" from the ollama server", c.whole())
	case "push":
		c.Add(event.RiskExternal, "ollama push publishes the model "+model, c.whole())
	case "create", "pull", "cp":
		c.Add(event.RiskSensitive, "ollama "+sub+" changes the ollama server's models ("+model+"), outside the sandbox", c.whole())
	}
}
