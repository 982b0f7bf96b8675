package protocol

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/wtagent/wtagent/session/event"
)

// hardPieces are the hard parts random content is built from.
func hardPieces() []string {
	return []string{
		"]]>", "]]", "]", ">", "<![CDATA[", "<", "&", "&amp;", "&#x41;", "\r", "\r\n", "\n", "\t", "\x01", "\x1b[31m", "\x7f",
		"\x0b", "\x0c", "\x1f", "\uFFFE", "\uFFFF", "\uFFFD", "</agent_response>", "<agent_response>", "</tool_result>",
		"<tool_result>", "```", "```xml\n", "<system_reminder>", " ", "  ", "é", "日本", "🌍", "\u2028", "x", "word", "\"", "'",
	}
}

// randomText returns a random string of pieces and random bytes. With
// invalid true it may hold invalid UTF-8 and NUL.
func randomText(r *rand.Rand, invalid bool) string {
	pieces := hardPieces()
	var b strings.Builder
	for n := r.IntN(24); n > 0; n-- {
		switch r.IntN(4) {
		case 0:
			c := byte(r.IntN(256))
			if !invalid && (c == 0 || c >= 0x80) {
				c = 'a' + c%26
			}
			b.WriteByte(c)
		default:
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
	}
	return b.String()
}

// modelVisible is what a tool result keeps through Format/Parse: text
// made valid UTF-8, and JSON data without HTML escapes (\u0026 is sent
// as &, one byte of the model's context instead of six).
func modelVisible(r event.ToolResult) event.ToolResult {
	v := func(s string) string { return strings.ToValidUTF8(s, "\uFFFD") }
	out := event.ToolResult{
		Tool: r.Tool, Status: r.Status, Message: v(r.Message), Stdout: v(r.Stdout), Stderr: v(r.Stderr),
		StdoutCut: r.StdoutCut, StderrCut: r.StderrCut, ExitCode: r.ExitCode, Signal: r.Signal,
		Duration: r.Duration.Round(time.Millisecond), Diff: v(r.Diff),
	}
	if len(r.Data) > 0 {
		out.Data = json.RawMessage(v(string(unescapeHTML(r.Data))))
	}
	for _, c := range r.Changed {
		out.Changed = append(out.Changed, v(c))
	}
	if out.Status == "" {
		out.Status = event.ToolError
	}
	return out
}

func randomResult(r *rand.Rand) event.ToolResult {
	statuses := []event.ToolStatus{event.ToolOK, event.ToolError, event.ToolDenied, event.ToolTimeout, event.ToolUnknown, ""}
	res := event.ToolResult{
		CallID: "call_1", OpKey: "op", Verified: r.IntN(2) == 0,
		Tool:    []string{"fs.read", "terminal.exec", "a&b<\"c\">"}[r.IntN(3)],
		Status:  statuses[r.IntN(len(statuses))],
		Message: randomText(r, true), Stdout: randomText(r, true), Stderr: randomText(r, true), Diff: randomText(r, true),
		Duration: time.Duration(r.Int64N(int64(time.Hour))),
	}
	if r.IntN(2) == 0 {
		res.Data = json.RawMessage(`{"text":` + mustJSON(randomText(r, false)) + `,"n":1}`)
	}
	if r.IntN(2) == 0 {
		code := r.IntN(256) - 1
		res.ExitCode = &code
		res.Signal = []string{"", "SIGKILL", "SIGTERM"}[r.IntN(3)]
	}
	if r.IntN(3) == 0 {
		res.StdoutCut = &event.Truncation{OriginalBytes: r.Int64N(1 << 40), KeptBytes: r.Int64N(1 << 20)}
	}
	if r.IntN(3) == 0 {
		res.StderrCut = &event.Truncation{OriginalBytes: 10, KeptBytes: 0}
		res.Stderr = ""
	}
	for n := r.IntN(3); n > 0; n-- {
		res.Changed = append(res.Changed, randomText(r, true))
	}
	return res
}

func mustJSON(s string) string {
	b, err := json.Marshal(s)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// TestToolResultRoundTrip: FormatToolResult then ParseToolResult gives back
// every model-visible field, for random content full of ]]>, CR, control
// characters, markup look-alikes and invalid UTF-8 (which becomes U+FFFD).
func TestToolResultRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 1000; i++ {
		in := randomResult(r)
		text := FormatToolResult(in)
		checkNoRawControls(t, text)
		got, err := ParseToolResult(WithReminder(text))
		if err != nil {
			t.Fatalf("case %d: %v\n%s", i, err, text)
		}
		if want := modelVisible(in); !reflect.DeepEqual(got, want) {
			t.Fatalf("case %d: round trip differs\n got %#v\nwant %#v\n%s", i, got, want, text)
		}
	}
}

// checkNoRawControls: an outbound message never carries a character XML
// cannot (the page and the model would see garbage).
func checkNoRawControls(t *testing.T, s string) {
	t.Helper()
	for _, c := range s {
		if c != '\r' && needsLiteral(c) {
			t.Fatalf("raw %U in outbound text %q", c, s)
		}
	}
}

// randomArgs fills a tool's argument struct with random valid values.
func randomArgs(r *rand.Rand, spec ToolSpec) any {
	v := spec.New()
	rv := reflect.ValueOf(v).Elem()
	fields := fieldsByTag(rv.Type())
	specs := spec.Args
	if fs := forms(specs); len(fs) > 1 {
		keep := fs[r.IntN(len(fs))]
		var kept []ArgSpec
		for _, a := range specs {
			if a.Form == "" || a.Form == keep {
				kept = append(kept, a)
			}
		}
		specs = kept
	}
	fillArgs(r, specs, rv, fields)
	return v
}

func fillArgs(r *rand.Rand, specs []ArgSpec, rv reflect.Value, fields map[string]int) {
	oneLine := func() string {
		s := strings.Trim(strings.Map(func(c rune) rune {
			if c < 0x20 || c == 0x7f || needsLiteral(c) {
				return '_'
			}
			return c
		}, randomText(r, false)), " \t\r\n")
		if s == "" {
			s = "p"
		}
		return s
	}
	for _, a := range specs {
		f := rv.Field(fields[a.Name])
		switch a.Type {
		case ArgString:
			f.SetString(oneLine())
		case ArgText:
			s := randomText(r, false)
			if a.NonEmpty && s == "" {
				s = "x"
			}
			f.SetString(s)
		case ArgEnum:
			f.SetString(a.Enum[r.IntN(len(a.Enum))])
		case ArgInt:
			lo, hi := int64(a.Min), int64(a.Max)
			if hi <= lo {
				lo, hi = -1000, 1000
			}
			f.SetInt(lo + r.Int64N(hi-lo+1))
		case ArgBool:
			f.SetBool(r.IntN(2) == 0)
		case ArgList:
			list := []string{}
			for n := r.IntN(4); n > 0; n-- {
				list = append(list, randomText(r, false))
			}
			f.Set(reflect.ValueOf(list))
		case ArgEdits:
			edits := reflect.MakeSlice(f.Type(), 1+r.IntN(3), 1+r.IntN(3)+3)
			for i := 0; i < edits.Len(); i++ {
				e := edits.Index(i)
				fillArgs(r, EditArgSpecs(), e, fieldsByTag(e.Type()))
			}
			f.Set(edits)
		}
	}
}

// TestTurnRoundTrip: FormatTurn then Parse gives back the same done,
// message and typed arguments for every tool, with random text arguments
// holding ]]>, CR, CRLF, control characters and markup look-alikes.
func TestTurnRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	cat := DefaultCatalogue()
	specs := cat.Specs()
	for i := 0; i < 1000; i++ {
		spec := specs[r.IntN(len(specs))]
		args := randomArgs(r, spec)
		msg := strings.TrimSpace(randomText(r, false))
		in := Turn{Message: msg, Call: &event.ToolCall{Name: spec.Name, Args: args}}
		if r.IntN(8) == 0 {
			in = Turn{Done: true, Message: msg + " done"}
		}
		text, err := FormatTurn(in, cat)
		if err != nil {
			t.Fatal(err)
		}
		// The model wraps it in a fence, sometimes with prose and CRLF.
		reply := "```xml\n" + text + "\n```"
		got, err := Parse(reply, cat)
		if err != nil {
			t.Fatalf("case %d: %v\n%s", i, err, text)
		}
		if got.Done != in.Done || got.Message != strings.TrimSpace(in.Message) {
			t.Fatalf("case %d: got done=%v message %q, want %v %q", i, got.Done, got.Message, in.Done, in.Message)
		}
		if in.Call == nil {
			if got.Call != nil {
				t.Fatalf("case %d: unexpected call %+v", i, got.Call)
			}
			continue
		}
		if got.Call == nil || got.Call.Name != spec.Name || !reflect.DeepEqual(got.Call.Args, args) {
			t.Fatalf("case %d: %s args differ\n got %#v\nwant %#v\n%s", i, spec.Name, got.Call.Args, args, text)
		}
		if want := CanonicalJSON(args); string(got.Call.CanonicalArgs) != string(want) {
			t.Fatalf("case %d: canonical args %s, want %s", i, got.Call.CanonicalArgs, want)
		}
	}
}
