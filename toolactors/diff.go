package toolactors

import (
	"fmt"
	"strings"
)

// diffContext is the number of unchanged lines around each hunk.
const diffContext = 3

// maxDiffCost bounds the Myers search; a change larger than this many
// edits is shown as one block replacement (still a correct diff).
const maxDiffCost = 2000

type opKind byte

const (
	opEqual opKind = iota
	opDelete
	opInsert
)

type diffOp struct {
	kind opKind
	line string
}

// unifiedDiff returns a unified diff of a and b (empty when equal), with
// "a/path" and "b/path" headers; created files diff from /dev/null.
func unifiedDiff(path, a, b string, created bool) string {
	if a == b {
		return ""
	}
	from, to := "a/"+path, "b/"+path
	if created {
		from = "/dev/null"
	}
	ops := diffLines(splitLines(a), splitLines(b))
	var out strings.Builder
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", from, to)
	writeHunks(&out, ops)
	return out.String()
}

// splitLines splits s after each "\n", keeping it.
func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	lines := strings.SplitAfter(s, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// diffLines is a Myers diff of two line lists, after trimming the common
// prefix and suffix.
func diffLines(a, b []string) []diffOp {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	ops := make([]diffOp, 0, len(a)+len(b))
	for _, l := range a[:pre] {
		ops = append(ops, diffOp{opEqual, l})
	}
	ops = append(ops, myers(a[pre:len(a)-suf], b[pre:len(b)-suf])...)
	for _, l := range a[len(a)-suf:] {
		ops = append(ops, diffOp{opEqual, l})
	}
	return ops
}

// myers computes a shortest edit script, keeping for each step only the
// diagonals it reached (O(D²) memory); a change needing more than
// maxDiffCost edits becomes one block replacement.
func myers(a, b []string) []diffOp {
	ids := map[string]int{}
	intern := func(ls []string) []int {
		out := make([]int, len(ls))
		for i, l := range ls {
			id, ok := ids[l]
			if !ok {
				id = len(ids)
				ids[l] = id
			}
			out[i] = id
		}
		return out
	}
	x, y := intern(a), intern(b)
	n, m := len(x), len(y)
	limit := min(n+m, maxDiffCost)
	if n == 0 || m == 0 || abs(n-m) > limit {
		return blockReplace(a, b)
	}
	off := limit + 1
	v := make([]int, 2*limit+3)
	var trace [][]int // trace[d] holds v[off-d .. off+d] before step d
	for d := 0; d <= limit; d++ {
		trace = append(trace, append([]int(nil), v[off-d:off+d+1]...))
		for k := -d; k <= d; k += 2 {
			var i int
			if k == -d || (k != d && v[off+k-1] < v[off+k+1]) {
				i = v[off+k+1]
			} else {
				i = v[off+k-1] + 1
			}
			j := i - k
			for i < n && j < m && x[i] == y[j] {
				i++
				j++
			}
			v[off+k] = i
			if i >= n && j >= m {
				return backtrack(trace, a, b)
			}
		}
	}
	return blockReplace(a, b)
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// backtrack walks the trace from the end to recover the edit script.
func backtrack(trace [][]int, a, b []string) []diffOp {
	i, j := len(a), len(b)
	var rev []diffOp
	for d := len(trace) - 1; d >= 0; d-- {
		v := trace[d] // v[k+d] is diagonal k
		at := func(k int) int {
			if k < -d || k > d {
				return 0
			}
			return v[k+d]
		}
		k := i - j
		var pk int
		if k == -d || (k != d && at(k-1) < at(k+1)) {
			pk = k + 1
		} else {
			pk = k - 1
		}
		pi := at(pk)
		pj := pi - pk
		for i > pi && j > pj {
			i--
			j--
			rev = append(rev, diffOp{opEqual, a[i]})
		}
		if d > 0 {
			if i == pi {
				j--
				rev = append(rev, diffOp{opInsert, b[j]})
			} else {
				i--
				rev = append(rev, diffOp{opDelete, a[i]})
			}
		}
	}
	for l, r := 0, len(rev)-1; l < r; l, r = l+1, r-1 {
		rev[l], rev[r] = rev[r], rev[l]
	}
	return rev
}

func blockReplace(a, b []string) []diffOp {
	ops := make([]diffOp, 0, len(a)+len(b))
	for _, l := range a {
		ops = append(ops, diffOp{opDelete, l})
	}
	for _, l := range b {
		ops = append(ops, diffOp{opInsert, l})
	}
	return ops
}

// writeHunks groups the edit script into hunks with diffContext lines of
// context.
func writeHunks(out *strings.Builder, ops []diffOp) {
	for start := 0; start < len(ops); {
		for start < len(ops) && ops[start].kind == opEqual {
			start++
		}
		if start == len(ops) {
			return
		}
		// Extend the hunk while the next change is within 2*context lines.
		end := start
		for end < len(ops) {
			if ops[end].kind != opEqual {
				end++
				continue
			}
			run := end
			for run < len(ops) && ops[run].kind == opEqual {
				run++
			}
			if run == len(ops) || run-end > 2*diffContext {
				break
			}
			end = run
		}
		lo := max(start-diffContext, 0)
		hi := min(end+diffContext, len(ops))
		writeHunk(out, ops, lo, hi)
		start = hi
	}
}

func writeHunk(out *strings.Builder, ops []diffOp, lo, hi int) {
	aStart, bStart := 1, 1
	for _, op := range ops[:lo] {
		if op.kind != opInsert {
			aStart++
		}
		if op.kind != opDelete {
			bStart++
		}
	}
	var aLen, bLen int
	for _, op := range ops[lo:hi] {
		if op.kind != opInsert {
			aLen++
		}
		if op.kind != opDelete {
			bLen++
		}
	}
	fmt.Fprintf(out, "@@ -%s +%s @@\n", hunkRange(aStart, aLen), hunkRange(bStart, bLen))
	for _, op := range ops[lo:hi] {
		prefix := " "
		switch op.kind {
		case opDelete:
			prefix = "-"
		case opInsert:
			prefix = "+"
		}
		out.WriteString(prefix)
		out.WriteString(op.line)
		if !strings.HasSuffix(op.line, "\n") {
			out.WriteString("\n\\ No newline at end of file\n")
		}
	}
}

func hunkRange(start, n int) string {
	switch n {
	case 0:
		return fmt.Sprintf("%d,0", start-1)
	case 1:
		return fmt.Sprintf("%d", start)
	}
	return fmt.Sprintf("%d,%d", start, n)
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
