package applypatch

import (
	"errors"
	"strings"
	"testing"
)

func TestParseReadsEveryOperation(t *testing.T) {
	text := "\r\n*** Begin Patch\r\n*** Add File: web/index.html\r\n+<h1>Hi</h1>\r\n+\r\n" +
		"*** Update File: main.go\r\n*** Move to: cmd/app/main.go\r\n@@ func main() {\r\n \ta()\r\n-\tb()\r\n+\tc()\r\n\r\n@@\r\n x\r\n*** End of File\r\n" +
		"*** Delete File: old.go  \r\n*** End Patch"
	p, err := Parse(text)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(p.Paths(), ","), "web/index.html,main.go,cmd/app/main.go,old.go"; got != want {
		t.Fatalf("paths %q, want %q", got, want)
	}
	add, up, del := p.Files[0], p.Files[1], p.Files[2]
	if add.Action != Add || add.Content() != "<h1>Hi</h1>\n\n" {
		t.Errorf("add = %+v, content %q", add, add.Content())
	}
	if up.Action != Update || up.MoveTo != "cmd/app/main.go" || len(up.Hunks) != 2 {
		t.Fatalf("update = %+v", up)
	}
	h := up.Hunks[0]
	if h.Anchor != "func main() {" || len(h.Lines) != 4 || h.Lines[3] != (Line{Op: ' '}) || h.Line != 8 {
		t.Errorf("hunk 1 = %+v", h)
	}
	if !up.Hunks[1].AtEnd {
		t.Errorf("hunk 2 lost *** End of File: %+v", up.Hunks[1])
	}
	if del.Action != Delete || del.Path != "old.go" {
		t.Errorf("delete = %+v", del)
	}
}

func TestParseRefusesBadInput(t *testing.T) {
	tests := []struct {
		name, text string
		want       error
		says       string
	}{
		{"empty", "", ErrEmpty, "no text"},
		{"no file", "*** Begin Patch\n*** End Patch\n", ErrEmpty, "names no file"},
		{"too large", "*** Begin Patch\n*** Add File: a\n+" + strings.Repeat("x", MaxSize) + "\n*** End Patch", ErrTooLarge, "at most"},
		{"binary", "*** Begin Patch\n*** Add File: a\n+\x00\x01\n*** End Patch", ErrBinary, "NUL"},
		{"no begin", "*** Add File: a\n+x\n*** End Patch", ErrSyntax, "first line"},
		{"no end", "*** Begin Patch\n*** Add File: a\n+x\n", ErrSyntax, "last line"},
		{"add line without plus", "*** Begin Patch\n*** Add File: a\nx\n*** End Patch", ErrSyntax, `starts with "+"`},
		{"bad hunk line", "*** Begin Patch\n*** Update File: a\n@@\n x\n?y\n*** End Patch", ErrSyntax, "a hunk line"},
		{"update without hunks", "*** Begin Patch\n*** Update File: a\n*** End Patch", ErrSyntax, "at least one @@"},
		{"stray text", "*** Begin Patch\nhello\n*** End Patch", ErrSyntax, "expected *** Add File:"},
		{"absolute", "*** Begin Patch\n*** Delete File: /etc/passwd\n*** End Patch", ErrPath, "relative"},
		{"escapes", "*** Begin Patch\n*** Delete File: src/../../x\n*** End Patch", ErrPath, "leaves the project"},
		{"move escapes", "*** Begin Patch\n*** Update File: a\n*** Move to: ../b\n*** End Patch", ErrPath, "leaves the project"},
		{"twice", "*** Begin Patch\n*** Delete File: a\n*** Add File: ./a\n+x\n*** End Patch", ErrPath, "already named at line 2"},
		{"no path", "*** Begin Patch\n*** Delete File: \n*** End Patch", ErrPath, "names no path"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Parse(tt.text)
			if !errors.Is(err, tt.want) || p != nil {
				t.Fatalf("Parse = %v, %v; want %v", p, err, tt.want)
			}
			if !strings.Contains(err.Error(), tt.says) {
				t.Errorf("error %q does not say %q", err, tt.says)
			}
		})
	}
}
