package protocol

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/session/event"
)

func TestShareBudget(t *testing.T) {
	cases := []struct {
		name   string
		sizes  []int
		budget int
		want   []int
	}{
		{"fits", []int{10, 20, 30}, 60, []int{10, 20, 30}},
		{"no limit", []int{1000, 2000}, 0, []int{1000, 2000}},
		{"negative is no limit", []int{1000}, -5, []int{1000}},
		{"equal split", []int{100, 100}, 100, []int{50, 50}},
		{"short one leaves its share", []int{10, 100, 100}, 110, []int{10, 50, 50}},
		{"short ones at any position", []int{100, 0, 100, 4}, 104, []int{50, 0, 50, 4}},
		{"cascade", []int{30, 40, 1000, 1000}, 200, []int{30, 40, 65, 65}},
		{"remainder to the earliest cut", []int{100, 100, 100}, 100, []int{34, 33, 33}},
		{"remainder skips kept outputs", []int{5, 100, 100}, 106, []int{5, 51, 50}},
		{"one output", []int{500}, 64, []int{64}},
		{"nothing", nil, 10, nil},
		{"all empty", []int{0, 0}, 1, []int{0, 0}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := ShareBudget(c.sizes, c.budget)
			if !reflect.DeepEqual(got, c.want) && !(len(got) == 0 && len(c.want) == 0) {
				t.Fatalf("ShareBudget(%v, %d) = %v, want %v", c.sizes, c.budget, got, c.want)
			}
		})
	}
}

// TestShareBudgetRule checks the rule on random sizes: allotments never
// exceed sizes, add up to the budget when the sizes do not fit, and no
// cut output gets less than any other output's allotment minus one.
func TestShareBudgetRule(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 2000; i++ {
		sizes := make([]int, 1+r.IntN(8))
		total := 0
		for j := range sizes {
			sizes[j] = r.IntN(5000)
			total += sizes[j]
		}
		budget := 1 + r.IntN(12000)
		got := ShareBudget(sizes, budget)
		sum := 0
		for j := range got {
			if got[j] > sizes[j] || got[j] < 0 {
				t.Fatalf("%v/%d → %v: allotment over size", sizes, budget, got)
			}
			sum += got[j]
		}
		if want := min(total, budget); sum != want {
			t.Fatalf("%v/%d → %v: sum %d, want %d", sizes, budget, got, sum, want)
		}
		for j := range got {
			for k := range got {
				if got[j] < sizes[j] && got[j] < got[k]-1 {
					t.Fatalf("%v/%d → %v: cut output %d got less than output %d", sizes, budget, got, j, k)
				}
			}
		}
	}
}

func TestShareResults(t *testing.T) {
	out := strings.Repeat("o", 6000) + "END"
	data := `{"path":"big.go","content":"` + strings.Repeat("é", 3000) + `","lines":3000}`
	in := []event.ToolResult{
		{Tool: ToolFSRead, Status: event.ToolOK, Message: "lines 1-3000", Data: json.RawMessage(data)},
		{Tool: ToolFSList, Status: event.ToolOK, Stdout: "a.go\nb.go\n"},
		{Tool: ToolTerminalExec, Status: event.ToolOK, Stdout: out, StdoutCut: &event.Truncation{OriginalBytes: 90000, KeptBytes: int64(len(out))}},
		SkippedResult(&event.ToolCall{Name: ToolFSRead}, "Not run: after a change."),
	}
	got := ShareResults(in, 2010)
	if got[1].Stdout != in[1].Stdout || !reflect.DeepEqual(got[3], in[3]) || got[0].Message != in[0].Message {
		t.Fatal("a short result or a message was cut")
	}
	// 2010 - 10 bytes of list output leave 1000 each to the read and the exec.
	if c := got[2].StdoutCut; c == nil || c.OriginalBytes != 90000 || c.KeptBytes != 1000 {
		t.Fatalf("exec cut %+v, want original 90000 kept 1000", c)
	}
	if !strings.HasPrefix(got[2].Stdout, "ooo") || !strings.HasSuffix(got[2].Stdout, "END") || !strings.Contains(got[2].Stdout, "wtagent cut the middle of stdout") {
		t.Fatalf("exec output does not keep head, tail and a marker: %q…", got[2].Stdout[:80])
	}
	var read struct {
		Path, Content string
		Lines         int
	}
	if err := json.Unmarshal(got[0].Data, &read); err != nil {
		t.Fatalf("cut data is not JSON: %v", err)
	}
	if read.Path != "big.go" || read.Lines != 3000 || !strings.Contains(read.Content, "wtagent cut") || len(read.Content) > 1100 {
		t.Fatalf("cut data %+v (%d bytes of content)", read, len(read.Content))
	}
	if in[2].Stdout != out || in[2].StdoutCut.KeptBytes != int64(len(out)) {
		t.Fatal("ShareResults changed its input")
	}
	if !reflect.DeepEqual(ShareResults(in, 0), in) || !reflect.DeepEqual(ShareResults(in, 1<<20), in) {
		t.Fatal("results that fit were changed")
	}
}

func TestFormatToolResults(t *testing.T) {
	code := 0
	calls := []*event.ToolCall{{Name: ToolFSRead}, {Name: ToolFSWrite}, {Name: ToolFSRead}}
	plan := PlanBatch(calls, nil)
	in := []event.ToolResult{
		{Tool: ToolFSRead, Status: event.ToolOK, Message: "lines 1-2 of 2", Data: json.RawMessage(`{"content":"a\nb\n"}`)},
		{Tool: ToolFSWrite, Status: event.ToolOK, Message: "wrote a.txt", Changed: []string{"a.txt"}, ExitCode: &code},
		SkippedResult(calls[2], plan.Skipped[0].Reason),
	}
	msg := WithReminder(FormatToolResults(in, 0))
	for _, want := range []string{`<tool_results calls="3">`, `<tool_result call="1" name="fs.read" status="ok">`,
		`<tool_result call="2" name="fs.write" status="ok" exit_code="0">`, `<tool_result call="3" name="fs.read" status="skipped">`,
		"send it again in your next reply", "</tool_results>"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message lacks %q:\n%s", want, msg)
		}
	}
	if strings.Count(msg, reminderOpen) != 1 || !strings.HasSuffix(msg, Reminder) {
		t.Errorf("want one trailing reminder:\n%s", msg)
	}
	got, err := ParseToolResults(msg)
	if err != nil {
		t.Fatal(err)
	}
	for i := range in {
		if !reflect.DeepEqual(got[i], modelVisible(in[i])) {
			t.Errorf("result %d: got %+v, want %+v", i+1, got[i], modelVisible(in[i]))
		}
	}
	if one := FormatToolResults(in[:1], 0); one != FormatToolResult(in[0]) {
		t.Errorf("one result is not written as FormatToolResult writes it:\n%s", one)
	}
}

func TestParseToolResultsRefuses(t *testing.T) {
	for name, s := range map[string]string{
		"wrong call":  `<tool_results calls="1"><tool_result call="2" name="a" status="ok"></tool_result></tool_results>`,
		"no call":     `<tool_results calls="1"><tool_result name="a" status="ok"></tool_result></tool_results>`,
		"wrong count": `<tool_results calls="3"><tool_result call="1" name="a" status="ok"></tool_result></tool_results>`,
		"other child": `<tool_results calls="1"><result call="1"/></tool_results>`,
		"stray text":  `<tool_results calls="0">hello</tool_results>`,
	} {
		if _, err := ParseToolResults(s); err == nil {
			t.Errorf("%s: accepted %s", name, s)
		}
	}
}

// TestToolResultsRoundTrip: FormatToolResults then ParseToolResults gives
// back what the model sees of ShareResults' results, in order, for random
// batches and budgets.
func TestToolResultsRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for i := 0; i < 500; i++ {
		in := make([]event.ToolResult, 1+r.IntN(MaxCallsLimit))
		for j := range in {
			in[j] = randomResult(r)
		}
		budget := []int{0, 1, 40, 200, 1 << 20}[r.IntN(5)]
		text := FormatToolResults(in, budget)
		checkNoRawControls(t, text)
		got, err := ParseToolResults(WithReminder(text))
		if err != nil {
			t.Fatalf("case %d: %v\n%s", i, err, text)
		}
		shared := ShareResults(in, budget)
		if len(got) != len(in) {
			t.Fatalf("case %d: %d results, want %d", i, len(got), len(in))
		}
		for j := range shared {
			if want := modelVisible(shared[j]); !reflect.DeepEqual(got[j], want) {
				t.Fatalf("case %d result %d: round trip differs\n got %#v\nwant %#v\n%s", i, j+1, got[j], want, text)
			}
		}
	}
}
