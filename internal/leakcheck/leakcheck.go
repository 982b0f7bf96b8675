// Package leakcheck is for tests: it says whether a text still gives
// away a secret after masking, decoding the text every way a script
// could have encoded it (reversed, ROT13, hex, base64 in both alphabets,
// base32, at every alignment, lines wrapped or bytes spaced), so that a
// test of the masking does not share the masking's own idea of what an
// encoding looks like.
package leakcheck

import (
	"encoding/base32"
	"encoding/base64"
	"encoding/hex"
	"slices"
	"strings"

	"github.com/wtagent/wtagent/internal/textcode"
)

// window is how many consecutive bytes of a secret count as a leak.
const window = 10

// Leaks reports whether text, or anything it decodes to, holds window
// consecutive bytes of secret; the first such decoding is returned.
func Leaks(secret, text string) (string, bool) {
	for _, d := range Decodings(text) {
		for i := 0; i+window <= len(secret); i++ {
			if strings.Contains(d, secret[i:i+window]) {
				return d, true
			}
		}
	}
	return "", false
}

// Decodings returns text, and what text and its reverse decode to as
// ROT13, hex, base64 (standard and URL alphabets) and base32, with
// whitespace removed, from every starting offset of each run of the
// alphabet's characters.
func Decodings(text string) []string {
	squeezed := strings.Map(func(r rune) rune {
		if r == ' ' || r == '\t' || r == '\n' || r == '\r' {
			return -1
		}
		return r
	}, text)
	out := []string{text, textcode.Reverse(text), textcode.ROT13(text), textcode.ROT13(textcode.Reverse(text))}
	for _, s := range []string{squeezed, textcode.Reverse(squeezed)} {
		out = append(out, decodeRuns(s, "0123456789abcdefABCDEF", 2, func(r string) ([]byte, error) { return hex.DecodeString(r) })...)
		out = append(out, decodeRuns(s, b64Std, 4, base64.RawStdEncoding.DecodeString)...)
		out = append(out, decodeRuns(s, b64URL, 4, base64.RawURLEncoding.DecodeString)...)
		out = append(out, decodeRuns(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567", 8, base32.StdEncoding.WithPadding(base32.NoPadding).DecodeString)...)
	}
	for _, d := range slices.Clone(out) {
		out = append(out, textcode.Reverse(d))
	}
	return out
}

const (
	b64Std = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	b64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
)

// decodeRuns decodes each maximal run of alphabet's characters in s from
// every offset below group, cut to whole groups.
func decodeRuns(s, alphabet string, group int, decode func(string) ([]byte, error)) []string {
	var out []string
	for _, run := range strings.FieldsFunc(s, func(r rune) bool { return !strings.ContainsRune(alphabet, r) }) {
		for off := 0; off < group && off < len(run); off++ {
			r := run[off:]
			r = r[:len(r)/group*group]
			if b, err := decode(r); err == nil && len(b) > 0 {
				out = append(out, string(b))
			}
		}
	}
	return out
}
