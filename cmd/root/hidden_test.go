package root

import (
	"strings"
	"testing"

	"github.com/wtagent/wtagent/internal/cmdutil"
)

// TestDeveloperCommandsHidden: --help lists neither mockchat nor the
// developer flags, on the root or on any command that has them, and they
// still parse and run.
func TestDeveloperCommandsHidden(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"login", "--help"}, {"doctor", "--help"}, {"resume", "--help"}, {"demo", "--help"}, {"config", "--help"}, {"mcp", "serve", "--help"}} {
		f := testFactory(t, nil)
		out, err := execute(t, f, args...)
		if err != nil || !strings.Contains(out, "Usage:") {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
		hidden := []string{"mockchat"}
		for _, name := range cmdutil.DeveloperFlags() {
			hidden = append(hidden, "--"+name)
		}
		for _, h := range hidden {
			if lists(out, h) {
				t.Errorf("%v lists %s:\n%s", args, h, out)
			}
		}
	}
	f := testFactory(t, nil)
	out, err := execute(t, f, "config", "--headless", "--chatgpt-url", "http://127.0.0.1:9")
	if err != nil || !strings.Contains(out, "http://127.0.0.1:9") {
		t.Fatalf("config with the developer flags: %v\n%s", err, out)
	}
	f = testFactory(t, nil)
	if out, err := execute(t, f, "mockchat", "--help"); err != nil || !strings.Contains(out, "--replay") {
		t.Fatalf("mockchat --help: %v\n%s", err, out)
	}
}

// lists reports whether help lists name: a line of its commands or flags
// starts with it (prose may still mention it).
func lists(help, name string) bool {
	for _, line := range strings.Split(help, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), name+" ") {
			return true
		}
	}
	return false
}
