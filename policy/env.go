package policy

import (
	"path"
	"strings"

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
