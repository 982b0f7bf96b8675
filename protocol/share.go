package protocol

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"unicode/utf8"

	"github.com/wtagent/wtagent/session/event"
)

// ShareBudget splits budget bytes among outputs of the given sizes, max-min
// fairly, and returns each output's allotment (same order):
//
//   - when the sizes add up to at most budget, or budget ≤ 0 (no limit),
//     every output keeps its size;
//   - otherwise every output gets an equal share; one smaller than its
//     share keeps its size and leaves the unused rest to the others, shared
//     equally again, until every remaining output is larger than the
//     share; those are cut to it, and the bytes that do not divide evenly
//     go one each to the earliest of them.
//
// The allotments then add up to exactly budget. Example: sizes 10, 100,
// 100 and budget 110 give 10, 50, 50.
func ShareBudget(sizes []int, budget int) []int {
	out := slices.Clone(sizes)
	total := 0
	for _, s := range sizes {
		total += max(s, 0)
	}
	if budget <= 0 || total <= budget {
		return out
	}
	order := make([]int, len(sizes))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return sizes[a] - sizes[b] })
	left, k := budget, len(sizes)
	for n, i := range order {
		if share := left / k; sizes[i] > share {
			cut := slices.Clone(order[n:])
			slices.Sort(cut)
			for j, c := range cut {
				out[c] = share
				if j < left%k {
					out[c]++
				}
			}
			return out
		}
		out[i] = max(sizes[i], 0)
		left -= out[i]
		k--
	}
	return out
}

// OutputSize is the part of a result the shared budget counts and may cut:
// the bytes of Stdout, Stderr, Diff and Data. The message and the changed
// files are short and always kept.
func OutputSize(r event.ToolResult) int {
	return len(r.Stdout) + len(r.Stderr) + len(r.Diff) + len(r.Data)
}

// ShareResults fits the results of one reply into budget bytes of output
// (see OutputSize; budget ≤ 0 is no limit): ShareBudget gives each result
// its allotment, and a result over it is cut, its allotment shared among
// its parts by the same rule. Streams keep their head and tail and record
// the cut in StdoutCut/StderrCut (OriginalBytes stays the size before any
// cut); a diff keeps its head; JSON data keeps its shape and has its long
// strings cut. Each cut is marked in the text, so the model knows. The
// markers are not counted.
func ShareResults(results []event.ToolResult, budget int) []event.ToolResult {
	sizes := make([]int, len(results))
	for i, r := range results {
		sizes[i] = OutputSize(r)
	}
	allot := ShareBudget(sizes, budget)
	out := slices.Clone(results)
	for i := range out {
		if allot[i] < sizes[i] {
			out[i] = cutResult(out[i], allot[i])
		}
	}
	return out
}

// cutResult cuts one result's output to n bytes.
func cutResult(r event.ToolResult, n int) event.ToolResult {
	a := ShareBudget([]int{len(r.Stdout), len(r.Stderr), len(r.Diff), len(r.Data)}, max(n, 1))
	r.Stdout, r.StdoutCut = cutStream("stdout", r.Stdout, r.StdoutCut, a[0])
	r.Stderr, r.StderrCut = cutStream("stderr", r.Stderr, r.StderrCut, a[1])
	if len(r.Diff) > a[2] {
		head := cutAt(r.Diff, a[2])
		r.Diff = head + fmt.Sprintf("\n[… wtagent cut %d bytes of the diff to share this reply's output budget …]\n", len(r.Diff)-len(head))
	}
	if len(r.Data) > a[3] {
		r.Data = cutData(r.Data, a[3])
	}
	return r
}

// cutStream keeps the head and tail of text within n bytes.
func cutStream(name, text string, cut *event.Truncation, n int) (string, *event.Truncation) {
	if len(text) <= n {
		return text, cut
	}
	head := cutAt(text, n/2)
	tail := tailAt(text, n-len(head))
	orig := int64(len(text))
	if cut != nil {
		orig = cut.OriginalBytes
	}
	marker := fmt.Sprintf("\n[… wtagent cut the middle of %s (%d bytes) to share this reply's output budget …]\n", name, len(text)-len(head)-len(tail))
	return head + marker + tail, &event.Truncation{OriginalBytes: orig, KeptBytes: int64(len(head) + len(tail))}
}

// cutAt is the longest prefix of s of at most n bytes that ends on a rune
// boundary.
func cutAt(s string, n int) string {
	if n >= len(s) {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// tailAt is the longest suffix of s of at most n bytes that starts on a
// rune boundary.
func tailAt(s string, n int) string {
	i := max(len(s)-n, 0)
	for i < len(s) && !utf8.RuneStart(s[i]) {
		i++
	}
	return s[i:]
}

// cutData cuts JSON data to about n bytes by cutting its string values
// (ShareBudget over their lengths) and marking each cut; data that is not
// JSON is cut as text.
func cutData(data json.RawMessage, n int) json.RawMessage {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var tree any
	if err := dec.Decode(&tree); err != nil || dec.More() {
		return json.RawMessage(cutAt(string(data), n))
	}
	var strs []string
	walkStrings(tree, func(s string) string { strs = append(strs, s); return s })
	total := 0
	sizes := make([]int, len(strs))
	for i, s := range strs {
		sizes[i], total = len(s), total+len(s)
	}
	allot := ShareBudget(sizes, max(n-(len(data)-total), len(strs)))
	i := 0
	tree = walkStrings(tree, func(s string) string {
		a := allot[i]
		i++
		if len(s) <= a {
			return s
		}
		head := cutAt(s, a)
		return head + fmt.Sprintf("[… wtagent cut %d bytes to share this reply's output budget …]", len(s)-len(head))
	})
	out, err := encode(tree)
	if err != nil {
		return json.RawMessage(cutAt(string(data), n))
	}
	return out
}

// walkStrings replaces every string value of a decoded JSON tree by f's
// result, in a fixed order (object keys sorted).
func walkStrings(v any, f func(string) string) any {
	switch x := v.(type) {
	case string:
		return f(x)
	case []any:
		for i := range x {
			x[i] = walkStrings(x[i], f)
		}
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			x[k] = walkStrings(x[k], f)
		}
	}
	return v
}
