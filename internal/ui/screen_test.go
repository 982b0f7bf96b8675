package ui

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/wtagent/wtagent/session/event"

	"github.com/charmbracelet/x/vt"

	"github.com/wtagent/wtagent/internal/cellwidth"
)

const (
	screenCols = 80
	screenRows = 40
	zwjFamily  = "👨\u200d👩\u200d👧"
)

// composed feeds what the renderer wrote into an 80-column VT emulator and
// returns the screen's rows (trailing blanks trimmed) and the cursor.
func composed(t *testing.T, out []byte) (rows []string, x, y int) {
	t.Helper()
	emu := vt.NewEmulator(screenCols, screenRows)
	defer emu.Close()
	// A newline moves to the next line's start on a terminal whose output
	// processing is on (ONLCR), as the renderer's terminal is.
	if _, err := emu.Write(bytes.ReplaceAll(out, []byte("\n"), []byte("\r\n"))); err != nil {
		t.Fatal(err)
	}
	for y := range screenRows {
		var b strings.Builder
		for x := 0; x < screenCols; x++ {
			if c := emu.CellAt(x, y); c != nil && c.Width > 0 {
				b.WriteString(c.Content)
			}
		}
		rows = append(rows, strings.TrimRight(b.String(), " "))
	}
	for len(rows) > 0 && rows[len(rows)-1] == "" {
		rows = rows[:len(rows)-1]
	}
	pos := emu.CursorPosition()
	return rows, pos.X, pos.Y
}

func screenEvent(typ event.Type, call string, p any) event.Event {
	b, _ := json.Marshal(p)
	return event.Event{Type: typ, Turn: 1, CallID: call, Payload: b}
}

// TestScreenStatusLineCJK: a status line glimpsing Chinese and emoji text
// at 80 columns stays on one row no wider than the screen, is cleared
// whole before each line printed above it (nothing of an old status is
// left behind), and the cursor ends on it, after its last cell.
func TestScreenStatusLineCJK(t *testing.T) {
	var buf bytes.Buffer
	now := time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)
	r := New(&buf, Options{TTY: true, Color: true, Width: screenCols, Now: func() time.Time { return now }})
	go r.Run()
	reply := "我先看一下构建脚本，然后修复导入路径的问题。" + zwjFamily + "这个改动应该很小，只涉及一个文件🙂继续检查测试是否通过。"
	r.Event(screenEvent(event.EvModelMessageSent, "", event.MessageSentPayload{Kind: event.OutboundBootstrap}))
	r.Event(screenEvent(event.EvModelProgress, "", event.TextPayload{Text: reply, Kind: event.ProgressDelta}))
	r.Event(screenEvent(event.EvInstruction, "", event.TextPayload{Text: "请用中文回答"}))
	r.Event(screenEvent(event.EvModelProgress, "", event.TextPayload{Text: "再补充一点🇨🇳", Kind: event.ProgressDelta}))
	r.Sync()
	r.mu.Lock() // the renderer is idle: read what it wrote
	out := append([]byte(nil), buf.Bytes()...)
	r.mu.Unlock()
	r.Close()

	rows, x, y := composed(t, out)
	if len(rows) != 3 {
		t.Fatalf("want the instruction line, its needs line and the status line, got %d rows:\n%s", len(rows), strings.Join(rows, "\n"))
	}
	if want := "  instruction: 请用中文回答"; rows[0] != want {
		t.Errorf("row 0 = %q, want %q (an old status line left behind?)", rows[0], want)
	}
	if want := "  needs: nothing (an answer)"; rows[1] != want {
		t.Errorf("row 1 = %q, want %q", rows[1], want)
	}
	status := rows[2]
	if !strings.HasPrefix(status, "⠋ ChatGPT is thinking (turn 1, your task)") || !strings.HasSuffix(status, "…") {
		t.Errorf("status row = %q, want the spinner, the label and a cut glimpse", status)
	}
	if w := cellwidth.String(status); w > screenCols-1 {
		t.Errorf("status row is %d cells wide, more than %d", w, screenCols-1)
	}
	if strings.Count(strings.Join(rows, "\n"), "ChatGPT is thinking") != 1 {
		t.Errorf("the status line shows more than once:\n%s", strings.Join(rows, "\n"))
	}
	if y != 2 || x != cellwidth.String(status) {
		t.Errorf("cursor at (%d,%d), want (%d,2) after the status line", x, y, cellwidth.String(status))
	}
}

// TestScreenToolCallCJK: a tool call with a Chinese command and output
// lines longer than the screen wraps at 80 columns with nothing lost or
// doubled; the status line while it runs fits one row.
func TestScreenToolCallCJK(t *testing.T) {
	var buf bytes.Buffer
	now := time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)
	r := New(&buf, Options{TTY: true, Color: true, Width: screenCols, Now: func() time.Time { return now }})
	go r.Run()
	long := strings.Repeat("测试输出", 12) + zwjFamily + "完成" // 104 cells
	call := event.ToolCall{Name: "terminal.exec", CanonicalArgs: json.RawMessage(`{"argv":["运行全部测试用例并且输出详细的中文日志信息以便检查问题所在之处"],"cwd":".","program":"echo"}`)}
	r.Event(screenEvent(event.EvToolProposed, "c1", event.ToolProposedPayload{Call: call}))
	r.Event(screenEvent(event.EvToolStarted, "c1", event.ToolProposedPayload{Call: call}))
	r.Event(screenEvent(event.EvToolOutput, "c1", event.TextPayload{Text: long + "\n短行🙂\n", Stream: "stdout"}))
	r.Sync()
	r.mu.Lock()
	out := append([]byte(nil), buf.Bytes()...)
	r.mu.Unlock()
	r.Close()

	rows, _, y := composed(t, out)
	text := strings.Join(rows, "\n")
	for _, row := range rows {
		if w := cellwidth.String(row); w > screenCols {
			t.Errorf("row %q is %d cells wide", row, w)
		}
	}
	if len(rows) < 5 {
		t.Fatalf("want the call line, two output lines (one wrapped) and the status line, got:\n%s", text)
	}
	// The call line and the long output line wrap, by character, each
	// continuation indented under its block; joined back (indents taken
	// off) they are whole, once.
	var trimmed []string
	for _, row := range rows {
		trimmed = append(trimmed, strings.TrimLeft(row, " "))
	}
	joined := strings.Join(trimmed, "")
	for _, want := range []string{"▸ terminal.exec echo 运行全部测试用例", "│ " + long, "│ 短行🙂"} {
		if strings.Count(joined, want) != 1 {
			t.Errorf("%q is not on the screen exactly once:\n%s", want, text)
		}
	}
	for i, row := range rows[1:] {
		if strings.HasPrefix(rows[i], "  │ 测试") && !strings.HasPrefix(row, "    输出") {
			t.Errorf("the output's continuation %q is not indented under its block", row)
		}
	}
	status := rows[len(rows)-1]
	if !strings.HasPrefix(status, "⠋ running terminal.exec echo 运行") || cellwidth.String(status) > screenCols-1 {
		t.Errorf("status row = %q (%d cells)", status, cellwidth.String(status))
	}
	if y != len(rows)-1 {
		t.Errorf("cursor on row %d, want the status row %d", y, len(rows)-1)
	}
}
