package secrets

import (
	"bytes"
	"strings"
	"testing"
)

// FuzzRedact checks that Redact is idempotent and that the writer, fed in
// arbitrary pieces, writes what Redact returns for the whole text.
func FuzzRedact(f *testing.F) {
	for _, s := range []string{"ghp_0123456789abcdefghijABCDEFGHIJ012345", "password=hunter2\n", "https://u:p@h/", "Bearer abcdefghijklmnop", "sk-abcdefghijklmnopqrstuvwxyz", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.x", "-----BEGIN RSA PRIVATE KEY-----\nx\n-----END RSA PRIVATE KEY-----\n"} {
		f.Add(s, uint8(3))
	}
	f.Fuzz(func(t *testing.T, s string, step uint8) {
		once := Redact(s)
		if twice := Redact(once); twice != once {
			t.Fatalf("Redact not idempotent on %q:\n%q\n%q", s, once, twice)
		}
		if strings.Contains(s, "PRIVATE KEY") || len(s) > maxPending {
			return
		}
		var out bytes.Buffer
		w := NewRedactingWriter(&out)
		n := int(step%16) + 1
		for i := 0; i < len(s); i += n {
			w.Write([]byte(s[i:min(i+n, len(s))]))
		}
		w.Flush()
		if out.String() != once {
			t.Fatalf("writer and Redact differ on %q:\nwriter %q\nRedact %q", s, out.String(), once)
		}
	})
}
