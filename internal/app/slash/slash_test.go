package slash

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	for _, c := range []struct {
		line string
		name string
		args []string
		ok   bool
	}{
		{"/help", "help", []string{}, true},
		{"  /Undo 3 ", "undo", []string{"3"}, true},
		{"/mode thinking", "mode", []string{"thinking"}, true},
		{"/", "", nil, true},
		{"/tmp/x is a path", "", nil, false},
		{"/a.b", "", nil, false},
		{"fix /etc/hosts", "", nil, false},
		{"/help\nmore", "", nil, false},
	} {
		name, args, ok := Parse(c.line)
		if name != c.name || !slices.Equal(args, c.args) || ok != c.ok {
			t.Errorf("Parse(%q) = %q %q %v, want %q %q %v", c.line, name, args, ok, c.name, c.args, c.ok)
		}
	}
}

func TestTurnArg(t *testing.T) {
	for _, c := range []struct {
		args    []string
		want    int
		wantErr bool
	}{
		{nil, 0, false},
		{[]string{"2"}, 2, false},
		{[]string{"--turn=5"}, 5, false},
		{[]string{"0"}, 0, true},
		{[]string{"two"}, 0, true},
	} {
		n, err := TurnArg(c.args)
		if n != c.want || (err != nil) != c.wantErr {
			t.Errorf("TurnArg(%q) = %d, %v; want %d, error %v", c.args, n, err, c.want, c.wantErr)
		}
	}
}

// TestUnknownListsEveryCommand: an unknown command is named and answered
// with the help, which lists every command.
func TestUnknownListsEveryCommand(t *testing.T) {
	var w bytes.Buffer
	Unknown(&w, "frobnicate")
	out := w.String()
	if !strings.HasPrefix(out, "unknown command /frobnicate") {
		t.Errorf("Unknown said %q", out)
	}
	for _, c := range commands() {
		if !strings.Contains(out, "/"+c.name) {
			t.Errorf("help lacks /%s:\n%s", c.name, out)
		}
	}
}
