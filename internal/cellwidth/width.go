package cellwidth

import "github.com/charmbracelet/x/ansi"

// String returns the number of cells s takes on a terminal. ANSI escape
// sequences take none; s should be on one line (a control character such
// as a newline or a tab takes no cell either).
func String(s string) int {
	return ansi.StringWidth(s)
}

// Truncate cuts s to at most n cells, ending it with tail when anything was
// cut (tail's cells count toward n). Grapheme clusters are never split and
// ANSI escape sequences are kept whole. With n <= 0 the result is empty.
func Truncate(s string, n int, tail string) string {
	if n <= 0 {
		return ""
	}
	return ansi.Truncate(s, n, tail)
}

// TruncateLeft keeps the last cells of s, at most n of them, starting it
// with head when anything was cut (head's cells count toward n).
func TruncateLeft(s string, n int, head string) string {
	if n <= 0 {
		return ""
	}
	w := String(s)
	if w <= n {
		return s
	}
	hw := String(head)
	if hw >= n {
		return Truncate(head, n, "")
	}
	keep := n - hw
	out := ansi.TruncateLeft(s, w-keep, "")
	for cut := w - keep + 1; String(out) > keep && cut <= w; cut++ {
		out = ansi.TruncateLeft(s, cut, "") // a wide cluster straddled the cut
	}
	return head + out
}

// FirstCluster returns the first grapheme cluster of s (no escape sequences
// are recognised: s is plain text) and the cells it takes. Walking a text
// cluster by cluster with it measures as String does.
func FirstCluster(s string) (cluster string, width int) {
	return ansi.FirstGraphemeCluster(s, ansi.GraphemeWidth)
}
