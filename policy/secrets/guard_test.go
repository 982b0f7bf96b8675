package secrets

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestSecretGuardMasks(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{
		".env":                "# local\nPORT=3000\nNODE_ENV=development\nSTRIPE_SK=rk_sandbox_value_12345\nexport DATABASE_URL=\"postgres://app:hunter22hunter@db/app\"\n",
		"backend/.env.local":  "SLACK_WEBHOOK_URL=https://hooks.example/T000/B000/XXXXYYYYZZZZ\n",
		"config/secrets.json": "{\n  \"client_secret\": \"cs-0123456789abcdef\",\n  \"region\": \"eu-west-1\"\n}\n",
	}
	for name, body := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	env := []string{"PATH=/usr/bin", "OPENAI_API_KEY=sk-test-notreal-0123456789abcdefghij", "PW=correct-horse-battery", "LANG=C.UTF-8"}
	g := NewGuard(env, root)
	in := strings.Join([]string{
		"env: sk-test-notreal-0123456789abcdefghij and correct-horse-battery",
		"dotenv: rk_sandbox_value_12345 postgres://app:hunter22hunter@db/app https://hooks.example/T000/B000/XXXXYYYYZZZZ",
		"json: cs-0123456789abcdef region eu-west-1 port 3000 development",
		"shapes: ghp_0123456789abcdefghijABCDEFGHIJ012345 AKIAABCDEFGHIJKLMNOP xoxb-1234567890-abcdef eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.sig https://bob:s3cr3tpass@example.com/x",
		"-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAABG5vbmU=\n-----END OPENSSH PRIVATE KEY-----",
		"code: password = os.environ[\"DB_PASSWORD\"]",
	}, "\n")
	out, sources := g.Mask(in)
	for _, secret := range []string{"sk-test-notreal", "correct-horse", "rk_sandbox_value", "hunter22hunter", "XXXXYYYYZZZZ",
		"cs-0123456789", "ghp_0123", "AKIAABCD", "xoxb-1234", "eyJhbGci", "s3cr3tpass", "b3BlbnNzaC1rZXkt"} {
		if strings.Contains(out, secret) {
			t.Errorf("%q not masked:\n%s", secret, out)
		}
	}
	for _, kept := range []string{"eu-west-1", "port 3000 development", `password = os.environ["DB_PASSWORD"]`, "[MASKED:env OPENAI_API_KEY]", "[MASKED:.env STRIPE_SK]"} {
		if !strings.Contains(out, kept) {
			t.Errorf("%q missing:\n%s", kept, out)
		}
	}
	for _, want := range []string{"env OPENAI_API_KEY", "env PW", ".env STRIPE_SK", "backend/.env.local SLACK_WEBHOOK_URL", "config/secrets.json client_secret", "token shapes"} {
		if !slices.Contains(sources, want) {
			t.Errorf("sources %q lack %q", sources, want)
		}
	}
	if again, src := g.Mask(out); again != out || len(src) != 0 {
		t.Errorf("masking is not idempotent: %q %q", src, again)
	}
	if clean, src := g.Mask("nothing to see"); clean != "nothing to see" || src != nil {
		t.Errorf("clean text changed: %q %q", clean, src)
	}
}

func TestSecretGuardRevealAndMarks(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, ".env"), []byte("API_TOKEN=dotenv-token-value-1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	g := NewGuard([]string{"STRIPE_SK=rk_notreal_value_0123456789"}, root)
	if got, want := g.Sources(), []string{".env API_TOKEN", "env STRIPE_SK"}; !slices.Equal(got, want) {
		t.Fatalf("Sources = %q, want %q", got, want)
	}
	a, b := "key rk_notreal_value_0123456789", "token dotenv-token-value-1 and ghp_0123456789abcdefghijABCDEFGHIJ012345"
	if src := g.MaskAll(&a, &b); !slices.Equal(src, []string{"env STRIPE_SK", ".env API_TOKEN", "token shapes"}) {
		t.Errorf("MaskAll sources = %q", src)
	}
	if got := MaskedIn(a + " " + b); !slices.Equal(got, []string{"env STRIPE_SK", ".env API_TOKEN", "token shapes"}) {
		t.Errorf("MaskedIn = %q", got)
	}
	for _, tc := range []struct {
		source string
		ok     bool
	}{
		{"token shapes", false},
		{"env NOPE", false},
		{".env API_TOKEN", true},
	} {
		if err := g.Reveal(tc.source); (err == nil) != tc.ok || (err != nil && !errors.Is(err, ErrUnknownSecret)) {
			t.Errorf("Reveal(%q) = %v, want ok=%v", tc.source, err, tc.ok)
		}
	}
	out, src := g.Mask("token dotenv-token-value-1 key rk_notreal_value_0123456789")
	if out != "token dotenv-token-value-1 key [MASKED:env STRIPE_SK]" || !slices.Equal(src, []string{"env STRIPE_SK"}) {
		t.Errorf("after the reveal: %q %q", out, src)
	}
	if got := g.Sources(); !slices.Equal(got, []string{"env STRIPE_SK"}) {
		t.Errorf("Sources after the reveal = %q", got)
	}
}
