//go:build linux

package main

import (
	"io"
	"strings"
	"testing"

	"github.com/charmbracelet/x/vt"

	"github.com/wtagent/wtagent/internal/cellwidth"
	"github.com/wtagent/wtagent/model"
)

// vtRows replays a terminal's output into a VT emulator of cols×rows and
// returns its rows, trailing blanks trimmed.
func vtRows(out string, cols, rows int) []string {
	emu := vt.NewEmulator(cols, rows)
	// wtagent asks the terminal about its modes (synchronised output, the
	// keyboard protocol): the emulator's answers are read and dropped, or
	// the write would block on them. It is not closed: vt v0.1.0's Close
	// races with Read.
	go io.Copy(io.Discard, emu)
	emu.WriteString(out)
	var lines []string
	for y := range rows {
		var b strings.Builder
		for x := 0; x < cols; x++ {
			if c := emu.CellAt(x, y); c != nil && c.Width > 0 {
				b.WriteString(c.Content)
			}
		}
		lines = append(lines, strings.TrimRight(b.String(), " "))
	}
	return lines
}

// TestChinesePromptAt80Columns: on an 80-column terminal a long Chinese
// task with emoji is typed at the prompt, wraps, and reaches the session
// whole; the composed screen has the prompt and the reply each once, the
// task cut to one row in the run's header, no row wider than 80 cells, and
// no status line left behind.
func TestChinesePromptAt80Columns(t *testing.T) {
	const cols, rows = 80, 40
	e := newEnv(t)
	reply := "你好！我是在终端里工作的编程助手，很高兴认识你🙂"
	tm := e.startPTYCols(cols, "--provider", "script", "--script",
		e.script(model.ScriptLine{Reply: agentReply(true, reply, "")}))
	task := "你好👋，请用中文简单介绍一下你自己👨\u200d👩\u200d👧🇨🇳，说说你能做什么以及不能做什么，回答尽量简短一些，谢谢你的帮助，祝你今天过得愉快"
	at := tm.waitIdle(0)
	tm.send(task)
	tm.send("\r")
	at = tm.waitFor("很高兴认识你", at)
	tm.waitIdle(at)
	tm.send("\x04")
	if code := tm.exit(); code != 0 {
		t.Fatalf("exit %d; screen:\n%s", code, tm.screen())
	}
	if got := e.tasks(); len(got) != 1 || got[0] != task {
		t.Fatalf("tasks %q, want [%q]", got, task)
	}
	screen := vtRows(tm.screen(), cols, rows)
	text := strings.Join(screen, "\n")
	for _, r := range screen {
		if w := cellwidth.String(r); w > cols {
			t.Errorf("row %q is %d cells wide", r, w)
		}
	}
	joined := strings.Join(screen, "")
	for _, want := range []string{"you › " + task, reply} {
		if strings.Count(joined, want) != 1 {
			t.Errorf("%q is not on the screen exactly once:\n%s", want, text)
		}
	}
	// The run's header cuts the task to one row, in cells.
	taskRow := false
	for _, r := range screen {
		if strings.HasPrefix(r, "  task: 你好👋") {
			taskRow = strings.HasSuffix(r, "…") && cellwidth.String(r) <= cols
		}
	}
	if !taskRow {
		t.Errorf("no task row cut to one row of %d cells:\n%s", cols, text)
	}
	if strings.Contains(text, "ChatGPT is") {
		t.Errorf("a status line was left on the screen:\n%s", text)
	}
}
