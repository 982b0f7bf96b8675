package app

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func TestCompleteAttachment(t *testing.T) {
	root := t.TempDir()
	for _, p := range []string{"docs/guide.md", "docs/guard.txt", "main.go", ".env", "src/app/x.js"} {
		os.MkdirAll(filepath.Join(root, filepath.Dir(p)), 0o755)
		os.WriteFile(filepath.Join(root, p), nil, 0o644)
	}
	for _, c := range []struct {
		before string
		start  int
		want   []string
	}{
		{"read @do", 6, []string{"docs/"}},
		{"read @docs/gu", 6, []string{"docs/guard.txt", "docs/guide.md"}},
		{"@m", 1, []string{"main.go"}},
		{"@", 1, []string{"docs/", "main.go", "src/"}},
		{"@.e", 1, []string{".env"}},
		{"@nothing", 1, nil},
		{"mail me@do", -1, nil},
		{"plain words", -1, nil},
		{"@docs/gu more", -1, nil},
	} {
		start, got := CompleteAttachment(root, c.before)
		if start != c.start || !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: start %d %q, want %d %q", c.before, start, got, c.start, c.want)
		}
	}
}
