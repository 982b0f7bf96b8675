package classify

import (
	"strings"

	"github.com/wtagent/wtagent/session/event"

	"github.com/wtagent/wtagent/policy/secrets"
)

// EnvFinding is what an environment addition from the model is.
type EnvFinding struct {
	// Risk is how risky the addition makes the call.
	Risk event.Risk
	// Reason says why, in one line.
	Reason string
}

// CheckEnvAddition classifies one KEY=VALUE the model wants to add to a
// program's environment. bad is set for malformed entries (a hard deny).
func CheckEnvAddition(kv string) (f *EnvFinding, bad string) {
	name, value, ok := strings.Cut(kv, "=")
	switch {
	case !ok || !validEnvName(name):
		return nil, "environment entry " + quoteArg(kv) + " is not NAME=VALUE with a valid name"
	case strings.IndexByte(value, 0) >= 0:
		return nil, "environment entry " + name + " contains a NUL byte"
	}
	if injectingEnv(name, value) {
		return &EnvFinding{event.RiskDestructive, "sets " + name + ", which makes programs load or run other code"}, ""
	}
	if name == "PATH" && !extendsPath(value) {
		return &EnvFinding{event.RiskSensitive, "replaces PATH, which changes which programs run"}, ""
	}
	if secretValue(value) {
		return &EnvFinding{event.RiskSensitive, "passes " + name + ", whose value looks like a real credential"}, ""
	}
	return nil, ""
}

func validEnvName(name string) bool {
	if name == "" || (name[0] >= '0' && name[0] <= '9') {
		return false
	}
	for _, r := range name {
		if r != '_' && (r < 'A' || r > 'Z') && (r < 'a' || r > 'z') && (r < '0' || r > '9') {
			return false
		}
	}
	return true
}

// injectingEnv lists variables that make a program (or a program it
// starts) load a library or run a command of the caller's choosing:
// loaders' and shells' hooks, pagers and editors (less's LESSOPEN and
// LESSCLOSE preprocessors among them), git's and rsync's command
// variables, the JVM's and Node's agent options, go's -toolexec, and
// prompts holding a command substitution.
func injectingEnv(name, value string) bool {
	up := strings.ToUpper(name)
	for _, p := range [...]string{"LD_", "DYLD_", "BASH_FUNC_", "GIT_CONFIG_KEY_", "GIT_CONFIG_VALUE_"} {
		if strings.HasPrefix(up, p) {
			return true
		}
	}
	switch up {
	case "BASH_ENV", "ENV", "ZDOTDIR", "PROMPT_COMMAND", "PS4", "SHELLOPTS", "FCEDIT", "PERL5OPT", "PERL5DB",
		"RUBYOPT", "PYTHONSTARTUP", "PYTHONINSPECT", "GCONV_PATH",
		"GIT_SSH", "GIT_SSH_COMMAND", "GIT_EXEC_PATH", "GIT_TEMPLATE_DIR",
		"GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT", "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM",
		"GIT_ASKPASS", "SSH_ASKPASS", "SUDO_ASKPASS", "GIT_PAGER", "GIT_EDITOR", "GIT_SEQUENCE_EDITOR",
		"GIT_EXTERNAL_DIFF", "GIT_PROXY_COMMAND", "EDITOR", "VISUAL", "PAGER", "MANPAGER", "BROWSER",
		"LESSOPEN", "LESSCLOSE", "LESSEDIT", "SYSTEMD_PAGER", "SYSTEMD_EDITOR",
		"RSYNC_RSH", "RSYNC_CONNECT_PROG", "CVS_RSH", "SVN_SSH", "TAR_OPTIONS",
		"RUSTC_WRAPPER", "RUSTC_WORKSPACE_WRAPPER", "CARGO_BUILD_RUSTC_WRAPPER":
		return true
	case "PS0", "PS1", "PS2", "PS3":
		return strings.Contains(value, "$(") || strings.Contains(value, "`")
	case "NODE_OPTIONS":
		return hasOption(value, "-r", "--require", "--import", "--loader", "--experimental-loader", "-e", "--eval")
	case "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "JDK_JAVA_OPTIONS", "MAVEN_OPTS", "GRADLE_OPTS":
		return hasOption(value, "-javaagent:", "-agentpath:", "-agentlib:", "-XX:OnError=", "-XX:OnOutOfMemoryError=")
	case "GOFLAGS":
		return hasOption(value, "-toolexec", "--toolexec", "-exec", "--exec", "-overlay", "--overlay")
	}
	return false
}

// hasOption reports whether the space-separated options in value hold
// one of opts: exactly, as opt=…, or (an opt ending in ':' or '=') as a
// prefix.
func hasOption(value string, opts ...string) bool {
	for _, o := range strings.Fields(value) {
		o = strings.Trim(o, `"'`)
		for _, p := range opts {
			if o == p || strings.HasPrefix(o, p+"=") || (strings.HasSuffix(p, ":") || strings.HasSuffix(p, "=")) && strings.HasPrefix(o, p) {
				return true
			}
		}
	}
	return false
}

// extendsPath reports a PATH value that keeps the inherited PATH
// (dir:$PATH or $PATH:dir) and adds only absolute or home directories.
func extendsPath(value string) bool {
	kept := false
	for _, dir := range strings.Split(value, ":") {
		switch {
		case dir == "$PATH" || dir == "${PATH}":
			kept = true
		case !strings.HasPrefix(dir, "/") && !HomePath(dir):
			return false
		}
	}
	return kept
}

// secretValue reports a value that looks like a real credential: a token
// shape (sk-…, ghp_…, AKIA…, a JWT, a password in a URL). A name alone
// makes nothing secret: FOO_KEY=test_key is a test's placeholder, and the
// model that wrote the value knows it already.
func secretValue(value string) bool {
	return len(value) >= 8 && secrets.RedactTokens(value) != value
}
