package secrets

import (
	"regexp"
	"strings"
	"sync"
)

// redaction is one token format and how to hide it. The first submatch
// group, when present, is kept (a key name, "Bearer ", a URL's user).
// needles are literal strings one of which every match contains (lower
// case when fold is set): lines without any skip the regular expression.
type redaction struct {
	kind    string
	re      func() *regexp.Regexp
	needles []string
	fold    bool
}

// lazyRegexp compiles pattern on first use: the package's expressions
// cost milliseconds to compile, which every wtagent start (and every
// sandboxed program's init, wtagent started again) would otherwise pay at
// package initialisation, used or not. TestPatternsCompile compiles them
// all.
func lazyRegexp(pattern string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(pattern) })
}

// privateKey matches a private key block, or its start when it was cut.
var privateKey = lazyRegexp(`(?s)-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----.*?(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|\z)`)

// redactions are the one-line token formats Redact hides. Compiled regular
// expressions are immutable and safe for concurrent use (and compiled
// once, on first use); the table is read-only.
var redactions = [...]redaction{
	{"github-token", lazyRegexp(`\b(?:gh[pousr]_[A-Za-z0-9]{36,251}|github_pat_[A-Za-z0-9_]{22,255})\b`), []string{"ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"}, false},
	{"gitlab-token", lazyRegexp(`\bglpat-[A-Za-z0-9_-]{20,}`), []string{"glpat-"}, false},
	{"api-key", lazyRegexp(`\bsk-(?:proj-|svcacct-|admin-|ant-)?[A-Za-z0-9_-]{20,}`), []string{"sk-"}, false},
	{"stripe-key", lazyRegexp(`\b[sr]k_(?:live|test)_[A-Za-z0-9]{16,}`), []string{"k_live_", "k_test_"}, false},
	{"aws-access-key", lazyRegexp(`\b(?:AKIA|ASIA|ABIA|ACCA|AGPA|AIDA|AROA|ANPA|ANVA|AIPA)[A-Z0-9]{16}\b`), []string{"AKIA", "ASIA", "ABIA", "ACCA", "AGPA", "AIDA", "AROA", "ANPA", "ANVA", "AIPA"}, false},
	{"google-api-key", lazyRegexp(`\bAIza[0-9A-Za-z_-]{35}`), []string{"AIza"}, false},
	{"slack-token", lazyRegexp(`\bxox[abposr]-[A-Za-z0-9-]{10,}`), []string{"xox"}, false},
	{"npm-token", lazyRegexp(`\bnpm_[A-Za-z0-9]{36}\b`), []string{"npm_"}, false},
	{"huggingface-token", lazyRegexp(`\bhf_[A-Za-z0-9]{34,}\b`), []string{"hf_"}, false},
	{"pypi-token", lazyRegexp(`\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}`), []string{"pypi-AgEIcHlwaS5vcmc"}, false},
	{"digitalocean-token", lazyRegexp(`\bdo[opr]_v1_[a-f0-9]{64}\b`), []string{"_v1_"}, false},
	{"sendgrid-key", lazyRegexp(`\bSG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}\b`), []string{"SG."}, false},
	{"google-oauth-token", lazyRegexp(`\bya29\.[0-9A-Za-z_-]{20,}`), []string{"ya29."}, false},
	{"shopify-token", lazyRegexp(`\bshp(?:at|ss|ca|pa)_[a-fA-F0-9]{32}\b`), []string{"shpat_", "shpss_", "shpca_", "shppa_"}, false},
	{"slack-app-token", lazyRegexp(`\bxapp-[0-9]-[A-Za-z0-9-]{20,}`), []string{"xapp-"}, false},
	{"age-key", lazyRegexp(`\bAGE-SECRET-KEY-1[0-9A-Z]{58}\b`), []string{"AGE-SECRET-KEY-1"}, false},
	{"azure-storage-key", lazyRegexp(`(AccountKey=)[A-Za-z0-9+/]{80,}={0,2}`), []string{"AccountKey="}, false},
	// The first body line of every OpenSSH private key ("openssh-key-v1"),
	// also without its BEGIN line (grep -h prints only matching lines).
	{"private-key", lazyRegexp(`b3BlbnNzaC1rZXktdjE[A-Za-z0-9+/=]*`), []string{"b3BlbnNzaC1rZXktdjE"}, false},
	{"jwt", lazyRegexp(`\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*`), []string{"eyJ"}, false},
	{"bearer", lazyRegexp(`(?i)(\bbearer\s+)[A-Za-z0-9._~+/=-]{12,}`), []string{"bearer"}, true},
	{"authorization", lazyRegexp(`(?i)(\bauthorization\s*[:=]\s*(?:basic\s+|token\s+)?)[A-Za-z0-9._~+/=-]{8,}`), []string{"authorization"}, true},
	{"url-password", lazyRegexp(`(\b[a-zA-Z][a-zA-Z0-9+.-]*://[^\s:/@]+:)[^\s@/]+@`), []string{"://"}, false},
	{"secret", lazyRegexp(`(?i)(\b[a-z0-9_.-]*(?:password|passwd|secret|token|api[_-]?key|apikey|access[_-]?key|secret[_-]?key|private[_-]?key|auth[_-]?token|_auth|credentials?)["']?\s*[:=]\s*["']?)[^\s"'&;,\[\]]{3,}`),
		[]string{"passw", "secret", "token", "key", "_auth", "credential"}, true},
}

// Redact hides common token formats in s: GitHub, GitLab, OpenAI and
// Anthropic, Stripe, AWS access key ids, Google API keys and OAuth access
// tokens, Slack, npm, Hugging Face, PyPI, DigitalOcean, SendGrid and
// Shopify tokens, age and Azure storage keys, JWTs, bearer and Authorization values, private key
// blocks, passwords in URLs and password=/secret:/token= style values. Each
// becomes "[REDACTED:kind]"; the surrounding text (a key name, "Bearer ",
// a URL's user and host) stays readable. Redact(Redact(s)) == Redact(s).
func Redact(s string) string { return redact(s, false) }

// RedactTokens is Redact for text that also holds code: it hides token
// shapes (keys, tokens, JWTs, private key blocks, URL passwords) but not
// password=/secret: style values, which in source code are usually
// variable names and expressions rather than secrets.
func RedactTokens(s string) string { return redact(s, true) }

func redact(s string, tokensOnly bool) string {
	if strings.Contains(s, "PRIVATE KEY") {
		s = privateKey().ReplaceAllLiteralString(s, "[REDACTED:private-key]")
	}
	var buf [len(redactions)]*redaction
	active := activeRedactions(s, buf[:0], tokensOnly)
	if len(active) == 0 {
		return s
	}
	var b strings.Builder
	rest, changed := s, false
	for rest != "" {
		line := rest
		if i := strings.IndexByte(rest, '\n'); i >= 0 {
			line = rest[:i+1]
		}
		rest = rest[len(line):]
		out := redactLine(line, active)
		if out != line && !changed {
			changed = true
			b.Grow(len(s))
			b.WriteString(s[:len(s)-len(rest)-len(line)])
		}
		if changed {
			b.WriteString(out)
		}
	}
	if !changed {
		return s
	}
	return b.String()
}

// activeRedactions returns the formats whose needles occur anywhere in s,
// so that lines are only matched against formats that can be there.
func activeRedactions(s string, active []*redaction, tokensOnly bool) []*redaction {
	lower := ""
	for i := range redactions {
		r := &redactions[i]
		if tokensOnly && (r.kind == "secret" || r.kind == "authorization") {
			continue
		}
		hay := s
		if r.fold {
			if lower == "" {
				lower = strings.ToLower(s)
			}
			hay = lower
		}
		if containsAny(hay, r.needles) {
			active = append(active, r)
		}
	}
	return active
}

// redactLine applies the active formats whose needles the line holds.
func redactLine(line string, active []*redaction) string {
	lower := ""
	for _, r := range active {
		hay := line
		if r.fold {
			if lower == "" {
				lower = strings.ToLower(line)
			}
			hay = lower
		}
		if !containsAny(hay, r.needles) {
			continue
		}
		re := r.re()
		if !re.MatchString(line) {
			continue
		}
		mark := "[REDACTED:" + r.kind + "]"
		switch {
		case re.NumSubexp() == 0:
			line = re.ReplaceAllLiteralString(line, mark)
		case r.kind == "url-password":
			line = re.ReplaceAllString(line, "${1}"+mark+"@")
		default:
			line = re.ReplaceAllString(line, "${1}"+mark)
		}
		lower = ""
	}
	return line
}

func containsAny(s string, needles []string) bool {
	for _, n := range needles {
		if strings.Contains(s, n) {
			return true
		}
	}
	return false
}
