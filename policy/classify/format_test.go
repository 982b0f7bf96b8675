package classify

import (
	"slices"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// TestFormatCommandParsesBack: every formatted command parses back, in a
// real shell parser, to the same words, and plain words stay unquoted.
func TestFormatCommandParsesBack(t *testing.T) {
	tests := []struct {
		argv []string
		want string
	}{
		{[]string{"go", "test", "./..."}, "go test ./..."},
		{[]string{"rm", "-rf", "my dir"}, "rm -rf 'my dir'"},
		{[]string{"echo", ""}, "echo ''"},
		{[]string{"echo", "it's"}, `echo "it's"`},
		{[]string{"cat", "~/.ssh/id_rsa"}, "cat '~/.ssh/id_rsa'"},
		{[]string{"env", "A=1", "make"}, "env 'A=1' make"},
		{[]string{"echo", "$HOME", "`x`", "a;b", "a|b"}, `echo '$HOME' '` + "`x`" + `' 'a;b' 'a|b'`},
		{[]string{"echo", "测试 文件"}, "echo '测试 文件'"},
		{[]string{"printf", "a\nb\tc"}, `printf $'a\nb\tc'`},
	}
	for _, tt := range tests {
		got := FormatCommand(tt.argv[0], tt.argv[1:])
		if got != tt.want {
			t.Errorf("FormatCommand(%q) = %s, want %s", tt.argv, got, tt.want)
		}
		f, err := syntax.NewParser().Parse(strings.NewReader(got), "")
		if err != nil {
			t.Errorf("%s does not parse: %v", got, err)
			continue
		}
		call, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
		if !ok || len(f.Stmts) != 1 {
			t.Errorf("%s is not one simple command", got)
			continue
		}
		var words []string
		for _, w := range call.Args {
			s, err := expand.Literal(nil, w)
			if err != nil {
				t.Fatal(err)
			}
			words = append(words, s)
		}
		if !slices.Equal(words, tt.argv) {
			t.Errorf("%s parses back to %q, want %q", got, words, tt.argv)
		}
	}
}

// TestFormatCommandNUL: a word no shell can hold is still shown, escaped.
func TestFormatCommandNUL(t *testing.T) {
	if got := FormatCommand("cat", []string{"a\x00b"}); got != `cat "a\x00b"` {
		t.Errorf("FormatCommand = %s", got)
	}
}
