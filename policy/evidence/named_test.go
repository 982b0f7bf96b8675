package evidence

import (
	"slices"
	"testing"
)

func TestNamedCommands(t *testing.T) {
	cases := []struct {
		request string
		want    []string
	}{
		{"run `mytool --check` and tell me what it says", []string{"mytool"}},
		{"Can you run the lint_all.py?", []string{"lint_all.py"}},
		{"运行 uname，告诉我内核名", []string{"uname"}},
		{"run the tests", nil},
		{"fix the parser", nil},
	}
	for _, c := range cases {
		if got := RequestNeeds(c.request).Commands; !slices.Equal(got, c.want) {
			t.Errorf("Commands(%q) = %q, want %q", c.request, got, c.want)
		}
	}
}

func TestRunsNamed(t *testing.T) {
	cases := []struct {
		named   []string
		program string
		argv    []string
		want    bool
	}{
		{[]string{"uname"}, "uname", []string{"-s"}, true},
		{[]string{"uname"}, "/usr/bin/uname", nil, true},
		{[]string{"eslint"}, "./node_modules/.bin/eslint", []string{"src"}, true},
		{[]string{"lint_all.py"}, "python3", []string{"tools/lint_all.py"}, true},
		{[]string{"black"}, "python", []string{"-m", "black", "."}, true},
		{[]string{"mytool"}, "npx", []string{"mytool"}, true},
		{[]string{"uname"}, "ls", []string{"-l"}, false},
		{nil, "uname", nil, false},
	}
	for _, c := range cases {
		if got := RunsNamed(c.named, c.program, c.argv); got != c.want {
			t.Errorf("RunsNamed(%q, %q, %q) = %v, want %v", c.named, c.program, c.argv, got, c.want)
		}
	}
}

func TestDocumentation(t *testing.T) {
	for p, want := range map[string]bool{"README.md": true, "docs/guide.html": true, "CHECKLIST": true, "notes.txt": true,
		"main.go": false, "src/app.js": false, "Makefile": false} {
		if got := Documentation(p); got != want {
			t.Errorf("Documentation(%q) = %v, want %v", p, got, want)
		}
	}
}

func TestReproduce(t *testing.T) {
	for req, want := range map[string]bool{
		"add a failing test that reproduces the crash and run it": true,
		"写一个复现这个问题的测试并运行":                                         true,
		"add a test and run it":                                   false,
	} {
		if got := RequestNeeds(req).Reproduce; got != want {
			t.Errorf("Reproduce(%q) = %v, want %v", req, got, want)
		}
	}
}
