package browser

import (
	"fmt"
	"strings"
)

// codeLike returns about n bytes of agent-like text: Go and XML code with
// tabs, runs of spaces, blank lines, CDATA sections, markdown fences inside
// CDATA, entities, CJK and emoji. About 34 bytes a line, so 100 KB is
// about 3 000 lines.
func codeLike(n int) string {
	var b strings.Builder
	chunks := []string{
		"<tool_result name=\"fs.read\" status=\"ok\" path=\"cmd/server/main.go\">",
		"<![CDATA[",
		"package main // the HTTP server of the example project",
		"",
		"import (\"fmt\"; \"net/http\"; \"strings\")",
		"",
		"func handle(w http.ResponseWriter, r *http.Request) {",
		"\tfor i := 0; i < len(r.URL.Path); i++ { // count the bytes",
		"\t\tfmt.Fprintln(w, \"<tag attr='x'>&amp;\", i)  // two  spaces",
		"\t}",
		"}",
		"",
		"",
		"```xml",
		"<agent_response><message>a fence inside CDATA</message></agent_response>",
		"```",
		"    indented by four spaces, then a trailing tab\t",
		"中文注释 and emoji 🚀 and a tab\there, then more text",
		"]]>",
		"</tool_result>",
		"<system_reminder>Answer with exactly one <agent_response>.</system_reminder>",
	}
	for i := 0; b.Len() < n; i++ {
		c := chunks[i%len(chunks)]
		if c == "" && i%7 == 0 {
			c = fmt.Sprintf("// line %d", i)
		}
		b.WriteString(c)
		b.WriteByte('\n')
	}
	s := b.String()
	return s[:strings.LastIndexByte(s[:n], '\n')]
}

// replyWithCDATA is a reply whose rendering splits one CDATA section over
// several code blocks: only the raw text is exact.
func replyWithCDATA(lines int) string {
	var b strings.Builder
	b.WriteString("I will write the file.\n\n```xml\n<agent_response>\n  <message>Writing README.md</message>\n  <tool_call name=\"fs.write\">\n    <arg name=\"path\">README.md</arg>\n    <arg name=\"content\"><![CDATA[# Title\n\n```go\n")
	for i := 0; i < lines; i++ {
		fmt.Fprintf(&b, "\tfmt.Println(%d, \"<b>&lt;</b>\")\n", i)
	}
	b.WriteString("```\n\nTrailing  spaces  and\ttabs.\n]]></arg>\n  </tool_call>\n</agent_response>\n```")
	return b.String()
}
