package policy

import (
	"path"
	"strings"

	"github.com/wtagent/wtagent/messages"
	"github.com/wtagent/wtagent/policy/secrets"
)

// ScrubEnv returns environ without the variables that look like
// credentials, keeping the order; the kept ones lose the user and password
// of any URL in their value (a proxy with credentials keeps its host). A variable is dropped when its name looks
// like a secret (*_TOKEN, *_SECRET, *_KEY, *PASSWORD*, AWS_*, *_AUTH, …) or
// its value holds a token Redact recognises (a GitHub or OpenAI key, a URL
// with a password, …). Names that toolchains need are always kept (PATH,
// HOME, the proxies, GOPATH and friends, JAVA_HOME, VIRTUAL_ENV,
// SSH_AUTH_SOCK, CARGO_HOME, LANG, LC_*, TERM, XDG_* …), and so is every
// name matching one of allow (exact names or path.Match patterns such as
// "MYCO_*"), which the user sets in config. Entries without "=" are
// dropped.
func ScrubEnv(environ []string, allow []string) []string {
	out := make([]string, 0, len(environ))
	for _, kv := range environ {
		name, value, ok := strings.Cut(kv, "=")
		if !ok || name == "" {
			continue
		}
		switch {
		case envAllowed(name, allow):
			out = append(out, kv)
		case !secrets.LooksSecret(name, value):
			out = append(out, name+"="+secrets.StripUserinfo(value))
		}
	}
	return out
}

func envAllowed(name string, allow []string) bool {
	for _, a := range allow {
		if a == name {
			return true
		}
		if ok, _ := path.Match(a, name); ok {
			return true
		}
	}
	return false
}

// envFinding is what an environment addition from the model is.
type envFinding struct {
	risk   messages.Risk
	reason string
}

// checkEnvAddition classifies one KEY=VALUE the model wants to add to a
// program's environment. bad is set for malformed entries (a hard deny).
func checkEnvAddition(kv string) (f *envFinding, bad string) {
	name, value, ok := strings.Cut(kv, "=")
	switch {
	case !ok || !validEnvName(name):
		return nil, "environment entry " + quoteArg(kv) + " is not NAME=VALUE with a valid name"
	case strings.IndexByte(value, 0) >= 0:
		return nil, "environment entry " + name + " contains a NUL byte"
	}
	if injectingEnv(name, value) {
		return &envFinding{messages.RiskDestructive, "sets " + name + ", which makes programs load or run other code"}, ""
	}
	if name == "PATH" {
		return &envFinding{messages.RiskSensitive, "replaces PATH, which changes which programs run"}, ""
	}
	if secrets.LooksSecret(name, value) {
		return &envFinding{messages.RiskSensitive, "passes the credential-like variable " + name}, ""
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

// mergeEnv returns base with the additions applied: an addition replaces a
// variable of the same name in place, or is appended.
func mergeEnv(base, adds []string) []string {
	out := append([]string(nil), base...)
	for _, kv := range adds {
		name, _, _ := strings.Cut(kv, "=")
		replaced := false
		for i, old := range out {
			if strings.HasPrefix(old, name+"=") {
				out[i], replaced = kv, true
				break
			}
		}
		if !replaced {
			out = append(out, kv)
		}
	}
	return out
}
