package secrets

import (
	"path/filepath"
	"strings"
)

// LooksSecret reports whether a variable looks like a credential: its
// name (secretEnvName) or a token in its value, unless it is a toolchain
// variable or a CA bundle path. policy.ScrubEnv drops exactly these.
func LooksSecret(name, value string) bool {
	if toolchainEnv(name) || caBundle(name, value) {
		return false
	}
	return secretEnvName(name) || (len(value) >= 8 && Redact(value) != value)
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
var userinfoURL = lazyRegexp(`(\b[a-zA-Z][a-zA-Z0-9+.-]*://)[^\s/@]+@`)

// StripUserinfo removes the user and password of every URL in s.
func StripUserinfo(s string) string {
	if !strings.Contains(s, "@") {
		return s
	}
	return userinfoURL().ReplaceAllString(s, "$1")
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
