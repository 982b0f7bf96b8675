package app

import (
	"testing"

	"github.com/wtagent/wtagent/internal/cellwidth"
)

// TestShortenCells: the picker's task column is cut in terminal cells, so
// a Chinese task takes no more room than an English one.
func TestShortenCells(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"fix build", "fix build"},
		{"fix the build", "fix the bu…"},
		{"修复构建脚本里的导入路径问题", "修复构建脚…"},
		{"两行\n任务", "两行 任务"},
	} {
		got := shorten(tc.in, 11)
		if got != tc.want || cellwidth.String(got) > 11 {
			t.Errorf("shorten(%q, 11) = %q (%d cells), want %q", tc.in, got, cellwidth.String(got), tc.want)
		}
	}
}
