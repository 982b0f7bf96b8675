package proc

import (
	"fmt"
	"path/filepath"
	"strings"
)

// Windows passes a program one command line, not an argv: the program
// splits it itself. Most programs split it with the C runtime's rules
// (winEscapeArg); cmd.exe, which runs every .bat and .cmd file, has rules
// of its own (batchCommandLine). These functions are pure and build on
// every OS, so their tables run in the tests on Linux.

// winCommand is what CreateProcess is given: the executable to run and
// the command line it sees.
type winCommand struct {
	App  string
	Line string
}

// winCommandLine builds the CreateProcess call for the resolved
// executable path, with program (as the model named it) as argv[0] and
// argv after it, as os/exec does. A .bat or .cmd file runs through
// comspec (cmd.exe) with cmd.exe's quoting (batchCommandLine).
func winCommandLine(path, program string, argv []string, comspec string) (winCommand, error) {
	for _, a := range append([]string{path, program}, argv...) {
		if strings.IndexByte(a, 0) >= 0 {
			return winCommand{}, fmt.Errorf("%w: %q contains a NUL byte", ErrBadArgs, a)
		}
	}
	switch strings.ToLower(filepath.Ext(path)) {
	case ".bat", ".cmd":
		line, err := batchCommandLine(path, argv)
		if err != nil {
			return winCommand{}, err
		}
		return winCommand{App: comspec, Line: line}, nil
	}
	parts := make([]string, 0, 1+len(argv))
	for _, a := range append([]string{program}, argv...) {
		parts = append(parts, winEscapeArg(a))
	}
	return winCommand{App: path, Line: strings.Join(parts, " ")}, nil
}

// winEscapeArg quotes s for the C runtime's command-line splitting, as
// syscall.EscapeArg does on Windows: "" for an empty string; quotes
// around s when it holds a space or a tab; a backslash before each '"',
// and backslashes doubled where they precede a '"' (or the closing
// quote).
func winEscapeArg(s string) string {
	if s == "" {
		return `""`
	}
	quote := strings.ContainsAny(s, " \t")
	if !quote && !strings.ContainsAny(s, `"\`) {
		return s
	}
	var b strings.Builder
	if quote {
		b.WriteByte('"')
	}
	slashes := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\\':
			slashes++
		case '"':
			b.WriteString(strings.Repeat(`\`, slashes+1))
			slashes = 0
		default:
			slashes = 0
		}
		b.WriteByte(s[i])
	}
	if quote {
		b.WriteString(strings.Repeat(`\`, slashes))
		b.WriteByte('"')
	}
	return b.String()
}

// batchCommandLine is the command line that runs script with argv under
// cmd.exe: `cmd.exe /e:ON /v:OFF /d /c ""script" args"` (cmd.exe drops the
// outer quotes; extensions on, delayed
// expansion off, no AutoRun), with the rules Rust's standard library
// adopted after CVE-2024-24576: an argument is quoted unless it holds only
// letters, digits and #$*+-./:?@\_ (so &, |, <, >, ^ and ( ) are inert
// inside quotes), a '"' is doubled, backslashes are doubled before a '"'
// or the closing quote, and each '%' becomes %%cd:~,% so %VAR% is never
// expanded. A carriage return or line feed would end the command, so an
// argument holding one is refused (ErrBadArgs), as is a script path
// holding a '"' or ending in a backslash.
func batchCommandLine(script string, argv []string) (string, error) {
	if strings.ContainsAny(script, "\"\r\n") || strings.HasSuffix(script, `\`) {
		return "", fmt.Errorf("%w: cmd.exe cannot run the batch file %q (a quote or a line break in its name, or a trailing backslash)", ErrBadArgs, script)
	}
	var b strings.Builder
	b.WriteString(`cmd.exe /e:ON /v:OFF /d /c ""`)
	b.WriteString(script)
	b.WriteByte('"')
	for _, a := range argv {
		if strings.ContainsAny(a, "\r\n") {
			return "", fmt.Errorf("%w: %q holds a line break, which ends the command for cmd.exe; a batch file cannot be given it", ErrBadArgs, a)
		}
		b.WriteByte(' ')
		appendBatchArg(&b, a)
	}
	b.WriteByte('"')
	return b.String(), nil
}

// appendBatchArg writes one argument of batchCommandLine.
func appendBatchArg(b *strings.Builder, a string) {
	quote := a == "" || strings.HasSuffix(a, `\`)
	for _, r := range a {
		if r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0 ||
			r < 0x80 && !isAlnum(byte(r)) && !strings.ContainsRune(`#$*+-./:?@\_`, r) {
			quote = true
		}
	}
	if quote {
		b.WriteByte('"')
	}
	slashes := 0
	for _, r := range a {
		switch r {
		case '\\':
			slashes++
			b.WriteRune(r)
			continue
		case '"':
			b.WriteString(strings.Repeat(`\`, slashes))
			b.WriteByte('"')
		case '%':
			b.WriteString("%%cd:~,")
		}
		slashes = 0
		b.WriteRune(r)
	}
	if quote {
		b.WriteString(strings.Repeat(`\`, slashes))
		b.WriteByte('"')
	}
}

func isAlnum(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// winComspec is the cmd.exe that runs batch files: %ComSpec% from env
// when it is an absolute path, else %SystemRoot%\System32\cmd.exe, else
// C:\Windows\System32\cmd.exe.
func winComspec(env []string) string {
	r := windowsExecRules("")
	if c := r.EnvValue(env, "ComSpec"); isWindowsAbs(c) {
		return c
	}
	root := r.EnvValue(env, "SystemRoot")
	if !isWindowsAbs(root) {
		root = `C:\Windows`
	}
	return strings.TrimRight(root, `\`) + `\System32\cmd.exe`
}

// isWindowsAbs reports a drive-absolute path (C:\…) or a UNC path.
func isWindowsAbs(p string) bool {
	if len(p) >= 3 && p[1] == ':' && (p[2] == '\\' || p[2] == '/') {
		c := p[0] | 0x20
		return c >= 'a' && c <= 'z'
	}
	return strings.HasPrefix(p, `\\`)
}
