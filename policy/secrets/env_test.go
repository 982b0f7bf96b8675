package secrets

import (
	"strings"
	"testing"
)

// TestCABundlePathIsNoSecret: a variable naming CA certificates by path
// is kept and not masked; the same name with a token value, or a
// credential name with a path, still is a secret.
func TestCABundlePathIsNoSecret(t *testing.T) {
	tests := []struct {
		kv     string
		secret bool
	}{
		{"AWS_CA_BUNDLE=/etc/ssl/certs/corp-ca.pem", false},
		{"SSL_CERT_FILE=/etc/ssl/cert.pem", false},
		{"REQUESTS_CA_BUNDLE=/home/me/ca bundle.pem", false},
		{"NODE_EXTRA_CA_CERTS=/etc/ssl/extra.pem", false},
		{"GIT_SSL_CAINFO=/etc/ssl/ca.pem", false},
		{"PIP_CERT_FILE=~/certs/ca.pem", false},
		{"AWS_CA_BUNDLE=AKIAIOSFODNN7EXAMPLE", true},
		{"AWS_CA_BUNDLE=not-a-path-value", true},
		{"AWS_CA_BUNDLE=https://u:p@host/ca.pem", true},
		{"AWS_SECRET_ACCESS_KEY=/etc/ssl/certs/x", true},
		{"GOOGLE_APPLICATION_CREDENTIALS=/home/me/key.json", true},
	}
	for _, tt := range tests {
		name, value, _ := strings.Cut(tt.kv, "=")
		if got := LooksSecret(name, value); got != tt.secret {
			t.Errorf("LooksSecret(%s) = %v, want %v", tt.kv, got, tt.secret)
		}
		g := NewGuard([]string{tt.kv}, "")
		masked, _ := g.Mask("value: " + value)
		if hidden := !strings.Contains(masked, value); hidden != tt.secret {
			t.Errorf("%s: masked=%v, want %v (%q)", tt.kv, hidden, tt.secret, masked)
		}
	}
}
