package classify

import (
	"strings"

	"github.com/wtagent/wtagent/session/event"
)

// cloudMutates reports a cloud CLI verb that changes something: create,
// delete, deploy, put-*, run-instances, s3 cp/mv/rm/sync …
func cloudMutates(w string) bool {
	verb, _, _ := strings.Cut(strings.ToLower(w), "-")
	switch verb {
	case "create", "delete", "remove", "rm", "rb", "mb", "destroy", "terminate", "deploy", "update", "put",
		"set", "apply", "patch", "replace", "start", "stop", "restart", "reboot", "scale", "run", "push",
		"publish", "upload", "cp", "mv", "sync", "invoke", "attach", "detach", "modify", "import", "release",
		"up", "down", "add", "revoke", "grant", "enable", "disable", "reset", "rotate", "tag", "untag",
		"exec", "ssh", "copy", "send", "purge", "resize", "edit", "rollout", "drain", "cordon", "uncordon",
		"label", "annotate", "expose", "autoscale", "taint", "install", "upgrade", "uninstall", "rollback",
		"debug", "port", "proxy", "cancel", "approve", "register", "deregister", "associate", "disassociate":
		return true
	}
	return false
}

// classifyCloud: every cloud CLI call uses your cloud credentials
// (sensitive, tied to the program, so a rule for "aws" covers reads); a
// verb that changes something (create, delete, deploy, s3 cp …) is
// external, tied to that verb.
func classifyCloud(c *Classifier, at int, _ bool) {
	name := ProgramName(c.Words[at])
	for i := at + 1; i < len(c.Words); i++ {
		t := c.Words[i]
		if strings.HasPrefix(t, "-") {
			if !strings.Contains(t, "=") && i+1 < len(c.Words) && !strings.HasPrefix(c.Words[i+1], "-") && cloudValued(t) {
				i++
			}
			continue
		}
		if cloudMutates(t) {
			c.Add(event.RiskExternal, name+" "+c.shown(at+1, i+1)+" changes cloud resources", i)
			return
		}
	}
	c.Add(event.RiskSensitive, name+" uses your cloud credentials", at)
}

// cloudValued lists global options whose value is the next word.
func cloudValued(opt string) bool {
	switch opt {
	case "--profile", "--region", "--output", "--project", "--zone", "--subscription", "-g", "--resource-group",
		"--account", "--configuration", "--format", "--query", "--endpoint-url", "--context", "--namespace", "-n":
		return true
	}
	return false
}

// classifyCluster: kubectl, oc and helm reads use your cluster
// credentials (sensitive); anything that changes the cluster is external.
// helm template and lint are local.
func classifyCluster(c *Classifier, at int, fed bool) {
	name := ProgramName(c.Words[at])
	i := c.operand(at+1, "-n", "--namespace", "--context", "--kubeconfig", "--cluster", "--user", "-s", "--server")
	sub := c.word(i)
	switch sub {
	case "template", "lint", "version", "completion", "help", "create", "package", "dependency", "plugin", "":
		if name == "helm" || sub == "" || sub == "version" || sub == "help" || sub == "completion" {
			return
		}
	case "get", "describe", "logs", "top", "explain", "api-resources", "api-versions", "cluster-info",
		"list", "ls", "status", "history", "show", "search", "diff", "auth", "wait", "events":
		c.Add(event.RiskSensitive, name+" "+sub+" reads the cluster with your credentials", at)
		return
	case "config":
		c.Add(event.RiskSensitive, name+" config handles your cluster credentials", c.whole())
		return
	}
	c.Add(event.RiskExternal, name+" "+sub+" changes the cluster", i)
}

// classifyDeploy classifies deploy and infrastructure CLIs: their local
// subcommands (dev servers, builds, plans) run or are sensitive; anything
// else, including the bare command (vercel, surge), is external.
func classifyDeploy(c *Classifier, at int, _ bool) {
	name := ProgramName(c.Words[at])
	i := c.operand(at+1, "--cwd", "-C", "--chdir", "--scope", "-t", "--token", "-A", "--app", "--project", "-c", "--config")
	sub := c.word(i)
	switch deployLocal(name, sub) {
	case event.RiskExecute:
		return
	case event.RiskSensitive:
		c.Add(event.RiskSensitive, name+" "+sub+" uses your cloud credentials", i)
		return
	}
	if sub == "" {
		c.Add(event.RiskExternal, name+" deploys the project", at)
		return
	}
	c.Add(event.RiskExternal, name+" "+sub+" deploys or changes remote infrastructure", i)
}

// deployLocal says how risky a deploy CLI subcommand is when it does not
// deploy: RiskExecute for local work, RiskSensitive for reads with your
// credentials, "" for external.
func deployLocal(name, sub string) event.Risk {
	switch sub {
	case "dev", "build", "help", "--help", "-h", "--version", "-v", "version", "init", "validate", "fmt",
		"synth", "serve", "emulators:start", "emulators:exec", "local", "package", "offline", "types", "completion":
		if name == "heroku" && sub == "local" || name != "heroku" {
			return event.RiskExecute
		}
	case "plan", "preview", "show", "output", "whoami", "status", "logs", "ls", "list", "diff", "inspect", "env", "info", "graph", "providers", "console", "login":
		return event.RiskSensitive
	}
	return ""
}
