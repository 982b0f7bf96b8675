package secrets

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkRedact measures throughput on log-like text with a token every
// 50 lines (the common case: most lines hold no needle at all).
func BenchmarkRedact(b *testing.B) {
	var sb strings.Builder
	for i := range 2000 {
		if i%50 == 0 {
			fmt.Fprintf(&sb, "level=info msg=\"clone\" url=https://ci:ghp_0123456789abcdefghijABCDEFGHIJ0123%02d@github.com/o/r\n", i%100)
			continue
		}
		fmt.Fprintf(&sb, "level=info msg=\"compiled package %d\" dur=12ms files=34 path=src/pkg%d/file.go\n", i, i)
	}
	text := sb.String()
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		Redact(text)
	}
}

// BenchmarkGuardMask measures masking 48 KiB of tool output (the largest
// a tool result sends) with five secret values in wtagent's environment,
// each searched for literally and in its encodings (reversed, hex,
// base64, base32 …), lines wrapped or not.
func BenchmarkGuardMask(b *testing.B) {
	env := []string{"PATH=/usr/bin"}
	for i := range 5 {
		env = append(env, fmt.Sprintf("SECRET_%d_TOKEN=value-%d-0123456789abcdefghijklmnop", i, i))
	}
	g := NewGuard(env, "")
	var sb strings.Builder
	for i := 0; sb.Len() < 48<<10; i++ {
		fmt.Fprintf(&sb, "ok  \tgithub.com/o/r/pkg%d\t0.%03ds\tcoverage: %d.0%% of statements\n", i, i%1000, i%100)
	}
	text := sb.String()
	b.SetBytes(int64(len(text)))
	b.ReportAllocs()
	for b.Loop() {
		g.Mask(text)
	}
}
