package proc

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestWinEscapeArg: the C runtime quoting of syscall.EscapeArg, with Go's
// own table, on any OS.
func TestWinEscapeArg(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{``, `""`},
		{`a`, `a`},
		{` `, `" "`},
		{`\`, `\`},
		{`"`, `\"`},
		{`\"`, `\\\"`},
		{`\\"`, `\\\\\"`},
		{`\\ `, `"\\ "`},
		{` \\`, `" \\\\"`},
		{`a `, `"a "`},
		{`C:\`, `C:\`},
		{`C:\Program Files (x32)\Common\`, `"C:\Program Files (x32)\Common\\"`},
		{`C:\Users\Игорь\`, `C:\Users\Игорь\`},
		{`\\?\C:\Windows`, `\\?\C:\Windows`},
		{`\\server\share\file`, `\\server\share\file`},
		{"tab\there", "\"tab\there\""},
		{`say "hi" now`, `"say \"hi\" now"`},
	} {
		if got := winEscapeArg(tc.in); got != tc.want {
			t.Errorf("winEscapeArg(%#q) = %#q, want %#q", tc.in, got, tc.want)
		}
	}
}

// TestWinCommandLineRoundTrip: what winCommandLine composes, split again by
// the C runtime's rules (splitCRT), gives back exactly the argv.
func TestWinCommandLineRoundTrip(t *testing.T) {
	for _, argv := range [][]string{
		{"-m", "a commit message"},
		{""},
		{`C:\dir with space\`, `trailing\\`, `\"`, `a\\\"b`, `"quoted"`},
		{"x", "", "y", " ", "\t"},
		{`%PATH%`, `a&b|c<d>e^f`, `!x!`, "ünï cødé"},
		{"line\nbreak", "tab\tinside"},
	} {
		cmd, err := winCommandLine(`C:\Go\bin\go.exe`, "go", argv, `C:\Windows\System32\cmd.exe`)
		if err != nil {
			t.Fatalf("%q: %v", argv, err)
		}
		if cmd.App != `C:\Go\bin\go.exe` {
			t.Errorf("app = %q", cmd.App)
		}
		if got := splitCRT(cmd.Line); !slices.Equal(got, append([]string{"go"}, argv...)) {
			t.Errorf("%q: line %#q splits into %q", argv, cmd.Line, got)
		}
	}
}

// splitCRT splits a command line as the Microsoft C runtime does for
// argv[1:] (2n backslashes and a quote: n backslashes and the quote opens
// or closes; 2n+1: n backslashes and a literal quote; other backslashes
// are literal), which is also what CommandLineToArgvW does there.
func splitCRT(line string) []string {
	var out []string
	var cur strings.Builder
	inArg, quoted := false, false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case c == '\\':
			n := 0
			for i < len(line) && line[i] == '\\' {
				n++
				i++
			}
			if i < len(line) && line[i] == '"' {
				cur.WriteString(strings.Repeat(`\`, n/2))
				if n%2 == 1 {
					cur.WriteByte('"')
				} else {
					quoted = !quoted
				}
			} else {
				cur.WriteString(strings.Repeat(`\`, n))
				i--
			}
			inArg = true
		case c == '"':
			quoted, inArg = !quoted, true
		case (c == ' ' || c == '\t') && !quoted:
			if inArg {
				out = append(out, cur.String())
				cur.Reset()
				inArg = false
			}
		default:
			cur.WriteByte(c)
			inArg = true
		}
	}
	if inArg {
		out = append(out, cur.String())
	}
	return out
}

// TestBatchCommandLine: .bat and .cmd files run through cmd.exe with its
// own quoting, so no argument can start a second command or expand a
// variable; line breaks are refused.
func TestBatchCommandLine(t *testing.T) {
	const pre = `cmd.exe /e:ON /v:OFF /d /c ""C:\tools\npm.cmd"`
	for _, tc := range []struct {
		argv []string
		want string
		bad  bool
	}{
		{[]string{"install", "--save-dev", "left-pad@1.3.0"}, pre + ` install --save-dev left-pad@1.3.0"`, false},
		{[]string{"a b"}, pre + ` "a b""`, false},
		{[]string{"&calc.exe"}, pre + ` "&calc.exe""`, false},
		{[]string{`"&calc.exe`}, pre + ` """&calc.exe""`, false},
		{[]string{"%PATH%"}, pre + ` "%%cd:~,%PATH%%cd:~,%""`, false},
		{[]string{`C:\dir\`}, pre + ` "C:\dir\\""`, false},
		{[]string{""}, pre + ` """`, false},
		{[]string{`a\"b`}, pre + ` "a\\""b""`, false},
		{[]string{"a^b", "(x)", "a|b", "a>b"}, pre + ` "a^b" "(x)" "a|b" "a>b""`, false},
		{[]string{"ünïcode", "x.y/z:w?*"}, pre + ` ünïcode x.y/z:w?*"`, false},
		{[]string{"two\nlines"}, "", true},
		{[]string{"cr\rhere"}, "", true},
	} {
		cmd, err := winCommandLine(`C:\tools\npm.cmd`, "npm", tc.argv, `C:\Windows\System32\cmd.exe`)
		if tc.bad {
			if !errors.Is(err, ErrBadArgs) {
				t.Errorf("%q: err = %v, want ErrBadArgs", tc.argv, err)
			}
			continue
		}
		if err != nil || cmd.Line != tc.want || cmd.App != `C:\Windows\System32\cmd.exe` {
			t.Errorf("%q: %+v, %v\n want line %#q", tc.argv, cmd, err, tc.want)
		}
	}
	for _, script := range []string{`C:\a"b.bat`, `C:\x\.BAT\`} {
		if _, err := batchCommandLine(script, nil); !errors.Is(err, ErrBadArgs) {
			t.Errorf("script %q: err = %v, want ErrBadArgs", script, err)
		}
	}
	if cmd, err := winCommandLine(`C:\x\RUN.BAT`, "run", nil, `D:\cmd.exe`); err != nil || cmd.App != `D:\cmd.exe` || cmd.Line != `cmd.exe /e:ON /v:OFF /d /c ""C:\x\RUN.BAT""` {
		t.Errorf("upper-case .BAT: %+v, %v", cmd, err)
	}
	if _, err := winCommandLine(`C:\x\a.exe`, "a", []string{"nul\x00byte"}, ""); !errors.Is(err, ErrBadArgs) {
		t.Errorf("NUL byte: err = %v, want ErrBadArgs", err)
	}
}

// TestWinComspec: %ComSpec%, else %SystemRoot%'s cmd.exe, else C:\Windows's.
func TestWinComspec(t *testing.T) {
	for _, tc := range []struct {
		env  []string
		want string
	}{
		{[]string{`COMSPEC=D:\Win\System32\cmd.exe`}, `D:\Win\System32\cmd.exe`},
		{[]string{`ComSpec=cmd.exe`, `SystemRoot=E:\W\`}, `E:\W\System32\cmd.exe`},
		{[]string{`systemroot=\\srv\win`}, `\\srv\win\System32\cmd.exe`},
		{nil, `C:\Windows\System32\cmd.exe`},
	} {
		if got := winComspec(tc.env); got != tc.want {
			t.Errorf("winComspec(%q) = %q, want %q", tc.env, got, tc.want)
		}
	}
}
