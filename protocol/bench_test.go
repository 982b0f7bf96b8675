package protocol

import (
	"encoding/json"
	"encoding/xml"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/wtagent/wtagent/session/event"
)

// reply100KB is a typical big reply: an fs.write of ~100 KB of source code
// in CDATA, with CRLF line ends, markup and a ]]> split, in a fence.
func reply100KB() string {
	line := "\tif a < b && c > d { fmt.Println(\"<tag attr='x'>\", i) } // ]]]]><![CDATA[> ü\r\n"
	body := strings.Repeat(line, 100<<10/len(line))
	return "Here is the file.\n```xml\n<agent_response>\n<done>false</done>\n<message>Write main.go.</message>\n" +
		"<tool_call name=\"fs.write\">\n<args>\n<path>main.go</path>\n<content><![CDATA[" + body +
		"]]></content>\n</args>\n</tool_call>\n</agent_response>\n```"
}

func BenchmarkParse100KB(b *testing.B) {
	reply := reply100KB()
	cat := DefaultCatalogue()
	b.SetBytes(int64(len(reply)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(reply, cat); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFormatToolResult100KB(b *testing.B) {
	out := strings.Repeat("ok  \tgithub.com/x/y\t0.01s ]]> \x1b[0m\n", 100<<10/40)
	r := event.ToolResult{Tool: ToolTerminalExec, Status: event.ToolOK, Stdout: out}
	b.SetBytes(int64(len(out)))
	b.ReportAllocs()
	for b.Loop() {
		_ = FormatToolResult(r)
	}
}

// BenchmarkXMLBaseline100KB is the floor: encoding/xml alone tokenizing the
// same reply's root, which Parse must do anyway.
func BenchmarkXMLBaseline100KB(b *testing.B) {
	reply := reply100KB()
	root := reply[strings.Index(reply, "<agent_response>") : strings.LastIndex(reply, "</agent_response>")+len("</agent_response>")]
	b.SetBytes(int64(len(reply)))
	for b.Loop() {
		d := xml.NewDecoder(strings.NewReader(root))
		for {
			if _, err := d.Token(); err != nil {
				break
			}
		}
	}
}

// BenchmarkRepairCost100KB measures what the repairs cost on a big
// well-formed reply: Parse and ParseStrict alternate on the same reply (so
// a loaded machine slows both alike) and the medians are reported.
func BenchmarkRepairCost100KB(b *testing.B) {
	reply := reply100KB()
	cat := DefaultCatalogue()
	var with, without []float64
	timed := func(parse func(string, *Catalogue) (Turn, error)) float64 {
		t0 := time.Now()
		if _, err := parse(reply, cat); err != nil {
			b.Fatal(err)
		}
		return float64(time.Since(t0).Nanoseconds())
	}
	for b.Loop() {
		with = append(with, timed(Parse))
		without = append(without, timed(ParseStrict))
	}
	slices.Sort(with)
	slices.Sort(without)
	mw, ms := with[len(with)/2], without[len(without)/2]
	b.ReportMetric(mw, "repair-ns")
	b.ReportMetric(ms, "strict-ns")
	b.ReportMetric(mw/ms, "ratio")
}

// BenchmarkGoldenCorpus parses the stored golden replies
// (testdata/protocol/*.txt) with the repairs and reports what the runtime
// would do with each: run it (accepted, repaired or not) or ask the model
// again (re-asked, no_tool included: it costs a turn too). "avoided-%" is
// the share of the replies strict parsing re-asks that the repairs accept.
func BenchmarkGoldenCorpus(b *testing.B) {
	files, err := filepath.Glob(filepath.Join(goldenDir, "*.txt"))
	if err != nil || len(files) == 0 {
		b.Fatalf("golden replies: %v (%d)", err, len(files))
	}
	cat := DefaultCatalogue()
	var replies []string
	var repairCases, repaired, reasked, strictReasked float64
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		replies = append(replies, string(raw))
		if strings.HasPrefix(filepath.Base(f), "ok-repair-") {
			repairCases++
		}
		turn, err := Parse(string(raw), cat)
		switch {
		case err != nil:
			reasked++
		case len(turn.Repairs) > 0:
			repaired++
		}
		if _, err := ParseStrict(string(raw), cat); err != nil {
			strictReasked++
		}
	}
	b.ResetTimer()
	for b.Loop() {
		for _, r := range replies {
			_, _ = Parse(r, cat)
		}
	}
	n := float64(len(replies))
	b.ReportMetric(n, "replies")
	b.ReportMetric(repairCases, "repair-cases")
	b.ReportMetric(repaired, "repaired")
	b.ReportMetric(reasked, "reasked")
	b.ReportMetric(strictReasked, "strict-reasked")
	b.ReportMetric(100*repaired/n, "repaired-%")
	b.ReportMetric(100*reasked/n, "reasked-%")
	b.ReportMetric(100*repaired/strictReasked, "avoided-%")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/n, "ns/reply")
}

// BenchmarkParseBatch8 parses a reply of MaxCallsLimit calls: seven reads
// and a write of ~12 KB, under a catalogue that allows them.
func BenchmarkParseBatch8(b *testing.B) {
	cat, err := DefaultCatalogue().WithMaxCalls(MaxCallsLimit)
	if err != nil {
		b.Fatal(err)
	}
	var calls strings.Builder
	for i := range 7 {
		calls.WriteString("<tool_call name=\"fs.read\"><args><path>src/f" + string(rune('a'+i)) + ".go</path></args></tool_call>\n")
	}
	calls.WriteString("<tool_call name=\"fs.write\"><args><path>main.go</path><content><![CDATA[" +
		strings.Repeat("\tx := a < b && c // ü\r\n", 12<<10/24) + "]]></content></args></tool_call>\n")
	reply := "```xml\n<agent_response>\n<done>false</done>\n<message>Read, then write.</message>\n" + calls.String() + "</agent_response>\n```"
	b.SetBytes(int64(len(reply)))
	b.ReportAllocs()
	for b.Loop() {
		if t, err := Parse(reply, cat); err != nil || len(t.Calls) != 8 {
			b.Fatal(err)
		}
	}
}

// BenchmarkFormatToolResults8 formats eight results of ~16 KB of output
// each into one message under a 64 KiB shared budget (each is cut).
func BenchmarkFormatToolResults8(b *testing.B) {
	out := strings.Repeat("ok  \tgithub.com/x/y\t0.01s ]]> \x1b[0m\n", 16<<10/40)
	data := json.RawMessage(`{"path":"a.go","content":` + strconv.Quote(out) + `}`)
	rs := make([]event.ToolResult, 8)
	for i := range rs {
		rs[i] = event.ToolResult{Tool: ToolTerminalExec, Status: event.ToolOK, Stdout: out}
		if i%2 == 1 {
			rs[i] = event.ToolResult{Tool: ToolFSRead, Status: event.ToolOK, Data: data}
		}
	}
	b.SetBytes(int64(8 * len(out)))
	b.ReportAllocs()
	for b.Loop() {
		_ = FormatToolResults(rs, 64<<10)
	}
}
