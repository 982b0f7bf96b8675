package tools

import (
	"fmt"
	"strings"

	udiff "github.com/aymanbagabas/go-udiff"
)

// unifiedDiff returns a unified diff of a and b (empty when equal), with
// "a/path" and "b/path" headers and three lines of context; created files
// diff from /dev/null.
func unifiedDiff(path, a, b string, created bool) string {
	if a == b {
		return ""
	}
	from := "a/" + path
	if created {
		from = "/dev/null"
	}
	return udiff.Unified(from, "b/"+path, a, b)
}

// capText shortens s to at most limit bytes, keeping the head and a
// marker.
func capText(s string, limit int) (string, bool) {
	if limit <= 0 || len(s) <= limit {
		return s, false
	}
	cut := strings.LastIndexByte(s[:limit], '\n') + 1
	if cut == 0 {
		cut = limit
	}
	return s[:cut] + fmt.Sprintf("… [wtagent: %d more bytes of diff omitted]\n", len(s)-cut), true
}
