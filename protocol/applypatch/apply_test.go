package applypatch

import (
	"errors"
	"strings"
	"testing"
)

// update parses a patch of one Update of f.txt.
func update(t *testing.T, hunks string) File {
	t.Helper()
	p, err := Parse("*** Begin Patch\n*** Update File: f.txt\n" + hunks + "*** End Patch\n")
	if err != nil {
		t.Fatal(err)
	}
	return p.Files[0]
}

func TestApply(t *testing.T) {
	tests := []struct {
		name, old, hunks, want string
		st                     Stats
	}{
		{"replace", "a\nb\nc\n", "@@\n a\n-b\n+B\n c\n", "a\nB\nc\n", Stats{1, 1}},
		{"first hunk without @@", "a\nb\n", "-a\n+A\n b\n", "A\nb\n", Stats{1, 1}},
		{"two hunks in order", "x\ny\nz\nx\ny\n", "@@\n x\n-y\n+1\n z\n@@\n x\n-y\n+2\n", "x\n1\nz\nx\n2\n", Stats{2, 2}},
		{"anchor picks the place", "func a() {\n\treturn\n}\nfunc b() {\n\treturn\n}\n", "@@ func b() {\n-\treturn\n+\treturn 1\n", "func a() {\n\treturn\n}\nfunc b() {\n\treturn 1\n}\n", Stats{1, 1}},
		{"CRLF file keeps CRLF", "a\r\nb\r\n", "@@\n a\n-b\n+c\n", "a\r\nc\r\n", Stats{1, 1}},
		{"no final newline kept", "a\nb", "@@\n-b\n+c\n", "a\nc", Stats{1, 1}},
		{"trailing spaces in context", "a  \nb\n", "@@\n a\n-b\n+c\n", "a  \nc\n", Stats{1, 1}},
		{"blank context line", "a\n\nb\n", "@@\n a\n\n-b\n+c\n", "a\n\nc\n", Stats{1, 1}},
		{"end of file", "x\nx\n", "@@\n-x\n+y\n*** End of File\n", "x\ny\n", Stats{1, 1}},
		{"insertion at the end", "a\n", "@@\n+b\n", "a\nb\n", Stats{1, 0}},
		{"insertion after the anchor", "a\nc\n", "@@ a\n+b\n", "a\nb\nc\n", Stats{1, 0}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, st, err := update(t, tt.hunks).Apply(tt.old)
			if err != nil {
				t.Fatal(err)
			}
			if got != tt.want || st != tt.st {
				t.Errorf("Apply = %q %+v, want %q %+v", got, st, tt.want, tt.st)
			}
		})
	}
}

func TestApplyNamesTheHunkThatFails(t *testing.T) {
	tests := []struct {
		name, old, hunks string
		want             error
		says             []string
	}{
		{"missing", "a\nb\nc\nd\n", "@@\n a\n-b\n+B\n@@\n c\n-zz\n+y\n", ErrNoMatch, []string{"f.txt: hunk does not apply (hunk 2) at line 7", "nearest match starts at line 3 (1 of 2 lines equal)", "     3  c\n     4  d", `line 4 differs: the patch expects "zz"`}},
		{"before the previous hunk", "a\nb\nc\n", "@@\n-b\n+B\n@@\n-a\n+A\n", ErrNoMatch, []string{"must come after line 2"}},
		{"nothing near", "a\n", "@@\n-q\n+r\n", ErrNoMatch, []string{"none of its 1 context and removed lines"}},
		{"twice", "x\ny\nx\ny\n", "@@\n x\n-y\n+z\n", ErrAmbiguous, []string{"hunk 1", "lines 1, 3", "make it unique"}},
		{"anchor missing", "a\n", "@@ func z()\n-a\n+b\n", ErrNoMatch, []string{`@@ line "func z()"`}},
		{"binary file", "a\x00b\n", "@@\n-a\n+b\n", ErrBinary, []string{"binary"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := update(t, tt.hunks).Apply(tt.old)
			if !errors.Is(err, tt.want) {
				t.Fatalf("Apply error = %v, want %v", err, tt.want)
			}
			for _, s := range tt.says {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("error %q does not say %q", err, s)
				}
			}
		})
	}
}
