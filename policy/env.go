package policy

import (
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/wtagent/wtagent/messages"
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
		case !IsSecretEnv(name, value):
			out = append(out, name+"="+StripUserinfo(value))
		}
	}
	return out
}

// IsSecretEnv reports whether ScrubEnv would drop the variable.
func IsSecretEnv(name, value string) bool {
	if toolchainEnv(name) || caBundle(name, value) {
		return false
	}
	return secretEnvName(name) || (len(value) >= 8 && Redact(value) != value)
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

// secretEnvName matches names by their words (split at anything that is not
// a letter or digit), so TOKENIZERS_PARALLELISM and SSH_AUTH_SOCK survive
// while GITHUB_TOKEN, NPM_CONFIG__AUTH and SENTRY_DSN do not.
func secretEnvName(name string) bool {
	up := strings.ToUpper(name)
	if strings.HasPrefix(up, "AWS_") || up == "SSHPASS" {
		return true
	}
	for _, s := range [...]string{"PASSWORD", "PASSWD", "PASSPHRASE", "SECRET"} {
		if strings.Contains(up, s) {
			return true
		}
	}
	words := strings.FieldsFunc(up, func(r rune) bool {
		return (r < 'A' || r > 'Z') && (r < '0' || r > '9')
	})
	for i, w := range words {
		if secretWord(w) || (w == "API" && i+1 < len(words) && words[i+1] == "KEY") {
			return true
		}
		// One rule for every place a name is judged: a word that is
		// KEY, TOKEN, SECRET, PASS, PW, AUTH, PRIVATE, CREDENTIAL, WEBHOOK,
		// DSN or SK (STRIPE_SK, SLACK_WEBHOOK_URL, PW …).
		switch w {
		case "KEY", "SECRET", "PASS", "PW", "AUTH", "PRIVATE", "WEBHOOK", "DSN", "SK", "PWD":
			return true
		}
	}
	if len(words) >= 2 {
		switch words[len(words)-1] {
		case "KEY", "AUTH", "PWD", "PASS", "DSN":
			return true
		}
	}
	return false
}

func secretWord(w string) bool {
	switch w {
	case "TOKEN", "APIKEY", "AUTHTOKEN", "ACCESSKEY", "SECRETKEY", "PRIVATEKEY",
		"CREDENTIAL", "CREDENTIALS", "COOKIE", "COOKIES", "PAT", "SESSIONTOKEN", "BEARER", "JWT":
		return true
	}
	return false
}

// userinfoURL matches the user (and password) part of a URL.
var userinfoURL = regexp.MustCompile(`(\b[a-zA-Z][a-zA-Z0-9+.-]*://)[^\s/@]+@`)

// StripUserinfo removes the user and password of every URL in s.
func StripUserinfo(s string) string {
	if !strings.Contains(s, "@") {
		return s
	}
	return userinfoURL.ReplaceAllString(s, "$1")
}

// toolchainEnv lists what compilers, package managers and proxies need;
// these are kept even when their value holds a password (a proxy URL with
// credentials is the usual case).
func toolchainEnv(name string) bool {
	if strings.HasPrefix(name, "LC_") || strings.HasPrefix(name, "XDG_") {
		return true
	}
	switch strings.ToUpper(name) {
	case "HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY", "ALL_PROXY", "FTP_PROXY":
		return true
	}
	switch name {
	case "PATH", "HOME", "USER", "LOGNAME", "SHELL", "TERM", "COLORTERM", "LANG", "LANGUAGE",
		"TZ", "TMPDIR", "TMP", "TEMP", "PWD", "OLDPWD", "SHLVL", "CI",
		"GOPATH", "GOROOT", "GOCACHE", "GOMODCACHE", "GOPROXY", "GOPRIVATE", "GONOPROXY",
		"GONOSUMDB", "GOFLAGS", "GOTOOLCHAIN", "JAVA_HOME", "VIRTUAL_ENV", "CONDA_PREFIX",
		"SSH_AUTH_SOCK", "CARGO_HOME", "RUSTUP_HOME", "PNPM_HOME", "NVM_DIR",
		"DISPLAY", "WAYLAND_DISPLAY", "XAUTHORITY", "DBUS_SESSION_BUS_ADDRESS",
		"SSL_CERT_FILE", "SSL_CERT_DIR", "NODE_EXTRA_CA_CERTS", "REQUESTS_CA_BUNDLE", "CURL_CA_BUNDLE":
		return true
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
	if IsSecretEnv(name, value) {
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

// caBundle reports a variable that names CA certificates by path
// (AWS_CA_BUNDLE, SSL_CERT_FILE, REQUESTS_CA_BUNDLE, NODE_EXTRA_CA_CERTS,
// GIT_SSL_CAINFO …) and whose value is a path or list of paths: a
// certificate bundle is public, and masking its path only hides where
// TLS trust comes from.
func caBundle(name, value string) bool {
	up := strings.ToUpper(name)
	if !containsAny(up, []string{"CA_BUNDLE", "CA_CERT", "CACERT", "CA_FILE", "CAFILE", "CAINFO", "CA_PATH",
		"CAPATH", "CERT_FILE", "CERT_DIR", "CERTS_DIR", "CA_CERTS"}) || value == "" || Redact(value) != value {
		return false
	}
	for _, p := range filepath.SplitList(value) {
		if !filepath.IsAbs(p) && !strings.HasPrefix(p, "~/") && !strings.HasPrefix(p, "./") {
			return false
		}
		if strings.ContainsAny(p, "\t\n\"'=@") || strings.Contains(p, "://") {
			return false
		}
	}
	return true
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
