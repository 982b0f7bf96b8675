package proc

import (
	"errors"
	"slices"
	"testing"
	"unicode/utf16"
)

// TestWinEnvBlock: the CreateProcess environment block, by table, on any
// OS: case-insensitive names with the last one winning, SYSTEMROOT added,
// sorted by upper-case name, NUL-separated and NUL-terminated.
func TestWinEnvBlock(t *testing.T) {
	for _, tc := range []struct {
		name       string
		env        []string
		systemRoot string
		want       []string
	}{
		{"empty", nil, "", nil},
		{"systemroot added", []string{"PATH=C:\\bin"}, `C:\Windows`, []string{`PATH=C:\bin`, `SYSTEMROOT=C:\Windows`}},
		{"systemroot kept", []string{"SystemRoot=D:\\W", "A=1"}, `C:\Windows`, []string{"A=1", `SystemRoot=D:\W`}},
		{"last wins, any case", []string{"Path=a", "PATH=b", "path=c"}, "", []string{"path=c"}},
		{"sorted without case", []string{"b=2", "C=3", "a=1"}, "", []string{"a=1", "b=2", "C=3"}},
		{"upper-case order", []string{"A_B=1", "AB=2"}, "", []string{"AB=2", "A_B=1"}},
		{"drive directories first", []string{"X=1", `=C:=C:\proj`, `=D:=D:\`}, "", []string{`=C:=C:\proj`, `=D:=D:\`, "X=1"}},
		{"no name dropped", []string{"JUNK", "=", "OK=1"}, "", []string{"OK=1"}},
		{"empty value kept", []string{"EMPTY="}, "", []string{"EMPTY="}},
		{"non-BMP", []string{"SMILE=😀"}, "", []string{"SMILE=😀"}},
	} {
		block, err := winEnvBlock(tc.env, tc.systemRoot)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := decodeEnvBlock(t, block); !slices.Equal(got, tc.want) {
			t.Errorf("%s: block holds %q, want %q", tc.name, got, tc.want)
		}
	}
	if _, err := winEnvBlock([]string{"A=b\x00c"}, ""); !errors.Is(err, ErrBadArgs) {
		t.Errorf("NUL: err = %v, want ErrBadArgs", err)
	}
}

// decodeEnvBlock checks the block's framing and returns its entries.
func decodeEnvBlock(t *testing.T, b []uint16) []string {
	t.Helper()
	if len(b) < 2 || b[len(b)-1] != 0 || b[len(b)-2] != 0 {
		t.Fatalf("block %v does not end in two NULs", b)
	}
	if len(b) == 2 {
		return nil
	}
	var out []string
	start := 0
	for i, c := range b[:len(b)-1] {
		if c == 0 {
			out = append(out, string(utf16.Decode(b[start:i])))
			start = i + 1
		}
	}
	return out
}
