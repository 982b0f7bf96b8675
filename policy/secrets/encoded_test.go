package secrets

import (
	"encoding/base32"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/internal/leakcheck"
	"github.com/wtagent/wtagent/internal/textcode"
)

// wrap cuts s into lines of n characters, as base64(1) and xxd -p do.
func wrap(s string, n int) string {
	var b strings.Builder
	for len(s) > n {
		b.WriteString(s[:n] + "\n")
		s = s[n:]
	}
	return b.String() + s
}

// TestGuardMasksEncodedSecrets: wtagent's own secret values printed by a
// script in an encoding (the issue: base64, reversed …), inside a longer
// dump at any alignment and with lines wrapped, reach the model masked:
// no decoding of the masked text gives the value back.
func TestGuardMasksEncodedSecrets(t *testing.T) {
	secret := "sk-proj-NOTREAL0123456789abcdefghijklmnopQRST"
	g := NewGuard([]string{"OPENAI_API_KEY=" + secret, "PATH=/usr/bin"}, "")
	b64 := func(s string) string { return wrap(base64.StdEncoding.EncodeToString([]byte(s)), 76) }
	encodings := map[string]func(string) string{
		"plain":              func(s string) string { return s },
		"reversed":           textcode.Reverse,
		"base64":             b64,
		"base64url":          func(s string) string { return base64.URLEncoding.EncodeToString([]byte(s)) },
		"base64 reversed":    func(s string) string { return textcode.Reverse(b64(s)) },
		"base64 | rev":       func(s string) string { return revLines(b64(s)) },
		"rev | base64 | rev": func(s string) string { return revLines(b64(revLines(s))) },
		"reversed base64":    func(s string) string { return b64(textcode.Reverse(s)) },
		"hex (xxd -p)":       func(s string) string { return wrap(hex.EncodeToString([]byte(s)), 60) },
		"HEX":                func(s string) string { return strings.ToUpper(hex.EncodeToString([]byte(s))) },
		"hex of reversed":    func(s string) string { return hex.EncodeToString([]byte(textcode.Reverse(s))) },
		"od -tx1":            func(s string) string { return spacedHex(s) },
		"base32":             func(s string) string { return wrap(base32.StdEncoding.EncodeToString([]byte(s)), 76) },
		"textcode.ROT13":     textcode.ROT13,
		"folded":             func(s string) string { return wrap(s, 7) },
		"base64 of base64?":  func(s string) string { return b64(s) + "\n" + b64(textcode.Reverse(s)) },
	}
	for name, enc := range encodings {
		for pad := range 5 {
			dump := strings.Repeat("x", pad) + "HOME=/home/me\nOPENAI_API_KEY=" + secret + "\nLANG=C.UTF-8\n"
			in := "$ ./s.sh\n" + enc(dump) + "\nexit 0\n"
			out, sources := g.Mask(in)
			if d, leak := leakcheck.Leaks(secret, out); leak {
				t.Errorf("%s, %d bytes before: the secret is recoverable (%q) from\n%s", name, pad, d, out)
			}
			if len(sources) == 0 || sources[0] != "env OPENAI_API_KEY" {
				t.Errorf("%s, %d bytes before: sources %q", name, pad, sources)
			}
			if !strings.HasPrefix(out, "$ ./s.sh\n") || !strings.HasSuffix(out, "\nexit 0\n") {
				t.Errorf("%s: the text around was changed: %q", name, out)
			}
		}
	}
}

// revLines reverses each line, as rev(1) does.
func revLines(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = textcode.Reverse(l)
	}
	return strings.Join(lines, "\n")
}

func spacedHex(s string) string {
	var b strings.Builder
	for i, c := range []byte(s) {
		if i%16 == 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, " %02x", c)
	}
	return b.String()
}

// TestGuardEncodingsLeaveOrdinaryTextAlone: the encoded forms of a secret
// do not mask what merely looks encoded — hashes, base64 blobs, hex dumps
// of other bytes, go.sum lines.
func TestGuardEncodingsLeaveOrdinaryTextAlone(t *testing.T) {
	g := NewGuard([]string{"OPENAI_API_KEY=sk-proj-NOTREAL0123456789abcdefghijklmnopQRST", "DB_PASSWORD=hunter2hunter2"}, "")
	for _, in := range []string{
		"golang.org/x/sys v0.30.0 h1:QT4OQtz5fs6sEN7uOyo6kbZkO0eycqN1Xj8zWyv3Byl0=\n",
		"sha256:0b6c8d1b0f7e5a3c9e2d4f6a8b0c2e4f6a8b0c2e4f6a8b0c2e4f6a8b0c2e4f6a\n",
		base64.StdEncoding.EncodeToString([]byte(strings.Repeat("an ordinary file's bytes, nothing secret. ", 20))),
		hex.EncodeToString([]byte("HOME=/home/me\nPATH=/usr/bin:/bin\nLANG=C.UTF-8\n")),
		"commit 4dad4ad8b09bf0380e07a01ec396f2790da8ed49be\n",
	} {
		if out, src := g.Mask(in); out != in || len(src) != 0 {
			t.Errorf("changed %q\n  to %q (%q)", in, out, src)
		}
	}
}

// TestEncodedFormsTable: the forms of one value include what coreutils
// print for it (the expected strings come from base64, base32, xxd, rev).
func TestEncodedFormsTable(t *testing.T) {
	whole, encoded := encodedForms("abcdefghijklmnopqr")
	forms := append(whole, encoded...)
	for _, want := range []string{
		"rqponmlkjihgfedcba",                   // reversed
		"nopqrstuvwxyzabcde",                   // ROT13
		"6162636465666768696a6b6c6d6e6f707172", // hex (xxd -p)
		"YWJjZGVmZ2hpamtsbW5vcHFy",             // base64, aligned
		"Y2RlZmdoaWprbG1ub3Bx",                 // base64 after one byte (printf xabc… | base64), its first group cut
		"MFRGGZDFMZTWQ2LKNNWG23TPOBYX",         // base32 core
		"yFHcv5Wbstmaph2ZmVGZjJWY",             // base64 reversed (… | base64 | rev)
	} {
		found := false
		for _, f := range forms {
			if strings.Contains(f, want) || strings.Contains(want, f) && len(f) >= gramLen {
				found = true
			}
		}
		if !found {
			t.Errorf("no form covers %q; forms: %q", want, forms)
		}
	}
}
