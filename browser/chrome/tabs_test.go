package chrome

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestTabRecords: a recorded tab is an orphan once its owner no longer
// runs, not before; a removed record, a file that is not a whole record
// and one named for another tab are never orphans; an id that could leave
// the directory names no record.
func TestTabRecords(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "tabs")
	alive := true
	r := &TabRecords{Dir: dir, Alive: func(pid int) bool { return alive || pid != os.Getpid() }}
	for _, id := range []string{"A1", "B2", "C3"} {
		if err := r.add("ws://127.0.0.1:9222/devtools/browser/x", id); err != nil {
			t.Fatal(err)
		}
	}
	r.remove("B2")
	if err := os.WriteFile(filepath.Join(dir, "D4.json"), []byte(`{"target":"D4","pid":`), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "E5.json"), []byte(`{"target":"F6","pid":1}`), 0o600); err != nil {
		t.Fatal(err)
	}
	ids := func() []string {
		var out []string
		for _, rec := range r.orphans() {
			out = append(out, rec.Target)
		}
		slices.Sort(out)
		return out
	}
	if got := ids(); len(got) != 0 {
		t.Fatalf("orphans while the owner runs: %v", got)
	}
	alive = false
	if got := ids(); !slices.Equal(got, []string{"A1", "C3"}) {
		t.Fatalf("orphans once the owner is gone: %v, want [A1 C3]", got)
	}
	for _, bad := range []string{"", "../x", "a/b", "x.json"} {
		if err := r.add("ws://h/x", bad); err == nil {
			t.Errorf("add(%q) made a record", bad)
		}
	}
	if ents, _ := filepath.Glob(filepath.Join(filepath.Dir(dir), "*")); len(ents) != 1 {
		t.Errorf("files beside the records' directory: %v", ents)
	}
}
