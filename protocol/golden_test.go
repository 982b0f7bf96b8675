package protocol

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/session/event"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/protocol and the FuzzParse seed corpus")

// goldenDir holds the parser's golden cases: NAME.txt is a reply and
// NAME.golden its parsed turn or error. The verdict is also in the name, so
// that -update cannot bless a wrong one: "ok-…" must parse, "<kind>-…" must
// fail with that ErrorKind, and "ok-repair-…" must parse only thanks to a
// repair (ParseStrict refuses it) while every other "ok-…" needs none.
const goldenDir = "../testdata/protocol"

// batchGoldenDir holds the golden cases parsed with a catalogue that allows
// MaxCallsLimit calls per reply; same naming rules.
const batchGoldenDir = goldenDir + "/calls8"

// goldenSet is one directory of golden cases and the catalogue they are
// parsed with.
type goldenSet struct {
	dir string
	cat *Catalogue
	min int // the fewest cases the directory must hold
}

func goldenSets(t testing.TB) []goldenSet {
	cat8, err := DefaultCatalogue().WithMaxCalls(MaxCallsLimit)
	if err != nil {
		t.Fatal(err)
	}
	return []goldenSet{{goldenDir, DefaultCatalogue(), 40}, {batchGoldenDir, cat8, 10}}
}

// generatedCases are golden cases whose replies are too big to store; their
// .golden files are stored.
func generatedCases() map[string]string {
	line := "\tfmt.Printf(\"%d <%s> & ]]> \\r\\n\", i, name) // ünïcode ✓\r\n"
	big := strings.Repeat(line, (1<<20)/len(line)+1)
	return map[string]string{
		"ok-large-1mb": "```xml\n<agent_response>\n<done>false</done>\n<message>Write the big file.</message>\n" +
			"<tool_call name=\"fs.write\"><args><path>big.go</path><content><![CDATA[" +
			strings.ReplaceAll(big, "]]>", "]]]]><![CDATA[>") + "]]></content></args></tool_call>\n</agent_response>\n```",
		"too_large-reply-over-limit": "<agent_response><done>true</done><message>" +
			strings.Repeat("x", MaxReplyBytes) + "</message></agent_response>",
		"too_large-content-over-maxlen": "<agent_response><done>false</done><message>m</message><tool_call name=\"fs.write\"><args>" +
			"<path>a</path><content><![CDATA[" + strings.Repeat("y", MaxTextLen+1) + "]]></content></args></tool_call></agent_response>",
	}
}

// goldenCases returns every case of dir: name → reply.
func goldenCases(t testing.TB, dir string) map[string]string {
	files, err := filepath.Glob(filepath.Join(dir, "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	cases := map[string]string{}
	if dir == goldenDir {
		cases = generatedCases()
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		cases[strings.TrimSuffix(filepath.Base(f), ".txt")] = string(b)
	}
	return cases
}

func TestGolden(t *testing.T) {
	for _, set := range goldenSets(t) {
		t.Run(filepath.Base(set.dir), func(t *testing.T) { testGoldenSet(t, set) })
	}
}

func testGoldenSet(t *testing.T, set goldenSet) {
	cases := goldenCases(t, set.dir)
	if len(cases) < set.min {
		t.Fatalf("only %d golden cases in %s", len(cases), set.dir)
	}
	names := make([]string, 0, len(cases))
	for n := range cases {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			reply := cases[name]
			turn, err := Parse(reply, set.cat)
			checkVerdict(t, name, reply, turn, err, set.cat)
			got := renderGolden(t, turn, err)
			path := filepath.Join(set.dir, name+".golden")
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, rerr := os.ReadFile(path)
			if rerr != nil {
				t.Fatalf("%v (run go test ./protocol -run TestGolden -update)", rerr)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("parse result differs from %s:\n--- got\n%s\n--- want\n%s", path, got, want)
			}
		})
	}
}

// checkVerdict enforces the verdict the case's name promises.
func checkVerdict(t *testing.T, name, reply string, turn Turn, err error, cat *Catalogue) {
	t.Helper()
	want, _, _ := strings.Cut(name, "-")
	if want == "ok" {
		if err != nil {
			t.Fatalf("want a parsed turn, got %v", err)
		}
		if turn.Done != (turn.Call == nil) {
			t.Fatalf("done=%v with call %v", turn.Done, turn.Call)
		}
		if len(turn.Calls) > cat.MaxCalls() || (turn.Call != nil && turn.Calls[0] != turn.Call) || (turn.Call == nil) != (len(turn.Calls) == 0) {
			t.Fatalf("calls %v disagree with call %v (limit %d)", turn.Calls, turn.Call, cat.MaxCalls())
		}
		checkRepairs(t, name, reply, turn, cat)
		return
	}
	if err == nil {
		t.Fatalf("want error kind %s, got a turn: %+v", want, turn)
	}
	var pe *Error
	if !errors.As(err, &pe) {
		t.Fatalf("error %v (%T) is not an *Error", err, err)
	}
	if !errors.Is(err, ErrorKind(want)) {
		t.Fatalf("want kind %s, got %s: %v", want, string(pe.Kind), err)
	}
	if turn.Call != nil || turn.Calls != nil {
		t.Fatalf("a failed parse returned a call: %+v", turn.Calls)
	}
	if pe.Msg == "" || pe.Feedback() == "" || (pe.Fix == "" && pe.Kind != KindNoTool) {
		t.Fatalf("error without a message or fix: %+v", pe)
	}
	fb := FormatProtocolError(err)
	if !strings.Contains(fb, `kind="`+want+`"`) {
		t.Fatalf("protocol error lacks its kind: %s", fb)
	}
}

// checkRepairs holds an accepted case to its name: an "ok-repair-…" case
// needs a repair and strict parsing refuses it; any other parses the same
// without repairs.
func checkRepairs(t *testing.T, name, reply string, turn Turn, cat *Catalogue) {
	t.Helper()
	strict, serr := ParseStrict(reply, cat)
	if strings.HasPrefix(name, "ok-repair-") {
		if len(turn.Repairs) == 0 {
			t.Fatal("a repair case parsed without a repair")
		}
		if serr == nil {
			t.Fatalf("strict parsing accepts a repair case: %+v", strict)
		}
		return
	}
	if len(turn.Repairs) > 0 {
		t.Fatalf("a well-formed case was repaired: %+v", turn.Repairs)
	}
	if serr != nil || !reflect.DeepEqual(strict, turn) {
		t.Fatalf("strict parsing differs: %+v, %v", strict, serr)
	}
}

// renderGolden renders a parse result as indented JSON; strings over 4 KiB
// are replaced by their length and hash.
func renderGolden(t *testing.T, turn Turn, err error) []byte {
	t.Helper()
	out := map[string]any{"notes": turn.Notes}
	if err != nil {
		pe := AsError(err)
		e := map[string]any{"kind": pe.Kind, "msg": summarise(pe.Msg), "fix": pe.Fix}
		if pe.Tool != "" {
			e["tool"] = pe.Tool
		}
		if pe.Arg != "" {
			e["arg"] = pe.Arg
		}
		if pe.Line != 0 {
			e["line"] = pe.Line
		}
		if pe.Call != 0 {
			e["call"] = pe.Call
		}
		out["error"] = e
		if turn.Message != "" {
			out["message"] = turn.Message
		}
	} else {
		out["done"] = turn.Done
		out["message"] = summarise(turn.Message)
		if len(turn.Repairs) > 0 {
			out["repairs"] = turn.Repairs
		}
		if len(turn.Calls) == 1 {
			out["tool"], out["args"] = goldenCall(t, turn.Call)
		}
		if len(turn.Calls) > 1 {
			calls := make([]map[string]any, len(turn.Calls))
			for i, c := range turn.Calls {
				name, args := goldenCall(t, c)
				calls[i] = map[string]any{"tool": name, "args": args}
			}
			out["calls"] = calls
		}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(out); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// goldenCall is a call's tool name and its canonical arguments, summarised.
func goldenCall(t *testing.T, c *event.ToolCall) (string, any) {
	t.Helper()
	var args any
	if err := json.Unmarshal(c.CanonicalArgs, &args); err != nil {
		t.Fatalf("canonical args %s: %v", c.CanonicalArgs, err)
	}
	return c.Name, summariseAll(args)
}

func summarise(s string) string {
	if len(s) <= 4096 {
		return s
	}
	return fmt.Sprintf("<%d bytes, sha256 %x>", len(s), sha256.Sum256([]byte(s)))
}

func summariseAll(v any) any {
	switch x := v.(type) {
	case string:
		return summarise(x)
	case []any:
		for i := range x {
			x[i] = summariseAll(x[i])
		}
	case map[string]any:
		for k := range x {
			x[k] = summariseAll(x[k])
		}
	}
	return v
}

// TestFuzzSeedCorpus keeps protocol/testdata/fuzz/FuzzParse in step with the
// stored golden replies (-update rewrites it).
// The replies of batchGoldenDir are seeds named "calls8-NAME".
func TestFuzzSeedCorpus(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(goldenDir, "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	batch, err := filepath.Glob(filepath.Join(batchGoldenDir, "*.txt"))
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join("testdata", "fuzz", "FuzzParse")
	for _, f := range append(files, batch...) {
		reply, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		seed := "go test fuzz v1\nstring(" + strconv.Quote(string(reply)) + ")\n"
		name := strings.TrimSuffix(filepath.Base(f), ".txt")
		if filepath.Dir(f) == batchGoldenDir {
			name = "calls8-" + name
		}
		path := filepath.Join(dir, name)
		if *update {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, []byte(seed), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(path)
		if err != nil || string(got) != seed {
			t.Errorf("seed %s is missing or stale (run go test ./protocol -run TestFuzzSeedCorpus -update)", path)
		}
	}
}
