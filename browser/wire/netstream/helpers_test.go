package netstream

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/browser/wire/sse"
)

// sse2026 holds the 2026-shaped turns package sse's tests decode.
const sse2026 = "../sse/testdata/sse2026"

// parseAll feeds the chunks to a new parser, in order.
func parseAll(chunks ...string) *sse.Parser {
	var p sse.Parser
	for _, c := range chunks {
		p.Write([]byte(c))
	}
	return &p
}

// turnStreams returns the bodies of a turn: name.sse and, for a name
// ending in -resume, the stream it continues first.
func turnStreams(t testing.TB, name string) []string {
	var files []string
	if base, ok := strings.CutSuffix(name, "-resume"); ok {
		files = append(files, base+".sse")
	}
	files = append(files, name+".sse")
	var out []string
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(sse2026, f))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, string(b))
	}
	return out
}
