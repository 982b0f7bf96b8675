package wiretest

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TurnStreams returns the bodies of a turn of dir (a copy of sse's
// testdata/sse2026): name.sse and, for a name ending in -resume, the
// stream it continues first.
func TurnStreams(t testing.TB, dir, name string) []string {
	var files []string
	if base, ok := strings.CutSuffix(name, "-resume"); ok {
		files = append(files, base+".sse")
	}
	files = append(files, name+".sse")
	var out []string
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(dir, f))
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, string(b))
	}
	return out
}

// ReadGolden reads one golden file into a T, the part of the golden format
// the caller reads.
func ReadGolden[T any](t testing.TB, path string) T {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var g T
	if err := json.Unmarshal(raw, &g); err != nil {
		t.Fatal(err)
	}
	return g
}
