//go:build compat

package compat

import (
	"bytes"
	"context"
	"os/exec"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/creack/pty"
)

// terminalAnswers are the replies a terminal gives to the queries Codex's
// TUI sends at start (cursor position, device attributes, colours,
// keyboard and mode reports); without them it waits.
var terminalAnswers = []struct{ query, answer string }{
	{"\x1b[6n", "\x1b[1;1R"},
	{"\x1b[c", "\x1b[?62;c"},
	{"\x1b]10;?", "\x1b]10;rgb:ffff/ffff/ffff\x1b\\"},
	{"\x1b]11;?", "\x1b]11;rgb:0000/0000/0000\x1b\\"},
	{"\x1b[?u", "\x1b[?0u"},
	{"\x1b[?1007$p", "\x1b[?1007;2$y"},
}

// csi matches control sequences, for reading the screen's text.
var csi = regexp.MustCompile(`\x1b\[[0-9;?<>]*[a-zA-Z]|\x1b\][^\x1b]*\x1b\\`)

// codexPickerShows runs `codex resume` (the picker) in a PTY in the
// project and waits until its screen shows text. The app-server daemon is
// not auto-started, so the picker runs its own in-process server.
func codexPickerShows(t *testing.T, e *env, codex string, extra []string, text string) string {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute) // a hang guard
	defer cancel()
	cmd := exec.CommandContext(ctx, codex, "resume", "--disable", "daemon_auto_start")
	cmd.Dir = e.root
	cmd.Env = append(e.baseEnv(), extra...)
	for i, kv := range cmd.Env {
		if kv == "TERM=dumb" {
			cmd.Env[i] = "TERM=xterm-256color"
		}
	}
	f, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 40, Cols: 160})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait(); f.Close() }()
	var raw bytes.Buffer
	answered := make([]bool, len(terminalAnswers))
	buf := make([]byte, 64<<10)
	for {
		n, err := f.Read(buf)
		raw.Write(buf[:n])
		for i, a := range terminalAnswers {
			if !answered[i] && bytes.Contains(raw.Bytes(), []byte(a.query)) {
				answered[i] = true
				f.Write([]byte(a.answer))
			}
		}
		screen := strings.Join(strings.Fields(csi.ReplaceAllString(raw.String(), " ")), " ")
		if strings.Contains(screen, text) {
			return screen
		}
		if err != nil {
			t.Fatalf("codex resume picker ended (%v, %v) without showing %q:\n%s", err, ctx.Err(), text, screen)
		}
	}
}
