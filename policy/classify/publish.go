package classify

import (
	"regexp"
	"strings"

	"github.com/wtagent/wtagent/session/event"
)

// deployName matches task, script and goal names that publish or deploy:
// deploy, release, publish, deploy:prod, release-notes… (not publishToMavenLocal).
var deployName = regexp.MustCompile(`(?i)(?:^|[-_:./])(?:deploy|release|publish)(?:[-_:./]|$)`)

// nodePMValued lists npm/pnpm/yarn/bun options that take a value.
func nodePMValued() []string {
	return []string{"--prefix", "-C", "--dir", "-w", "--workspace", "--filter", "-F", "--registry",
		"--cache", "--userconfig", "--loglevel", "--cwd"}
}

// classifyNodePM classifies npm, pnpm, yarn and bun: publishing and
// registry ownership are external, logins and tokens sensitive, global
// installs sensitive (they change the machine, not the project), scripts
// named like deploy/release/publish external, exec/dlx/x unwrap to the
// package they run. Installing, testing, building and dev servers run.
func classifyNodePM(c *Classifier, at int, fed bool) {
	name := ProgramName(c.Words[at])
	if name == "bun" {
		if j, ok := c.hasOption(at+1, "-e", "--eval", "-p", "--print"); ok && j < c.operand(at+1, nodePMValued()...) {
			c.inline("bun "+c.Words[j], j+1)
			return
		}
	}
	i := c.operand(at+1, nodePMValued()...)
	sub := c.word(i)
	switch sub {
	case "publish", "unpublish", "deprecate", "dist-tag", "owner", "author", "access", "team", "org", "hook", "star", "unstar":
		c.Add(event.RiskExternal, name+" "+sub+" changes the package registry", i)
	case "login", "adduser", "add-user", "logout", "token":
		c.Add(event.RiskSensitive, name+" "+sub+" handles your registry credentials", i)
	case "install", "i", "add", "ci", "update", "up", "upgrade", "remove", "rm", "uninstall", "un", "link":
		if _, ok := c.hasOption(i, "-g", "--global", "--location=global"); ok {
			c.Add(event.RiskSensitive, name+" "+sub+" -g changes the machine's global packages, outside the project", c.whole())
		}
	case "global":
		c.Add(event.RiskSensitive, name+" global changes the machine's global packages, outside the project", c.whole())
	case "run", "run-script", "rum", "urn":
		c.script(name, c.operand(i+1, nodePMValued()...))
	case "exec", "x", "dlx":
		c.runPackage(c.operand(i+1, "-p", "--package", "-c", "--call"), fed)
	case "npm":
		if name == "yarn" {
			classifyNodePM(c, i, fed)
		}
	case "test", "t", "tst", "start", "stop", "restart", "build", "dev", "create", "init", "pack", "audit",
		"outdated", "ls", "list", "why", "info", "view", "version", "config", "cache", "prune", "dedupe", "help", "":
	default:
		switch {
		case name == "npm":
		case commandHandler(ProgramName(sub)) != nil:
			c.runPackage(i, fed) // pnpm prisma migrate reset runs node_modules/.bin/prisma
		default:
			c.script(name, i) // yarn/pnpm/bun <script> runs a package.json script
		}
	}
}

// script flags a package.json script, make target or task named like a
// deploy.
func (c *Classifier) script(tool string, i int) {
	if s := c.word(i); s != "" && deployName.MatchString(s) {
		c.Add(event.RiskExternal, tool+" "+s+" looks like a deploy or publish step", i)
	}
}

// classifyToolchain classifies language toolchains: their publish commands
// are external (cargo publish, twine upload, gem push, poetry publish,
// dotnet nuget push, mvn deploy, gradle publish), their logins sensitive,
// their run/exec subcommands unwrap, and everything else (build, test,
// install) runs.
func classifyToolchain(c *Classifier, at int, fed bool) {
	name := ProgramName(c.Words[at])
	i := c.operand(at+1, "-C", "--directory", "--project", "-p", "--manifest-path")
	sub := c.word(i)
	switch {
	case toolchainPublishes(name, sub, c.word(c.operand(i+1))):
		c.Add(event.RiskExternal, name+" "+sub+" publishes a package", i)
	case sub == "login" || sub == "signin":
		c.Add(event.RiskSensitive, name+" "+sub+" handles your registry credentials", i)
	case name == "go" && sub == "env" && c.hasLong(i+1, "-w"):
		c.Add(event.RiskSensitive, "go env -w changes your Go configuration outside the project", c.whole())
	case name == "pip":
		c.unheldPip(at, sub)
	case (name == "go" || name == "cargo" || name == "gem") && sub == "install":
		c.unheldInstall(name + " install")
	case runsCommand(name, sub):
		c.unwrap(c.operand(i+1, "--with", "--python", "-p", "--project", "--directory", "--package", "--env-file", "-e", "--env"), fed)
	case name == "uv" && sub == "tool" && c.word(i+1) == "run":
		c.runPackage(c.operand(i+2, "--from", "--with", "--python"), fed)
	case name == "mvn" || name == "mvnw" || name == "gradle" || name == "gradlew":
		for j := i; j < len(c.Words); j++ {
			if !strings.HasPrefix(c.Words[j], "-") {
				c.script(name, j)
			}
		}
	}
}

// runsCommand lists toolchain subcommands that run their arguments as a
// command in the project's environment (uv run pytest, bundle exec rake).
func runsCommand(name, sub string) bool {
	switch name {
	case "uv", "poetry", "pdm", "hatch", "pipenv", "rye":
		return sub == "run"
	case "bundle":
		return sub == "exec"
	}
	return false
}

// toolchainPublishes lists the publish commands of language toolchains.
func toolchainPublishes(name, sub, next string) bool {
	switch name {
	case "cargo":
		return sub == "publish" || sub == "yank" || sub == "owner"
	case "twine":
		return sub == "upload" || sub == "register"
	case "gem":
		return sub == "push" || sub == "yank" || sub == "owner"
	case "poetry", "uv", "pdm", "hatch", "flit", "rye":
		return sub == "publish"
	case "dotnet":
		return sub == "nuget" && (next == "push" || next == "delete")
	}
	return false
}

// classifyTaskRunner flags make, just, task, rake and friends when a target
// is named like a deploy (make deploy, just release, nx run app:deploy).
func classifyTaskRunner(c *Classifier, at int, _ bool) {
	name := ProgramName(c.Words[at])
	for i := at + 1; i < len(c.Words); i++ {
		t := c.Words[i]
		switch {
		case contains([]string{"-C", "-f", "--file", "--makefile", "-I", "--include-dir", "-o", "-W", "-l", "--directory", "--justfile"}, t):
			i++
		case strings.HasPrefix(t, "-") || strings.Contains(t, "="):
		default:
			c.script(name, i)
		}
	}
}

// classifyContainer classifies docker, podman and nerdctl: push is
// external; login sensitive; run/create/exec with host access (privileged,
// host namespaces, devices, capabilities, mounts of paths outside the
// project) destructive; deleting containers, images and volumes
// destructive.
func classifyContainer(c *Classifier, at int, _ bool) {
	name := ProgramName(c.Words[at])
	i := c.operand(at+1, "-H", "--host", "--context", "-c", "--config", "-l", "--log-level")
	if c.word(i) == "compose" {
		c.containerCompose(name, i+1)
		return
	}
	sub := c.word(i)
	if sub == "container" || sub == "image" || sub == "volume" || sub == "system" || sub == "network" || sub == "buildx" {
		i = c.operand(i+1, "-f", "--file", "-p", "--project-name")
		sub = c.word(i-1) + " " + c.word(i)
	}
	words := strings.Fields(sub)
	last := ""
	if len(words) > 0 {
		last = words[len(words)-1]
	}
	target := c.word(c.operand(i+1, "-t", "--time", "-s", "--signal"))
	switch {
	case last == "push":
		c.Add(event.RiskExternal, name+" push publishes an image", i)
	case last == "login":
		c.Add(event.RiskSensitive, name+" login handles your registry credentials", i)
	case last == "rm" || last == "rmi" || last == "prune" || strings.HasSuffix(sub, "volume rm"):
		c.Add(event.RiskDestructive, name+" "+sub+" deletes containers, images or volumes", c.whole())
	case containerControl(last) != "":
		c.Add(event.RiskDestructive, name+" "+sub+" "+strings.Replace(containerControl(last), "%s", "the container "+target, 1), c.whole())
	case last == "exec":
		c.containerAccess(name, i+1)
		c.containerExec(i + 1)
	case last == "run" || last == "create" || last == "up":
		c.containerAccess(name, i+1)
	}
}

// containerAccess flags options that give a container the host.
func (c *Classifier) containerAccess(name string, from int) {
	for i := from; i < len(c.Words); i++ {
		t := c.Words[i]
		opt, value, inline := strings.Cut(t, "=")
		switch {
		case t == "--privileged" || opt == "--pid" && value == "host" || opt == "--network" && value == "host" ||
			opt == "--net" && value == "host" || opt == "--ipc" && value == "host" || opt == "--userns" && value == "host" ||
			opt == "--cap-add" || opt == "--device" || opt == "--security-opt":
			c.Add(event.RiskDestructive, name+" "+t+" gives the container access to the host", c.whole())
		case opt == "-v" || opt == "--volume" || opt == "--mount":
			at := i
			if !inline {
				at, value = i+1, c.word(i+1)
			}
			src, _, _ := strings.Cut(value, ":")
			if opt == "--mount" {
				src = mountSource(value)
			}
			if at >= len(c.Words) || src == "" || !strings.ContainsAny(src[:1], "/.~") {
				continue // a named volume
			}
			c.skip[at] = true
			c.judge.Arg(c, at, src)
			if c.judge.Kind(src) == "outside" {
				c.Add(event.RiskDestructive, name+" mounts "+src+", outside the project root, into the container", c.whole())
			}
		}
	}
}

// mountSource returns the host side of a --mount bind.
func mountSource(opts string) string {
	for _, kv := range strings.Split(opts, ",") {
		if k, v, _ := strings.Cut(kv, "="); k == "source" || k == "src" {
			return v
		}
	}
	return ""
}
