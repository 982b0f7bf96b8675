package tui

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/wtagent/wtagent/internal/cellwidth"
)

// checkWidths fails for a row wider than the terminal less one cell.
func checkWidths(t *testing.T, rows []string) {
	t.Helper()
	for _, r := range rows {
		if w := cellwidth.String(r); w > cols-1 {
			t.Errorf("row %q is %d cells wide, more than %d", r, w, cols-1)
		}
	}
}

// TestScreenIdlePromptCJK: finished Chinese and emoji output goes to the
// scrollback wrapped one cell short of 80 columns, nothing lost or
// doubled; the status line and the `you › ` line with a long Chinese
// input below it wrap the same way, and Enter returns the input whole.
func TestScreenIdlePromptCJK(t *testing.T) {
	s := newScreen(t, Options{Prompt: "you › ", LivePrompt: "queue › ", Continuation: "    "})
	long := "⏺ " + strings.Repeat("构建脚本已经修复", 8) + zwjFamily + "完成🙂" // > 80 cells
	s.p.Println("● session s_1 · 中文项目")
	s.p.Println(long)
	s.p.SetStatus("⠋ ChatGPT is thinking (turn 1) 1.0s · 12 chars · " + strings.Repeat("回答", 40))
	got := s.readAsync(false)
	input := "请用中文介绍一下你自己👋🇨🇳，" + strings.Repeat("说说你能做什么", 6)
	s.typeText(input)
	r := s.waitFor("the wrapped input", func(r []string) bool {
		return strings.Contains(strings.Join(r, ""), "you › "+input)
	})
	checkWidths(t, r)
	// The long line wraps by character, its continuation indented under
	// its marker: joined back without that indent it is whole, once.
	joined := strings.Join(r, "")
	for i, row := range r[1:] {
		if strings.HasPrefix(r[i], "⏺ 构建") {
			if !strings.HasPrefix(row, "  修复") {
				t.Errorf("the continuation %q is not indented under ⏺", row)
			}
			joined = strings.Replace(joined, r[i]+row, r[i]+row[2:], 1)
		}
	}
	for _, want := range []string{"● session s_1 · 中文项目", long, "you › " + input} {
		if strings.Count(joined, want) != 1 {
			t.Errorf("%q is not on the screen exactly once:\n%s", want, strings.Join(r, "\n"))
		}
	}
	if strings.Count(joined, "ChatGPT is thinking") != 1 {
		t.Errorf("the status line is not on the screen once:\n%s", strings.Join(r, "\n"))
	}
	status := -1
	for i, row := range r {
		if strings.HasPrefix(row, "⠋ ChatGPT is thinking") {
			status = i
		}
	}
	if status < 0 || !strings.HasSuffix(r[status], "…") || !strings.HasPrefix(r[status+1], "you › 请用中文") {
		t.Errorf("want the status line cut to one row right above the prompt:\n%s", strings.Join(r, "\n"))
	}
	s.press(keyEnter)
	if o := <-got; o.Err != nil || o.Line != input {
		t.Fatalf("ReadLine = %q, %v; want the input", o.Line, o.Err)
	}
	// The line read stays in the scrollback, once, above the live region
	// (now the status line alone).
	s.waitFor("the line in the scrollback above the status line", func(r []string) bool {
		j := strings.Join(r, "")
		return strings.Count(j, "you › "+input) == 1 && strings.HasPrefix(r[len(r)-1], "⠋ ChatGPT is thinking") &&
			strings.Index(j, "you › ") < strings.Index(j, "⠋ ChatGPT")
	})
}

// TestScreenQueuePromptWhileItWorks: while a run works the input line is
// `queue › `; Ctrl+O ends the read with ErrLiveKey and keeps the line.
func TestScreenQueuePromptWhileItWorks(t *testing.T) {
	s := newScreen(t, Options{Prompt: "you › ", LivePrompt: "queue › "})
	s.p.SetStatus("⠋ running terminal.exec 运行测试")
	got := s.readAsync(true)
	s.typeText("再加一个页脚🙂")
	s.waitFor("the queue prompt", func(r []string) bool { return has(r, "queue › 再加一个页脚🙂") })
	s.press(keyCtrlO)
	if o := <-got; !errors.Is(o.Err, ErrLiveKey) {
		t.Fatalf("Ctrl+O: %q, %v; want ErrLiveKey", o.Line, o.Err)
	}
	got = s.readAsync(false)
	s.waitFor("the kept line at the idle prompt", func(r []string) bool { return has(r, "you › 再加一个页脚🙂") })
	s.press(keyEnter)
	if o := <-got; o.Line != "再加一个页脚🙂" {
		t.Fatalf("line %q, %v", o.Line, o.Err)
	}
}

// TestScreenApprovalIsAMode: a question takes the input line's place; a
// key it does not offer does nothing; its answer goes to the scrollback
// with the question, and the input line (with what was typed) is back.
func TestScreenApprovalIsAMode(t *testing.T) {
	s := newScreen(t, Options{Prompt: "you › ", LivePrompt: "queue › "})
	got := s.readAsync(true)
	s.typeText("半句话")
	s.waitFor("the queue prompt", func(r []string) bool { return has(r, "queue › 半句话") })
	// The caller withdraws its read for the question, as the run's
	// type-ahead does.
	s.p.Println("┌ approval needed · risk medium")
	s.p.Println("│ fs.read /tmp/笔记.txt")
	ans := make(chan KeyAnswer, 1)
	go func() {
		k, err := s.p.ReadKey(context.Background(), "└ [y] allow once  [n] deny › ", "yn")
		ans <- KeyAnswer{Key: k, Err: err}
	}()
	s.waitFor("the question", func(r []string) bool {
		return has(r, "└ [y] allow once") && !has(r, "queue › ")
	})
	s.typeText("x")
	s.typeText("y")
	if a := <-ans; a.Err != nil || a.Key != 'y' {
		t.Fatalf("answer %q, %v", a.Key, a.Err)
	}
	r := s.waitFor("the answer in the scrollback and the prompt back", func(r []string) bool {
		return has(r, "└ [y] allow once  [n] deny › y") && has(r, "queue › 半句话")
	})
	checkWidths(t, r)
	s.press(keyEnter)
	if o := <-got; o.Line != "半句话" {
		t.Fatalf("line %q, %v (the x typed at the question leaked in?)", o.Line, o.Err)
	}
}
