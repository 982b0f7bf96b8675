package secrets

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
)

func TestRedact(t *testing.T) {
	tests := []struct {
		name, in, secret, keep string
	}{
		{"github classic", "token ghp_0123456789abcdefghijABCDEFGHIJ012345 ok", "ghp_0123456789abcdefghijABCDEFGHIJ012345", "ok"},
		{"github oauth", "gho_0123456789abcdefghijABCDEFGHIJ012345", "0123456789abcdefghij", ""},
		{"github fine-grained", "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWX", "11ABCDEFG0123456789", ""},
		{"openai", "OPENAI key: sk-abcdefghijklmnopqrstuvwxyz0123456789ABCD", "abcdefghijklmnopqrstuvwxyz0123", "OPENAI"},
		{"openai project", "sk-proj-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-xyz", "AbCdEfGhIjKlMnOpQrSt", ""},
		{"anthropic", "sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789", "abcdefghijklmnopqrstuvwxyz", ""},
		{"aws access key id", "aws_access_key_id AKIAIOSFODNN7EXAMPLE here", "AKIAIOSFODNN7EXAMPLE", "here"},
		{"aws secret assignment", "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "wJalrXUtnFEMI", "aws_secret_access_key"},
		{"bearer", "Authorization: Bearer abcdef0123456789abcdef0123", "abcdef0123456789abcdef0123", "Bearer"},
		{"basic", "Authorization: Basic dXNlcjpwYXNzd29yZA==", "dXNlcjpwYXNzd29yZA", "Authorization"},
		{"private key", "x\n-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\ny", "b3BlbnNzaC1rZXktdjEAAAAA", "y"},
		{"rsa key, cut off", "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA", "MIIEowIBAAKCAQEA", ""},
		{"openssh key body without its header", "./.ssh/id_ed25519:b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\nnext", "AAAABG5vbmUAAAAEbm9uZQ", "next"},
		{"pgp key", "-----BEGIN PGP PRIVATE KEY BLOCK-----\nlQOYBF\n-----END PGP PRIVATE KEY BLOCK-----", "lQOYBF", ""},
		{"jwt", "cookie=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U;", "dozjgNryP4J3jVmNHl0w5N", ""},
		{"url password", "cloning https://alice:s3cr3t-pw@git.example.com/r.git", "s3cr3t-pw", "alice"},
		{"db url password", "postgres://app:hunter22@db:5432/app", "hunter22", "db:5432"},
		{"password= query", "GET /login?user=bob&password=hunter2&x=1", "hunter2", "x=1"},
		{"password: yaml", "  password: correct-horse\n", "correct-horse", "password"},
		{"json secret", `{"client_secret": "abc123def456"}`, "abc123def456", "client_secret"},
		{"npmrc", "//npm.example.com/:_authToken=npm_abcdefghijklmnopqrstuvwxyz0123456789", "abcdefghijklmnopqrstuvwxyz", "npm.example.com"},
		{"slack", "xoxb-1234567890-abcdefghij", "1234567890-abcdefghij", ""},
		{"stripe", "sk_live_abcdefghijklmnop1234", "abcdefghijklmnop1234", ""},
		{"google", "AIzaSyA-abcdefghijklmnopqrstuvwxyz01234", "abcdefghijklmnopqrstuvwxyz", ""},
		{"gitlab", "glpat-abcdefghij0123456789", "abcdefghij0123456789", ""},
		{"pypi", "password = pypi-AgEIcHlwaS5vcmcCJDAxMjM0NTY3LTg5YWItY2RlZi0wMTIzLTQ1Njc4OWFiY2RlZgACKlsz", "CJDAxMjM0NTY3LTg5YWItY2RlZi", ""},
		{"digitalocean", "token dop_v1_0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef end", "0123456789abcdef0123", "end"},
		{"sendgrid", "SG.abcdefghijklmnopqrstuv.abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG", "abcdefghijklmnopqrstuv", ""},
		{"google oauth", "Authorization ya29.a0AfH6SMBx0123456789abcdefghij", "a0AfH6SMBx0123456789", ""},
		{"shopify", "shpat_0123456789abcdef0123456789abcdef", "0123456789abcdef0123", ""},
		{"slack app", "xapp-1-A0123456789-0123456789012-abcdef", "A0123456789-0123456789012", ""},
		{"age", "AGE-SECRET-KEY-1QQPZRY9X8GF2TVDW0S3JN54KHCE6MUA7LQPZRY9X8GF2TVDW0S3JN54KHC", "QQPZRY9X8GF2TVDW0S3", ""},
		{"azure storage", "DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=" + strings.Repeat("Ab1+", 22) + "==;EndpointSuffix=core", "Ab1+Ab1+Ab1+", "AccountName=acct"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Redact(tt.in)
			if strings.Contains(got, tt.secret) {
				t.Errorf("Redact(%q) = %q still holds %q", tt.in, got, tt.secret)
			}
			if !strings.Contains(got, "[REDACTED:") {
				t.Errorf("Redact(%q) = %q has no marker", tt.in, got)
			}
			if !strings.Contains(got, tt.keep) {
				t.Errorf("Redact(%q) = %q lost %q", tt.in, got, tt.keep)
			}
			if again := Redact(got); again != got {
				t.Errorf("not idempotent: %q → %q", got, again)
			}
		})
	}
}

func TestRedactLeavesOrdinaryText(t *testing.T) {
	for _, s := range []string{
		"go test ./... passed in 3.2s",
		"max_tokens: 4096",
		"author: Jane Doe",
		"the task-runner-configuration file",
		"http://localhost:5173/",
		"https://example.com:8080/path@v2",
		"password:",
		"SSH_AUTH_SOCK=/tmp/ssh-x/agent.1",
		"commit 3f2a9c1e0b8d7f6a5e4d3c2b1a0f9e8d7c6b5a4f",
		"eyJ alone is not a token",
	} {
		if got := Redact(s); got != s {
			t.Errorf("Redact(%q) = %q", s, got)
		}
	}
}

func TestRedactingWriter(t *testing.T) {
	var out bytes.Buffer
	w := NewRedactingWriter(&out)
	token := "ghp_0123456789abcdefghijABCDEFGHIJ012345"
	// A token split across writes, a key block across lines and writes.
	chunks := []string{
		"start " + token[:10], token[10:] + " end\n",
		"before\n-----BEGIN EC PRIVATE ", "KEY-----\nMHcCAQEEIBsecretsecret\nmore\n-----END EC PRIVATE KEY-----\nafter\n",
		"tail without newline password=hunter2",
	}
	for _, c := range chunks {
		if n, err := w.Write([]byte(c)); err != nil || n != len(c) {
			t.Fatalf("Write = %d, %v", n, err)
		}
	}
	if strings.Contains(out.String(), "tail") {
		t.Error("an unfinished line was written before Flush")
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, secret := range []string{token, "0123456789abcdefghij", "MHcCAQEEIBsecretsecret", "more", "hunter2"} {
		if strings.Contains(got, secret) {
			t.Errorf("output holds %q:\n%s", secret, got)
		}
	}
	for _, keep := range []string{"start ", " end\n", "before\n", "[REDACTED:private-key]\n", "after\n", "tail without newline password="} {
		if !strings.Contains(got, keep) {
			t.Errorf("output lost %q:\n%s", keep, got)
		}
	}
}

func TestRedactingWriterLongLine(t *testing.T) {
	var out bytes.Buffer
	w := NewRedactingWriter(&out)
	line := strings.Repeat("word ", 13300) + "ghp_0123456789abcdefghijABCDEFGHIJ012345"
	w.Write([]byte(line))
	if out.Len() == 0 {
		t.Error("a line over the limit was held back entirely")
	}
	w.Flush()
	if strings.Contains(out.String(), "ghp_0123") || out.Len() < len(line)-100 {
		t.Errorf("long line: %d bytes out, token redacted: %v", out.Len(), !strings.Contains(out.String(), "ghp_0123"))
	}
}

// TestPatternsCompile compiles every expression of the package, which
// lazyRegexp otherwise compiles only on first use: a bad pattern fails
// here rather than in the first session that meets its text.
func TestPatternsCompile(t *testing.T) {
	res := []func() *regexp.Regexp{privateKey, userinfoURL, maskMark, keyBegin, keyEnd}
	for _, r := range redactions {
		res = append(res, r.re)
	}
	for i, re := range res {
		first, again := re(), re()
		if first == nil || first != again {
			t.Errorf("expression %d: not compiled once", i)
		}
	}
}
