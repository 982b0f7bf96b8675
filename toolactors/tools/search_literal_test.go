package tools

import (
	"fmt"
	"regexp"
	"testing"

	"github.com/wtagent/wtagent/protocol"
)

// TestLiteralHitsMatchesLineScan checks the bytes.Index fast path against
// the plain line-by-line regexp scan it replaces.
func TestLiteralHitsMatchesLineScan(t *testing.T) {
	files := []string{
		"needle first\nplain\nneedle needle twice\nlast needle",
		"no newline at all needle",
		"\n\n\nneedle\r\nafter crlf needle\r\n",
		"needle",
		"nothing here\n",
		"x\nneedle_7 = 12\nneedle_x = y\nneedle_8 = 9\n",
	}
	for _, args := range []protocol.FSSearchArgs{
		{Pattern: "needle", MaxResults: 100},
		{Pattern: `needle_\w+ = \d+`, Regex: true, MaxResults: 100},
		{Pattern: "needle", MaxResults: 1},
	} {
		fast, err := newSearchQuery(&args, ".", 200)
		if err != nil {
			t.Fatal(err)
		}
		if fast.needle == nil && fast.prefix == nil {
			t.Fatalf("%q: no fast path chosen", args.Pattern)
		}
		slow := *fast
		slow.needle, slow.prefix = nil, nil
		slow.multi = regexp.MustCompile("(?m)" + fast.re.String())
		for i, f := range files {
			got := fmt.Sprint(searchBytes("f", []byte(f), fast))
			want := fmt.Sprint(searchBytes("f", []byte(f), &slow))
			if got != want {
				t.Errorf("%q in file %d:\nfast %s\nscan %s", args.Pattern, i, got, want)
			}
		}
	}
}
