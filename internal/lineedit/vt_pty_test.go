//go:build unix

package lineedit

import (
	"context"
	"strings"
	"testing"

	"github.com/charmbracelet/x/vt"

	"github.com/wtagent/wtagent/internal/cellwidth"
)

// vtScreen replays everything the editor wrote into a VT emulator of the
// pty's size and returns the rows (trailing blanks trimmed, trailing empty
// rows dropped) and the cursor.
func vtScreen(raw string, cols, rows int) (lines []string, cur point) {
	emu := vt.NewEmulator(cols, rows)
	// What the editor writes asks the terminal nothing, so the emulator
	// never answers (an answer would block this write: the test would hang,
	// not pass). It is not closed: vt v0.1.0's Close races with Read.
	emu.WriteString(raw)
	for y := range rows {
		var b strings.Builder
		for x := 0; x < cols; x++ {
			if c := emu.CellAt(x, y); c != nil && c.Width > 0 {
				b.WriteString(c.Content)
			}
		}
		lines = append(lines, strings.TrimRight(b.String(), " "))
	}
	for len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	pos := emu.CursorPosition()
	return lines, point{pos.Y, pos.X}
}

// TestVTPromptChineseEmojiWraps types a long Chinese input with emoji (a
// ZWJ sequence, a flag, a heart with the emoji presentation selector) and
// a combining mark at the prompt of an
// 80-column pty and checks the screen a VT emulator composes from the
// editor's output: rows no wider than 80 cells, the input wrapped with
// nothing lost or doubled, the cursor after the last cluster, then on the
// cluster it was moved to.
func TestVTPromptChineseEmojiWraps(t *testing.T) {
	const cols, rows = 80, 24
	p := newPTYSize(t, cols, rows)
	e := p.editor(Options{Prompt: "you › ", Color: true, Width: func() int { return cols }})
	ch := readLineAsync(context.Background(), e)
	p.waitCalls(1)

	input := "请帮我❤\ufe0f把这个项目的构建脚本改成使用新的工具链，" + "👨\u200d👩\u200d👧" +
		"然后运行全部测试🇨🇳并修复失败的用例，顺便检查一下cafe\u0301的页面，" +
		"最后用中文总结所有改动🙂然后把结果写进变更日志里，再提交一个新的版本🎉谢谢"
	p.send(input)
	want := strings.Split(cellwidth.Wrap("you › "+input, cols), "\n")
	if len(want) < 3 {
		t.Fatalf("the input should wrap at least twice, got %q", want)
	}
	last := len(want) - 1
	end := point{last, cellwidth.String(want[last])}
	var got []string
	var cur point
	p.waitFor("the input on the VT screen", func() bool {
		got, cur = vtScreen(p.raw.String(), cols, rows)
		return strings.Join(got, "\n") == strings.Join(want, "\n") && cur == end
	})
	for _, r := range got {
		if w := cellwidth.String(r); w > cols {
			t.Errorf("row %q is %d cells wide", r, w)
		}
	}
	if strings.Join(got, "") != "you › "+input {
		t.Errorf("joined rows %q, want the prompt and the input once", strings.Join(got, ""))
	}

	// Home, then right past the first row's clusters and two more: the
	// cursor is on the second row, on the cluster it was moved to.
	first := clusterList(strings.TrimPrefix(want[0], "you › "))
	p.send("\x01" + strings.Repeat("\x1b[C", len(first)+2))
	second := clusterList(want[1])
	target := point{1, cellwidth.String(second[0] + second[1])}
	p.waitFor("the cursor on the second row", func() bool {
		_, cur = vtScreen(p.raw.String(), cols, rows)
		return cur == target
	})
	// Home, then right past five clusters (one the heart): the cursor is
	// on the first row after them.
	p.send("\x01" + strings.Repeat("\x1b[C", 5))
	target = point{0, cellwidth.String("you › " + strings.Join(first[:5], ""))}
	p.waitFor("the cursor after the heart", func() bool {
		_, cur = vtScreen(p.raw.String(), cols, rows)
		return cur == target
	})
	p.send("\r")
	if r := await(t, ch); r.err != nil || r.line != input {
		t.Fatalf("ReadLine = %q, %v; want the input", r.line, r.err)
	}
}

// clusterList splits s into its grapheme clusters.
func clusterList(s string) []string {
	var out []string
	for s != "" {
		c, _ := cellwidth.FirstCluster(s)
		out = append(out, c)
		s = s[len(c):]
	}
	return out
}
