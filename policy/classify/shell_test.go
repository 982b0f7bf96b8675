package classify

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestParseScript(t *testing.T) {
	s, err := ParseScript(`cd "web app" && CI=1 npm test 2>&1 | tee 'test log' > /dev/null; echo \$HOME`, ShellOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !s.Plain || s.Opaque != "" {
		t.Fatalf("plain = %v (%s), want plain", s.Plain, s.Opaque)
	}
	want := []ScriptCommand{
		{Args: []string{"cd", "web app"}, Patterns: []bool{false, false}, Unknown: []bool{false, false}, Literal: true},
		{Args: []string{"npm", "test"}, Assigns: []string{"CI=1"}, Redirects: []Redirect{{Op: "2>&", Target: "1", Literal: true}}, Patterns: []bool{false, false}, Unknown: []bool{false, false}, Piped: true, Literal: true},
		{Args: []string{"tee", "test log"}, Redirects: []Redirect{{Op: ">", Target: "/dev/null", Writes: true, Literal: true}}, Patterns: []bool{false, false}, Unknown: []bool{false, false}, Literal: true},
		{Args: []string{"echo", "$HOME"}, Patterns: []bool{false, false}, Unknown: []bool{false, false}, Literal: true, Decisive: true},
	}
	if !reflect.DeepEqual(s.Commands, want) {
		t.Fatalf("commands:\n got %+v\nwant %+v", s.Commands, want)
	}
}

// TestParseScriptExpands: what the shell expands before the command runs
// is known when it does not depend on the machine: brace expansions,
// globs (kept as patterns, judged by what they match), special
// parameters, variables the script assigned once, $HOME as ~, export of
// literal values, here-document bodies as the command's input.
func TestParseScriptExpands(t *testing.T) {
	s, err := ParseScript("export CI=1; D=src; ls $D/*.go src/{a,b}.ts && cat $HOME/x; echo \"exit: $?\"; python3 - <<'EOF'\nprint(1)\nEOF", ShellOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if !s.Plain {
		t.Fatalf("not plain: %s", s.Opaque)
	}
	want := []ScriptCommand{
		{Assigns: []string{"CI=1"}, Literal: true},
		{Assigns: []string{"D=src"}, Literal: true},
		{Args: []string{"ls", "src/*.go", "src/a.ts", "src/b.ts"}, Patterns: []bool{false, true, false, false}, Unknown: []bool{false, false, false, false}, Literal: true},
		{Args: []string{"cat", "~/x"}, Patterns: []bool{false, false}, Unknown: []bool{false, false}, Literal: true},
		{Args: []string{"echo", "exit: 0"}, Patterns: []bool{false, false}, Unknown: []bool{false, false}, Literal: true},
		{Args: []string{"python3", "-"}, Patterns: []bool{false, false}, Unknown: []bool{false, false}, Redirects: []Redirect{{Op: "<<", Target: "EOF", Literal: true}}, Stdin: "print(1)\n", Literal: true, Decisive: true},
	}
	if !reflect.DeepEqual(s.Commands, want) {
		t.Fatalf("commands:\n got %+v\nwant %+v", s.Commands, want)
	}
}

// TestParseScriptWhileLoops: a while or until loop is judged by its
// condition and body (a wait-for-a-file loop is plain), and every variable
// it assigns is unknown in it and after it.
func TestParseScriptWhileLoops(t *testing.T) {
	s, err := ParseScript("while [ ! -f go ]; do sleep 0.05; done; echo released", ShellOptions{})
	if err != nil || !s.Plain || len(s.Commands) != 3 {
		t.Fatalf("a waiting loop: plain=%v opaque=%q commands=%+v err=%v", s.Plain, s.Opaque, s.Commands, err)
	}
	for src, unknown := range map[string]string{
		"x=build; while true; do rm -rf $x; x=/; done":         "$x",
		"while read f; do rm \"$f\"; done < list.txt":          `"$f"`,
		"until [ -z \"$n\" ]; do n=; done; rm -rf $n":          "$n",
		"while true; do for d in a b; do :; done; done; rm $d": "$d",
	} {
		s, err := ParseScript(src, ShellOptions{})
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		found := false
		for _, c := range s.Commands {
			for i, a := range c.Args {
				if c.Args[0] == "rm" && a == unknown && c.Unknown[i] {
					found = true
				}
			}
		}
		if !found {
			t.Errorf("%q: rm's %s is not unknown: %+v", src, unknown, s.Commands)
		}
	}
}

func TestParseScriptOpaque(t *testing.T) {
	for src, why := range map[string]string{
		"$CMD x":                         "runs a program named only when it runs",
		"*.sh":                           "glob",
		"for f in $(ls); do rm $f; done": "for loop",
		"eval ls":                        "eval",
	} {
		s, err := ParseScript(src, ShellOptions{})
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		if s.Plain || !strings.Contains(s.Opaque, why) {
			t.Errorf("%q: plain=%v opaque=%q, want opaque mentioning %q", src, s.Plain, s.Opaque, why)
		}
	}
	s, _ := ParseScript("$(rm -rf /)", ShellOptions{})
	if len(s.Commands) != 2 || s.Commands[0].Args[0] != "rm" || s.Commands[0].Decisive || s.Plain {
		t.Errorf("the command in a substitution is listed: %+v", s.Commands)
	}
	if _, err := ParseScript("echo 'open", ShellOptions{}); !errors.Is(err, ErrShellSyntax) {
		t.Errorf("unterminated quote: %v, want ErrShellSyntax", err)
	}
}

// TestParseScriptUnknown: a word whose value is known only when the
// script runs (a command substitution, a variable without a literal
// value) is kept as written and marked; the commands of a substitution
// are listed; a process substitution is a pipe's name.
func TestParseScriptUnknown(t *testing.T) {
	for src, want := range map[string][]ScriptCommand{
		"echo $(id)": {
			{Args: []string{"id"}, Patterns: []bool{false}, Unknown: []bool{false}, Literal: true},
			{Args: []string{"echo", "$(id)"}, Patterns: []bool{false, false}, Unknown: []bool{false, true}, Decisive: true},
		},
		"F=a; F=b; cat $F": {
			{Assigns: []string{"F=a"}, Literal: true},
			{Assigns: []string{"F=b"}, Literal: true},
			{Args: []string{"cat", "$F"}, Patterns: []bool{false, false}, Unknown: []bool{false, true}, Decisive: true},
		},
		"diff <(ls a) b": {
			{Args: []string{"ls", "a"}, Patterns: []bool{false, false}, Unknown: []bool{false, false}, Literal: true},
			{Args: []string{"diff", "/dev/fd/63", "b"}, Patterns: []bool{false, false, false}, Unknown: []bool{false, false, false}, Literal: true, Decisive: true},
		},
	} {
		s, err := ParseScript(src, ShellOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if !s.Plain || !reflect.DeepEqual(s.Commands, want) {
			t.Errorf("%q: plain=%v (%s)\n got %+v\nwant %+v", src, s.Plain, s.Opaque, s.Commands, want)
		}
	}
}
