package protocol

import (
	"encoding/xml"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/messages"
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
	r := messages.ToolResult{Tool: ToolTerminalExec, Status: messages.ToolOK, Stdout: out}
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
